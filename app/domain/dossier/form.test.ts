import { describe, expect, it } from "vitest";
import { MAX_STORED_STRING_BYTES } from "../constants";
import { CONFIDENCE_MAX, CONFIDENCE_MIN, FOLLOW_UP_DAYS_MAX, FOLLOW_UP_DAYS_MIN } from "./choices";
import { anamnesisSchema, MAX_DURATION_DAYS, reasoningSchema, reviewSchema } from "./content";
import { anamnesisFromForm, reasoningFromForm, refusedItemsOf, refusedValuesOf, reviewFromForm, typedNumber } from "./form";

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

describe("a refused value's message", () => {
  /** The issues as saveDraft hands them to the page (edit.server.ts): the path in the draft, and the schema's message. */
  const issuesOf = (section: "anamnesis" | "reasoning", result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
    expect(result.success).toBe(false);
    return (result.error?.issues ?? []).map((issue) => ({ path: [section, ...issue.path].join("."), message: issue.message }));
  };
  const days = (min: number, max: number) => ({ key: "dossier:refusedValue.days", values: { min, max } });

  it("says the anamnesis duration's range, from the schema the server checks, for a negative, a fraction, a non-number and too many days", () => {
    for (const typed of ["-5", "2.5", "drie", String(MAX_DURATION_DAYS + 1)]) {
      const issues = issuesOf("anamnesis", anamnesisSchema.safeParse(anamnesisFromForm(form([["durationDays", typed]]))));
      expect(refusedValuesOf(issues), typed).toEqual({ "anamnesis-duration": days(0, MAX_DURATION_DAYS) });
    }
    // The new-dossier form names its issues by path alone (create.server.ts): a number's range needs no more.
    expect(refusedValuesOf(["anamnesis.durationDays"])).toEqual({ "anamnesis-duration": days(0, MAX_DURATION_DAYS) });
  });

  it("says the follow-up days' range per ear, and the confidence's scale", () => {
    const issues = issuesOf("reasoning", reasoningSchema.safeParse({ left: { followUpDays: -5 }, right: { followUpDays: FOLLOW_UP_DAYS_MAX + 1, confidence: 9 } }));
    expect(refusedValuesOf(issues)).toEqual({
      "reasoning-left-follow-up": days(FOLLOW_UP_DAYS_MIN, FOLLOW_UP_DAYS_MAX),
      "reasoning-right-follow-up": days(FOLLOW_UP_DAYS_MIN, FOLLOW_UP_DAYS_MAX),
      "reasoning-right-confidence": { key: "dossier:refusedValue.number", values: { min: CONFIDENCE_MIN, max: CONFIDENCE_MAX } },
    });
    // The range is the one the days field offers too (plan-choice.tsx), and a number the server would take.
    expect(days(FOLLOW_UP_DAYS_MIN, FOLLOW_UP_DAYS_MAX).values).toEqual({ min: 1, max: 365 });
  });

  it("says the stored-text limit for a text over it, wherever its field is (the other diagnosis's text sits in the diagnosis's field)", () => {
    const long = "a".repeat(MAX_STORED_STRING_BYTES + 1);
    const tooLong = { key: "dossier:refusedValue.tooLong", values: { megabytes: MAX_STORED_STRING_BYTES / (1024 * 1024) } };
    expect(refusedValuesOf(issuesOf("anamnesis", anamnesisSchema.safeParse({ question: long })))).toEqual({ "anamnesis-question": tooLong });
    const reasoning = issuesOf("reasoning", reasoningSchema.safeParse({ left: { argument: long, diagnosis: "other", otherDiagnosis: long } }));
    expect(refusedValuesOf(reasoning)).toEqual({ "reasoning-left-argument": tooLong, "reasoning-left-diagnosis": tooLong });
  });

  it("says a value no choice offers is not valid, in the forms' one wording, and names no field a path has none of", () => {
    const invalid = { key: "errors:codes.field-invalid" };
    expect(refusedValuesOf(issuesOf("anamnesis", anamnesisSchema.safeParse({ onset: "yesterday", complaints: ["soup"] })))).toEqual({
      "anamnesis-onset": invalid,
      "anamnesis-complaints": invalid,
    });
    expect(refusedValuesOf(issuesOf("reasoning", reasoningSchema.safeParse({ right: { diagnosis: "flu", argument: 7 } })))).toEqual({
      "reasoning-right-diagnosis": invalid,
      "reasoning-right-argument": invalid,
    });
    expect(refusedValuesOf(["earSide", { path: "anamnesis" }, { path: 4 }, { path: "reasoning.left.constructor" }])).toEqual({});
  });

  it("names the same items as refusedItemsOf, so every marked refused value has its message", () => {
    const issues = issuesOf("reasoning", reasoningSchema.safeParse({ left: { followUpDays: -5, confidence: 9, canal: ["soup"] }, right: { diagnosis: "flu", plan: ["nap"] } }));
    expect(Object.keys(refusedValuesOf(issues)).sort()).toEqual(refusedItemsOf(issues.map((issue) => issue.path)).sort());
  });

  it("reads a number only as a person types one: hex, exponents and blanks inside are refused, not read as numbers", () => {
    expect([" 14 ", "2.5", "-5", "+3", ".5", "7."].map(typedNumber)).toEqual([14, 2.5, -5, 3, 0.5, 7]);
    for (const odd of ["0x10", "1e3", "0b11", "Infinity", "1 000", "14abc", "--1"]) expect(typedNumber(odd), odd).toBeNaN();
    // So a crafted `durationDays=0x10` is refused by the schema instead of saved as 16 days.
    const anamnesis = anamnesisFromForm(form([["durationDays", "0x10"]]));
    expect(anamnesisSchema.safeParse(anamnesis).success).toBe(false);
    expect(reviewFromForm(form([["imageQuality", "0x3"]]), ["left"]).imageQuality).toBeNaN();
  });
});
