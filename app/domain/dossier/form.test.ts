import { describe, expect, it } from "vitest";
import { anamnesisSchema, reasoningSchema, reviewSchema } from "./content";
import { anamnesisFromForm, reasoningFromForm, refusedItemsOf, reviewFromForm } from "./form";

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [k, v] of entries) data.append(k, v);
  return data;
}

describe("dossier forms", () => {
  it("reads the anamnesis: lists without duplicates, blanks as absent, numbers as numbers", () => {
    const parsed = anamnesisSchema.parse(
      anamnesisFromForm(form([["complaints", "pain"], ["complaints", "pain"], ["complaints", "itch"], ["onset", "sudden"], ["durationDays", "3"], ["medication", "  "], ["question", "Wat is dit?"]])),
    );
    expect(parsed).toEqual({ complaints: ["pain", "itch"], onset: "sudden", durationDays: 3, history: [], question: "Wat is dit?" });
  });

  it("refuses a number field that is not a number instead of dropping it", () => {
    expect(anamnesisSchema.safeParse(anamnesisFromForm(form([["durationDays", "drie"]]))).success).toBe(false);
  });

  it("reads reasoning only for the dossier's ears", () => {
    const data = form([["left.canal", "normal"], ["left.diagnosis", "normal"], ["left.confidence", "5"], ["right.diagnosis", "perforation"]]);
    const parsed = reasoningSchema.parse(reasoningFromForm(data, ["left"]));
    expect(parsed.right).toBeUndefined();
    expect(parsed.left).toMatchObject({ canal: ["normal"], diagnosis: "normal", confidence: 5, plan: [] });
  });

  it("reads the review with a diagnosis and plan per ear", () => {
    const data = form([["agreement", "partly"], ["review.right.diagnosis", "otitis-externa"], ["review.right.plan", "ear-drops"], ["urgency", "soon"], ["imageQuality", "2"]]);
    expect(reviewSchema.parse(reviewFromForm(data, ["right"]))).toEqual({
      agreement: "partly",
      ears: { right: { diagnosis: "otitis-externa", plan: ["ear-drops"] } },
      urgency: "soon",
      imageQuality: 2,
    });
  });

  it("reads the days of the supervisor's advised follow-up per ear", () => {
    const data = form([["review.left.plan", "follow-up"], ["review.left.followUpDays", "14"], ["review.right.plan", "follow-up"], ["review.right.followUpDays", ""]]);
    expect(reviewSchema.parse(reviewFromForm(data, ["left", "right"])).ears).toEqual({ left: { plan: ["follow-up"], followUpDays: 14 }, right: { plan: ["follow-up"] } });
    expect(reviewSchema.safeParse(reviewFromForm(form([["review.left.plan", "follow-up"], ["review.left.followUpDays", "veertien"]]), ["left"])).success).toBe(false);
  });

  it("drops days left in the form after follow-up was unticked, for the review and the reasoning alike", () => {
    const review = form([["review.left.plan", "ear-drops"], ["review.left.followUpDays", "14"]]);
    expect(reviewSchema.parse(reviewFromForm(review, ["left"])).ears).toEqual({ left: { plan: ["ear-drops"] } });
    const reasoning = form([["left.plan", "ear-drops"], ["left.followUpDays", "14"], ["right.plan", "follow-up"], ["right.followUpDays", "7"]]);
    const read = reasoningSchema.parse(reasoningFromForm(reasoning, ["left", "right"]));
    expect(read.left?.followUpDays).toBeUndefined();
    expect(read.right?.followUpDays).toBe(7);
  });
});

describe("a refused save's fields", () => {
  it("are the anamnesis items their fields show errors for, once each; other paths name none", () => {
    const refused = anamnesisSchema.safeParse({ durationDays: -5, onset: "yesterday" });
    expect(refused.success).toBe(false);
    const paths = refused.success ? [] : refused.error.issues.map((issue) => ["anamnesis", ...issue.path].join("."));
    expect(refusedItemsOf(paths).sort()).toEqual(["anamnesis-duration", "anamnesis-onset"]);
    expect(refusedItemsOf(["anamnesis.durationDays", "anamnesis.durationDays", "earSide", "anamnesis", "reasoning.left.x"])).toEqual(["anamnesis-duration"]);
  });

  it("are each ear's reasoning items for a refused reasoning value, as the fields and the missing list name them", () => {
    const refused = reasoningSchema.safeParse({
      left: { followUpDays: -5, confidence: 9, canal: ["soup"] },
      right: { diagnosis: "flu", otherDiagnosis: 7, plan: ["nap"], eardrum: ["x"], argument: 7 },
    });
    expect(refused.success).toBe(false);
    const paths = refused.success ? [] : refused.error.issues.map((issue) => ["reasoning", ...issue.path].join("."));
    expect(refusedItemsOf(paths).sort()).toEqual([
      "reasoning-left-confidence",
      "reasoning-left-findings",
      "reasoning-left-follow-up",
      "reasoning-right-argument",
      "reasoning-right-diagnosis",
      "reasoning-right-findings",
      "reasoning-right-plan",
    ]);
  });

  it("name no field for a path no field holds: the differential, another ear, another section, an inherited key", () => {
    expect(refusedItemsOf(["reasoning.left.differential.0", "reasoning.both.diagnosis", "reasoning.left", "reasoning", "review.left.followUpDays"])).toEqual([]);
    expect(refusedItemsOf(["anamnesis.constructor", "reasoning.left.constructor", "reasoning.right.toString"])).toEqual([]);
  });
});
