import { describe, expect, it } from "vitest";
import { anamnesisSchema, missingForComplete, missingForSubmit, reasoningSchema } from "./content";

const anamnesis = anamnesisSchema.parse({ complaints: ["pain"], onset: "sudden", durationDays: 2, question: "Wat is dit?" });
const ear = { canal: ["normal"], eardrum: ["bulging"], diagnosis: "acute-otitis-media", confidence: 3, plan: ["pain-relief"], argument: "Bolling." };

describe("completeness", () => {
  it("needs every examined ear reasoned about and shown", () => {
    const reasoning = reasoningSchema.parse({ left: ear });
    expect(missingForSubmit({ earSide: "left", anamnesis, reasoning, mediaPerEar: { left: 1, right: 0 } })).toEqual([]);
    expect(missingForSubmit({ earSide: "both", anamnesis, reasoning, mediaPerEar: { left: 1, right: 0 } })).toEqual([
      "media-right",
      "reasoning-right-findings",
      "reasoning-right-diagnosis",
      "reasoning-right-confidence",
      "reasoning-right-plan",
      "reasoning-right-argument",
    ]);
  });

  it("asks for the follow-up days and the other diagnosis when chosen", () => {
    const reasoning = reasoningSchema.parse({ right: { ...ear, diagnosis: "other", plan: ["follow-up"] } });
    expect(missingForSubmit({ earSide: "right", anamnesis, reasoning, mediaPerEar: { left: 0, right: 2 } })).toEqual([
      "reasoning-right-diagnosis",
      "reasoning-right-follow-up",
    ]);
  });

  it("treats blank text as missing", () => {
    const blank = anamnesisSchema.parse({ complaints: [], question: "   " });
    expect(missingForSubmit({ earSide: "left", anamnesis: blank, reasoning: {}, mediaPerEar: { left: 0, right: 0 } })).toContain("anamnesis-question");
    expect(missingForComplete({ agreement: "agree", ears: {}, feedback: " " })).toEqual(["review-urgency", "review-feedback"]);
  });

  it("refuses unknown choices and unknown fields", () => {
    expect(anamnesisSchema.safeParse({ complaints: ["headache"] }).success).toBe(false);
    expect(reasoningSchema.safeParse({ middle: ear }).success).toBe(false);
    expect(reasoningSchema.safeParse({ left: { ...ear, confidence: 6 } }).success).toBe(false);
  });
});
