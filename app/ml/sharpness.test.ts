/** Sharpness ranks a sharp frame above a blurred copy, and the proposal keeps only in-ear frames, spread in time. */
import { describe, expect, it } from "vitest";
import { proposeSharpestInEarFrames, varianceOfLaplacian, type RgbaFrame } from "./sharpness";
import { syntheticImage } from "./synthetic/dataset";
import { mulberry32 } from "./synthetic/prng";

function rgba(rgb: Uint8Array, size: number): RgbaFrame {
  const data = new Uint8ClampedArray(size * size * 4);
  for (let i = 0; i < size * size; i++) data.set([rgb[i * 3], rgb[i * 3 + 1], rgb[i * 3 + 2], 255], i * 4);
  return { data, width: size, height: size };
}

/** A 5×5 box blur, applied `times` times. */
function blur(frame: RgbaFrame, times: number): RgbaFrame {
  let src = frame.data;
  const { width: w, height: h } = frame;
  for (let t = 0; t < times; t++) {
    const out = new Uint8ClampedArray(src.length);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++)
        for (let ch = 0; ch < 4; ch++) {
          let s = 0;
          let n = 0;
          for (let dy = -2; dy <= 2; dy++)
            for (let dx = -2; dx <= 2; dx++) {
              const yy = y + dy;
              const xx = x + dx;
              if (yy >= 0 && yy < h && xx >= 0 && xx < w) {
                s += src[(yy * w + xx) * 4 + ch];
                n++;
              }
            }
          out[(y * w + x) * 4 + ch] = s / n;
        }
    src = out;
  }
  return { data: src, width: w, height: h };
}

describe("sharpness", () => {
  const sharp = rgba(syntheticImage(mulberry32(7), 1, 96), 96);

  it("is higher for a sharp frame than for blurred copies, and falls with more blur", () => {
    const a = varianceOfLaplacian(sharp);
    const b = varianceOfLaplacian(blur(sharp, 1));
    const c = varianceOfLaplacian(blur(sharp, 3));
    expect(a).toBeGreaterThan(b);
    expect(b).toBeGreaterThan(c);
    expect(varianceOfLaplacian({ data: new Uint8ClampedArray(4 * 9).fill(200), width: 3, height: 3 })).toBe(0);
  });

  it("proposes the sharpest in-ear frames, at least minGap apart, sharpest first", () => {
    const soft = blur(sharp, 2);
    const frames = [
      { frame: soft, probability: 0.9, timeMs: 0, ref: "soft" },
      { frame: sharp, probability: 0.2, timeMs: 100, ref: "sharp-but-not-in-ear" },
      { frame: sharp, probability: 0.8, timeMs: 1000, ref: "sharp" },
      { frame: sharp, probability: 0.95, timeMs: 1100, ref: "sharp-too-close" },
      { frame: blur(sharp, 4), probability: 0.7, timeMs: 3000, ref: "softest" },
    ];
    const proposed = proposeSharpestInEarFrames(frames, { count: 3, threshold: 0.5, minGapMs: 500 });
    expect(proposed.map((p) => p.ref)).toEqual(["sharp", "soft", "softest"]);
    expect(proposed[0].sharpness).toBeGreaterThan(proposed[1].sharpness);
    expect(proposeSharpestInEarFrames(frames, { count: 1, threshold: 0.99 })).toEqual([]);
  });
});
