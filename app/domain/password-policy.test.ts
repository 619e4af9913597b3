import { describe, expect, it } from "vitest";
import { passwordProblem, PASSWORD_MIN_LENGTH } from "./password-policy";

describe("passwordProblem", () => {
  it("asks for at least 12 characters and at most 256", () => {
    expect(PASSWORD_MIN_LENGTH).toBe(12);
    expect(passwordProblem("elf-tekens!")).toBe("weak-password");
    expect(passwordProblem("twaalf-tekens")).toBeNull();
    expect(passwordProblem("x".repeat(257))).toBe("invalid-argument");
  });
});
