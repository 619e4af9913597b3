/**
 * Which frames of a recording to propose as stills: the sharpest frames the model calls in-ear. Sharpness is the
 * variance of the Laplacian of the grey image (a blurred frame has weak edges, so a small variance). Pure code on
 * RGBA bytes, so it runs in the browser after recording and in tests.
 */
export type RgbaFrame = { data: Uint8ClampedArray | Uint8Array; width: number; height: number };

export function varianceOfLaplacian(frame: RgbaFrame): number {
  const { data, width, height } = frame;
  if (width < 3 || height < 3) return 0;
  const grey = new Float32Array(width * height);
  for (let i = 0; i < grey.length; i++) grey[i] = 0.299 * data[i * 4] + 0.587 * data[i * 4 + 1] + 0.114 * data[i * 4 + 2];
  let sum = 0;
  let sumSq = 0;
  let n = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const lap = grey[i - width] + grey[i + width] + grey[i - 1] + grey[i + 1] - 4 * grey[i];
      sum += lap;
      sumSq += lap * lap;
      n++;
    }
  }
  const mean = sum / n;
  return sumSq / n - mean * mean;
}

export type CandidateFrame<T = unknown> = { frame: RgbaFrame; probability: number; timeMs: number; ref?: T };
export type ProposedFrame<T = unknown> = CandidateFrame<T> & { sharpness: number };

/**
 * The `count` sharpest frames with P(in ear) ≥ threshold, at least `minGapMs` apart (so the proposals are not
 * three copies of one moment), sharpest first.
 */
export function proposeSharpestInEarFrames<T>(
  frames: readonly CandidateFrame<T>[],
  options: { count?: number; threshold?: number; minGapMs?: number } = {},
): ProposedFrame<T>[] {
  const { count = 3, threshold = 0.5, minGapMs = 500 } = options;
  const ranked = frames
    .filter((f) => f.probability >= threshold)
    .map((f) => ({ ...f, sharpness: varianceOfLaplacian(f.frame) }))
    .sort((a, b) => b.sharpness - a.sharpness);
  const chosen: ProposedFrame<T>[] = [];
  for (const candidate of ranked) {
    if (chosen.length >= count) break;
    if (chosen.every((c) => Math.abs(c.timeMs - candidate.timeMs) >= minGapMs)) chosen.push(candidate);
  }
  return chosen;
}
