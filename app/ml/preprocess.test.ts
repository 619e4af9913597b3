import * as tf from "@tensorflow/tfjs";
import { beforeAll, describe, expect, it } from "vitest";
import { useBackend } from "./backend";
import { imageToTensor, INPUT_SIZE, rgbBatchToTensor } from "./preprocess";

describe("preprocessing", () => {
  beforeAll(() => useBackend("cpu"));

  it("turns a batch of RGB bytes into [N, 64, 64, 3] float32 in [0, 1], pixel for pixel", async () => {
    const a = new Uint8Array(64 * 64 * 3).fill(255);
    const b = new Uint8Array(64 * 64 * 3);
    b[0] = 51; // red of the top-left pixel
    b[(10 * 64 + 20) * 3 + 2] = 102; // blue at row 10, column 20
    const t = rgbBatchToTensor([a, b]);
    expect(t.shape).toEqual([2, INPUT_SIZE, INPUT_SIZE, 3]);
    expect(t.dtype).toBe("float32");
    const v = (await t.array()) as number[][][][];
    expect(v[0][63][63]).toEqual([1, 1, 1]);
    expect(v[1][0][0][0]).toBeCloseTo(0.2, 6);
    expect(v[1][10][20]).toEqual([0, 0, 0.4000000059604645]);
    expect((await tf.min(t).data())[0]).toBe(0);
    expect((await tf.max(t).data())[0]).toBe(1);
    t.dispose();
  });

  it("refuses an image of the wrong size", () => {
    expect(() => rgbBatchToTensor([new Uint8Array(10)])).toThrow(/expected 12288/);
  });

  it("drops alpha and resizes other frame sizes to 64×64", async () => {
    // A 128×96 RGBA frame, left half red, right half blue, alpha 0 (ignored).
    const width = 128;
    const height = 96;
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) rgba.set(x < width / 2 ? [255, 0, 0, 0] : [0, 0, 255, 0], (y * width + x) * 4);
    const t = imageToTensor({ data: rgba, width, height, channels: 4 });
    expect(t.shape).toEqual([64, 64, 3]);
    const v = (await t.array()) as number[][][];
    expect(v[30][5]).toEqual([1, 0, 0]);
    expect(v[30][60]).toEqual([0, 0, 1]);
    t.dispose();
  });
});
