import { describe, expect, it } from "vitest";
import { syntheticClip, syntheticDataset } from "./dataset";
import { encodeY4m } from "./y4m";

describe("synthetic data", () => {
  it("is reproducible from its seed, balanced, and differs between seeds", () => {
    const a = syntheticDataset({ count: 21, seed: 5 });
    const b = syntheticDataset({ count: 21, seed: 5 });
    const c = syntheticDataset({ count: 21, seed: 6 });
    expect(a.images.map((i) => Buffer.from(i).toString("base64"))).toEqual(b.images.map((i) => Buffer.from(i).toString("base64")));
    expect(Buffer.from(a.images[0]).equals(Buffer.from(c.images[0]))).toBe(false);
    expect(Array.from(a.labels).filter((l) => l === 1)).toHaveLength(10);
    expect(a.images.every((i) => i.length === 64 * 64 * 3)).toBe(true);
  });

  it("makes in-ear-like images redder and darker at the rim than at the centre", () => {
    const { images, labels } = syntheticDataset({ count: 40, seed: 9 });
    const inEar = images.filter((_, i) => labels[i] === 1);
    for (const img of inEar) {
      const corner = img[0] + img[1] + img[2]; // the speculum's black rim
      const centre = [...Array(3)].reduce((s, _, c) => s + img[(32 * 64 + 32) * 3 + c], 0);
      expect(corner).toBeLessThan(centre + 60);
    }
  });

  it("writes clips as YUV4MPEG2 4:2:0", () => {
    const frames = syntheticClip({ seed: 3, label: 1, frames: 5 });
    expect(frames).toHaveLength(5);
    expect(Buffer.from(frames[0]).equals(Buffer.from(frames[4]))).toBe(false); // the camera moves
    const y4m = encodeY4m(frames, 64, 64, 25);
    const header = "YUV4MPEG2 W64 H64 F25:1 Ip A1:1 C420jpeg\n";
    expect(new TextDecoder().decode(y4m.subarray(0, header.length))).toBe(header);
    expect(y4m.length).toBe(header.length + 5 * ("FRAME\n".length + 64 * 64 * 1.5));
    // Black and white map to video range 16 and 235.
    const bw = encodeY4m([new Uint8Array(2 * 2 * 3), new Uint8Array(2 * 2 * 3).fill(255)], 2, 2);
    const h = "YUV4MPEG2 W2 H2 F25:1 Ip A1:1 C420jpeg\nFRAME\n".length;
    expect(Array.from(bw.subarray(h, h + 6))).toEqual([16, 16, 16, 16, 128, 128]);
    expect(Array.from(bw.subarray(h + 12, h + 16))).toEqual([235, 235, 235, 235]);
  });
});
