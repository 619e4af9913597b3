import { describe, expect, it } from "vitest";
import { cohensKappa, perClass, weakest } from "./agreement";

describe("Cohen's kappa", () => {
  it("matches the textbook two-rater example (Wikipedia, 'Cohen's kappa': 20/5/10/15 → κ = 0.4)", () => {
    const r = cohensKappa([
      [20, 5],
      [10, 15],
    ]);
    expect(r.observed).toBeCloseTo(0.7, 10);
    expect(r.expected).toBeCloseTo(0.5, 10);
    expect(r.kappa).toBeCloseTo(0.4, 10);
  });

  it("matches Fleiss & Paik's large-sample SE and 95% interval (statpsych ci.kappa(.05, 31, 12, 4, 58))", () => {
    // Published: Cohen kappa 0.6756757, SE 0.07344761, LL 0.5317210, UL 0.8196303.
    const r = cohensKappa([
      [31, 12],
      [4, 58],
    ]);
    expect(r.kappa).toBeCloseTo(0.6756757, 6);
    expect(r.se).toBeCloseTo(0.07344761, 6);
    expect(r.low).toBeCloseTo(0.531721, 5);
    expect(r.high).toBeCloseTo(0.8196303, 5);
  });

  it("is 1 for perfect agreement and undefined without pairs or when chance explains everything", () => {
    expect(cohensKappa([[5, 0], [0, 5]]).kappa).toBe(1);
    expect(cohensKappa([[0, 0], [0, 0]]).kappa).toBeNull();
    expect(cohensKappa([[7, 0], [0, 0]]).kappa).toBeNull();
  });
});

describe("precision and recall per diagnosis", () => {
  it("takes the supervisor as the reference and names the weakest diagnosis", () => {
    // Rows: professional; columns: supervisor.
    const m = [
      [40, 10, 0],
      [5, 20, 5],
      [0, 10, 10],
    ];
    const s = perClass(m);
    expect(s[0]).toMatchObject({ support: 45, precision: 40 / 50, recall: 40 / 45 });
    expect(s[1]).toMatchObject({ support: 40, precision: 20 / 30, recall: 20 / 40 });
    expect(s[2]).toMatchObject({ support: 15, precision: 10 / 20, recall: 10 / 15 });
    expect(weakest(s)?.index).toBe(1);
  });
});
