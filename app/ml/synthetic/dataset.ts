/**
 * Seeded synthetic data sets and clips. Same seed, same bytes, in Node and in the browser: the shipped default
 * model records the seed it was trained from (public/models/in-ear-synthetic/metrics.json).
 */
import { gaussian, mulberry32, shuffle, type Random } from "./prng";
import { drawInEar, drawNotInEar } from "./scenes";

export const IN_EAR = 1;
export const NOT_IN_EAR = 0;

export type Dataset = {
  /** Each image is interleaved RGB bytes, row-major, `size`×`size`×3. */
  images: Uint8Array[];
  /** 1 = in-ear-like, 0 = not-in-ear-like. */
  labels: Uint8Array;
  size: number;
};

/** `count` images, exactly half of each class (the extra one, if odd, not-in-ear), in a seeded random order. */
export function syntheticDataset(options: { count: number; seed: number; size?: number }): Dataset {
  const { count, seed, size = 64 } = options;
  const random = mulberry32(seed);
  const labels = new Uint8Array(count);
  for (let i = 0; i < Math.floor(count / 2); i++) labels[i] = IN_EAR;
  shuffle(random, labels);
  const images = Array.from(labels, (label) => syntheticImage(random, label, size));
  return { images, labels, size };
}

export function syntheticImage(random: Random, label: number, size = 64): Uint8Array {
  return (label === IN_EAR ? drawInEar(random, size) : drawNotInEar(random, size)).toRgbBytes();
}

/**
 * A short clip of one scene: the camera pans across a scene drawn 25% larger than the frame, with fresh sensor
 * noise per frame, like a hand-held otoscope. Frames are RGB bytes, `size`×`size`×3.
 */
export function syntheticClip(options: { seed: number; label: number; frames: number; size?: number }): Uint8Array[] {
  const { seed, label, frames, size = 64 } = options;
  const random = mulberry32(seed);
  const big = Math.round(size * 1.25);
  const scene = (label === IN_EAR ? drawInEar(random, big) : drawNotInEar(random, big)).toRgbBytes();
  const margin = big - size;
  const [x0, y0, x1, y1] = [random(), random(), random(), random()].map((v) => v * margin);
  return Array.from({ length: frames }, (_, f) => {
    const t = frames === 1 ? 0 : f / (frames - 1);
    const ox = Math.round(x0 + (x1 - x0) * t);
    const oy = Math.round(y0 + (y1 - y0) * t);
    const frame = new Uint8Array(size * size * 3);
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size * 3; x++) {
        const v = scene[((y + oy) * big + ox) * 3 + x] + gaussian(random) * 2;
        frame[y * size * 3 + x] = Math.max(0, Math.min(255, Math.round(v)));
      }
    }
    return frame;
  });
}
