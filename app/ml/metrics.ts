/** Confusion counts, precision and recall at a threshold: pure, so pages recompute them as a slider moves. */
export type Confusion = {
  threshold: number;
  truePositives: number;
  falsePositives: number;
  trueNegatives: number;
  falseNegatives: number;
  accuracy: number;
  /** null when nothing was predicted positive (precision) or nothing is positive (recall). */
  precision: number | null;
  recall: number | null;
};

export function confusionAt(probabilities: ArrayLike<number>, labels: ArrayLike<number>, threshold = 0.5): Confusion {
  let tp = 0;
  let fp = 0;
  let tn = 0;
  let fn = 0;
  for (let i = 0; i < probabilities.length; i++) {
    const predicted = probabilities[i] >= threshold;
    const actual = labels[i] === 1;
    if (predicted && actual) tp++;
    else if (predicted) fp++;
    else if (actual) fn++;
    else tn++;
  }
  const n = probabilities.length;
  return {
    threshold,
    truePositives: tp,
    falsePositives: fp,
    trueNegatives: tn,
    falseNegatives: fn,
    accuracy: n ? (tp + tn) / n : 0,
    precision: tp + fp ? tp / (tp + fp) : null,
    recall: tp + fn ? tp / (tp + fn) : null,
  };
}

/** Mean binary cross-entropy of predictions against labels (for validation loss without another forward pass). */
export function binaryCrossEntropy(probabilities: ArrayLike<number>, labels: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < probabilities.length; i++) {
    const p = Math.min(1 - 1e-7, Math.max(1e-7, probabilities[i]));
    sum += labels[i] === 1 ? -Math.log(p) : -Math.log(1 - p);
  }
  return probabilities.length ? sum / probabilities.length : 0;
}
