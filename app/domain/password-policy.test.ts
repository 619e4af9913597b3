import { describe, expect, it } from "vitest";
import { passwordProblem, personalInputs } from "./password-policy";

describe("passwordProblem", () => {
  it("wants at least 12 characters", () => {
    expect(passwordProblem("Kx9!vT2#qL", [])).toEqual({ code: "too-short", min: 12 });
    expect(passwordProblem("a".repeat(257), [])).toEqual({ code: "too-long", max: 256 });
  });

  it("knows Dutch words and names, not only English ones", () => {
    expect(passwordProblem("wachtwoordwachtwoord", [])).toMatchObject({ code: "too-weak" });
    expect(passwordProblem("jansenjansen1", [])).toMatchObject({ code: "too-weak" });
    expect(passwordProblem("passwordpassword", [])).toMatchObject({ code: "too-weak" });
    expect(passwordProblem("aaaaaaaaaaaaaaa", [])).toMatchObject({ code: "too-weak", warning: "simpleRepeat" });
  });

  it("refuses the person's own name and address", () => {
    const inputs = personalInputs("Femke Oosterhuis", "femke.oosterhuis@praktijk.test");
    expect(inputs).toContain("oosterhuis");
    expect(passwordProblem("oosterhuis2026", inputs)).toMatchObject({ code: "too-weak" });
    expect(passwordProblem("femke-oosterhuis-praktijk", inputs)).toEqual({ code: "too-weak", score: 0, warning: "userInputs" });
    expect(passwordProblem("femke-kraanvogel-tandpasta", inputs)).toBeNull();
  });

  it("accepts a long passphrase of unrelated words", () => {
    expect(passwordProblem("kraanvogel-tandpasta-oktober-7", [])).toBeNull();
    expect(passwordProblem("Gx7#pQ2v!Lm9zR", [])).toBeNull();
  });
});
