import { describe, expect, it } from "vitest";
import type { Reasoning, Review } from "./content";
import { jaccard, reasoningScore } from "./reasoning-score";

const ear = (diagnosis: Reasoning["left"] extends infer E ? (E extends { diagnosis?: infer D } ? D : never) : never, plan: string[]) =>
  ({ canal: [], eardrum: [], differential: [], diagnosis, plan, confidence: 3 }) as NonNullable<Reasoning["left"]>;

describe("the reasoning score", () => {
  it("is 100 when the supervisor agrees and writes the same diagnosis and plan", () => {
    const s = reasoningScore("left", { left: ear("wax-impaction", ["wax-removal"]) }, { agreement: "agree", ears: { left: { diagnosis: "wax-impaction", plan: ["wax-removal"] } } });
    expect(s.score).toBe(100);
    expect(s.ears[0]).toMatchObject({ diagnosisMatch: true, planShared: ["wax-removal"], planOverlap: 1 });
  });

  it("weighs findings 20, diagnosis 50 and plan 30: partly agreed, other diagnosis, half the plan", () => {
    const review: Review = { agreement: "partly", ears: { left: { diagnosis: "otitis-externa", plan: ["ear-drops", "follow-up"] } } };
    const s = reasoningScore("left", { left: ear("wax-impaction", ["ear-drops"]) }, review);
    // 0.2·0.5 + 0.5·0 + 0.3·(1/2) = 0.25
    expect(s.score).toBe(25);
    expect(s.ears[0]).toMatchObject({ diagnosisMatch: false, planOnlySupervisor: ["follow-up"], planOnlyProfessional: [] });
  });

  it("averages both ears, and an ear the supervisor left standing counts as agreed", () => {
    const reasoning: Reasoning = { left: ear("wax-impaction", ["wax-removal"]), right: ear("normal", ["no-action"]) };
    const review: Review = { agreement: "partly", ears: { left: { diagnosis: "otitis-externa", plan: ["ear-drops"] }, right: { plan: [] } } };
    // F = 0.5; D = (0 + 1)/2; P = (0 + 1)/2 → 0.1 + 0.25 + 0.15 = 0.5
    expect(reasoningScore("both", reasoning, review).score).toBe(50);
  });

  it("falls back on the stated agreement when the supervisor wrote no ear review", () => {
    expect(reasoningScore("right", { right: ear("normal", ["no-action"]) }, { agreement: "disagree", ears: {} }).score).toBe(0);
    expect(reasoningScore("right", { right: ear("normal", ["no-action"]) }, { agreement: "agree", ears: {} }).score).toBe(100);
  });

  it("measures plan overlap as shared over together", () => {
    expect(jaccard([], [])).toBe(1);
    expect(jaccard(["a"], [])).toBe(0);
    expect(jaccard(["a", "b"], ["b", "c"])).toBeCloseTo(1 / 3);
  });
});
