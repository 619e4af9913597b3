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
