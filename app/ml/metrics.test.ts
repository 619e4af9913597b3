import { describe, expect, it } from "vitest";
import { binaryCrossEntropy, confusionAt } from "./metrics";

describe("confusionAt", () => {
  const p = [0.9, 0.6, 0.4, 0.1, 0.7];
  const y = [1, 0, 1, 0, 1];

  it("counts, and derives precision and recall at the threshold", () => {
    expect(confusionAt(p, y, 0.5)).toEqual({
      threshold: 0.5,
      truePositives: 2,
      falsePositives: 1,
      trueNegatives: 1,
      falseNegatives: 1,
      accuracy: 3 / 5,
      precision: 2 / 3,
      recall: 2 / 3,
    });
    const strict = confusionAt(p, y, 0.8);
    expect([strict.precision, strict.recall]).toEqual([1, 1 / 3]);
    expect(confusionAt(p, y, 0.95).precision).toBeNull();
  });

  it("cross-entropy is small for confident right answers and large for wrong ones", () => {
    expect(binaryCrossEntropy([0.99, 0.01], [1, 0])).toBeLessThan(0.02);
    expect(binaryCrossEntropy([0.01, 0.99], [1, 0])).toBeGreaterThan(4);
  });
});

describe("labelledStretches", () => {
  it("merges nearby moments of one label and splits on a gap or another label", async () => {
    const { labelledStretches } = await import("./timeline");
    const moments = [
      { timestampMs: 0, label: 1 },
      { timestampMs: 200, label: 1 },
      { timestampMs: 400, label: 1 },
      { timestampMs: 3000, label: 1 },
      { timestampMs: 3100, label: 0 },
    ];
    expect(labelledStretches(moments, 1000)).toEqual([
      { label: 1, startMs: 0, endMs: 400, count: 3 },
      { label: 1, startMs: 3000, endMs: 3000, count: 1 },
      { label: 0, startMs: 3100, endMs: 3100, count: 1 },
    ]);
  });
});
