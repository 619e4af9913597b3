import { describe, expect, it } from "vitest";
import { defaultStep, onlyStepChanged, parseStep, stepDone, stepOfItem, stepPath, stepsOfPage } from "./steps";

describe("the professional's steps", () => {
  it("puts patient, recording and anamnesis on the draft page, reasoning and submit on the reasoning page", () => {
    expect(stepsOfPage("draft")).toEqual(["patient", "recording", "anamnesis"]);
    expect(stepsOfPage("reasoning")).toEqual(["reasoning", "submit"]);
  });

  it("files each missing item under the step that fills it", () => {
    expect(stepOfItem("media-left")).toBe("recording");
    expect(stepOfItem("anamnesis-question")).toBe("anamnesis");
    expect(stepOfItem("reasoning-right-follow-up")).toBe("reasoning");
  });

  it("calls a step done when nothing it answers for is missing; submit never is", () => {
    const missing = ["media-right", "reasoning-left-argument"];
    expect(stepDone("patient", missing)).toBe(true);
    expect(stepDone("recording", missing)).toBe(false);
    expect(stepDone("anamnesis", missing)).toBe(true);
    expect(stepDone("reasoning", missing)).toBe(false);
    expect(stepDone("submit", [])).toBe(false);
  });

  it("opens a page at its first unfinished step, else its last", () => {
    expect(defaultStep("draft", ["media-left", "anamnesis-onset"])).toBe("recording");
    expect(defaultStep("draft", ["anamnesis-onset"])).toBe("anamnesis");
    expect(defaultStep("draft", [])).toBe("anamnesis");
    expect(defaultStep("reasoning", ["reasoning-left-plan"])).toBe("reasoning");
    expect(defaultStep("reasoning", ["media-left"])).toBe("submit");
  });

  it("reads ?step= only for a step of that page", () => {
    expect(parseStep("recording", "draft")).toBe("recording");
    expect(parseStep("submit", "draft")).toBeNull();
    expect(parseStep("../admin", "reasoning")).toBeNull();
    expect(parseStep(null, "reasoning")).toBeNull();
  });

  it("addresses a step, and a field within it", () => {
    expect(stepPath("p1", "d1", "recording")).toBe("/pro/p1/case?dossier=d1&step=recording");
    expect(stepPath("p1", "d1", "reasoning", "reasoning-left-plan")).toBe("/pro/p1/case/d1/klinisch-redeneren?step=reasoning#field-reasoning-left-plan");
  });

  it("treats a change of step alone as no reason to load the page again", () => {
    const at = (s: string) => new URL(s, "http://casus.test");
    expect(onlyStepChanged(at("/pro/p/case?dossier=d&step=patient"), at("/pro/p/case?dossier=d&step=recording#field-media-left"))).toBe(true);
    expect(onlyStepChanged(at("/pro/p/case?dossier=d"), at("/pro/p/case?step=anamnesis&dossier=d"))).toBe(true);
    expect(onlyStepChanged(at("/pro/p/case?dossier=d&step=patient"), at("/pro/p/case?dossier=e&step=patient"))).toBe(false);
    expect(onlyStepChanged(at("/pro/p/case?dossier=d"), at("/pro/p/case/d/klinisch-redeneren?step=reasoning"))).toBe(false);
    // A revalidation of the same address (live news, a finished upload) loads.
    expect(onlyStepChanged(at("/pro/p/case?dossier=d&step=recording"), at("/pro/p/case?dossier=d&step=recording"))).toBe(false);
  });
});
