import { describe, expect, it } from "vitest";
import { FOLLOW_UP_DAYS_MAX } from "./choices";
import { anamnesisSchema, missingForComplete, missingForSubmit, reasoningSchema, reviewSchema } from "./content";

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

  it("asks the supervisor for the days of an advised follow-up, per ear, before the review is completed", () => {
    const overall = { agreement: "partly", urgency: "soon", feedback: "Controle afspreken." };
    const review = reviewSchema.parse({ ...overall, ears: { left: { plan: ["ear-drops", "follow-up"] }, right: { plan: ["follow-up"], followUpDays: 14 } } });
    expect(missingForComplete(review)).toEqual(["review-left-follow-up"]);
    expect(missingForComplete(reviewSchema.parse({ ears: { right: { plan: ["follow-up"] } } }))).toEqual(["review-right-follow-up", "review-agreement", "review-urgency", "review-feedback"]);
    expect(missingForComplete(reviewSchema.parse({ ...overall, ears: { left: { plan: ["follow-up"], followUpDays: 7 } } }))).toEqual([]);
    // Days without follow-up chosen ask for nothing (the field stays hidden and is not shown with the plan).
    expect(missingForComplete(reviewSchema.parse({ ...overall, ears: { left: { plan: ["ear-drops"] } } }))).toEqual([]);
  });

  it("bounds the supervisor's follow-up days as the professional's", () => {
    for (const days of [1, FOLLOW_UP_DAYS_MAX]) {
      expect(reviewSchema.safeParse({ ears: { left: { plan: ["follow-up"], followUpDays: days } } }).success).toBe(true);
      expect(reasoningSchema.safeParse({ left: { ...ear, plan: ["follow-up"], followUpDays: days } }).success).toBe(true);
    }
    for (const days of [0, FOLLOW_UP_DAYS_MAX + 1, 2.5, Number.NaN]) {
      expect(reviewSchema.safeParse({ ears: { left: { plan: ["follow-up"], followUpDays: days } } }).success, String(days)).toBe(false);
      expect(reasoningSchema.safeParse({ left: { ...ear, plan: ["follow-up"], followUpDays: days } }).success, String(days)).toBe(false);
    }
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
