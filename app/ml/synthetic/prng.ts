/**
 * Seeded pseudo-random numbers, so synthetic data sets (and the model trained on them) are reproducible.
 * mulberry32: tiny, fast, good enough for test images; not for anything secret.
 */
export type Random = () => number;

/** Uniform in [0, 1). */
export function mulberry32(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function uniform(random: Random, min: number, max: number): number {
  return min + (max - min) * random();
}

export function integer(random: Random, min: number, maxInclusive: number): number {
  return min + Math.floor(random() * (maxInclusive - min + 1));
}

export function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)];
}

/** Fisher–Yates in place; the same draws in the same order, so a seed always gives the same permutation. */
export function shuffle<T>(random: Random, items: { length: number; [index: number]: T }): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
}

/** Standard normal (Box–Muller). */
export function gaussian(random: Random): number {
  const u = 1 - random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}
