/**
 * A tiny float RGB raster with the few soft-edged drawing operations the synthetic scenes need. Pure typed-array
 * code (no DOM canvas), so generation is identical in Node and the browser and costs ~0.1 ms per 64×64 image.
 */
import { gaussian, type Random } from "./prng";

export type Rgb = readonly [number, number, number];

export class Canvas {
  readonly data: Float32Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = new Float32Array(width * height * 3);
  }

  /** Runs `f` for every pixel centre and blends `color` with the returned coverage (0…1) times `alpha`. */
  private paint(color: Rgb, alpha: number, coverage: (x: number, y: number) => number): void {
    const d = this.data;
    for (let y = 0; y < this.height; y++) {
      for (let x = 0; x < this.width; x++) {
        const a = alpha * coverage(x + 0.5, y + 0.5);
        if (a <= 0) continue;
        const i = (y * this.width + x) * 3;
        d[i] += (color[0] - d[i]) * a;
        d[i + 1] += (color[1] - d[i + 1]) * a;
        d[i + 2] += (color[2] - d[i + 2]) * a;
      }
    }
  }

  fill(color: Rgb): void {
    this.paint(color, 1, () => 1);
  }

  /** Linear gradient from `from` to `to` along direction `angle` (radians). */
  linearGradient(from: Rgb, to: Rgb, angle: number): void {
    const dx = Math.cos(angle) / this.width;
    const dy = Math.sin(angle) / this.height;
    const offset = 0.5 - (dx * this.width + dy * this.height) / 2;
    this.fill(from);
    this.paint(to, 1, (x, y) => clamp01(x * dx + y * dy + offset));
  }

  /** Filled ellipse with a soft edge `soft` pixels wide; `angle` rotates it. */
  ellipse(cx: number, cy: number, rx: number, ry: number, angle: number, color: Rgb, soft = 1, alpha = 1): void {
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const r = Math.min(rx, ry);
    this.paint(color, alpha, (x, y) => {
      const u = ((x - cx) * cos + (y - cy) * sin) / rx;
      const v = (-(x - cx) * sin + (y - cy) * cos) / ry;
      // Distance outside the edge, in pixels, approximated via the normalised radius.
      const outside = (Math.sqrt(u * u + v * v) - 1) * r;
      return clamp01(0.5 - outside / soft);
    });
  }

  /** Radial glow: `color` at the centre, fading to nothing at `radius` (a gaussian-like falloff). */
  glow(cx: number, cy: number, radius: number, color: Rgb, alpha = 1): void {
    this.paint(color, alpha, (x, y) => {
      const d2 = ((x - cx) ** 2 + (y - cy) ** 2) / (radius * radius);
      return d2 >= 4 ? 0 : Math.exp(-2 * d2);
    });
  }

  rect(x0: number, y0: number, x1: number, y1: number, color: Rgb, alpha = 1): void {
    this.paint(color, alpha, (x, y) => (x >= x0 && x < x1 && y >= y0 && y < y1 ? 1 : 0));
  }

  /** Darkens towards the outside of a circle: `strength` 1 gives black beyond `radius` (an otoscope's speculum). */
  vignette(cx: number, cy: number, radius: number, soft: number, strength: number): void {
    this.paint([0, 0, 0], strength, (x, y) => clamp01((Math.hypot(x - cx, y - cy) - radius) / soft + 0.5));
  }

  /** Per-pixel gaussian noise (sensor noise), `sigma` in 0…255 units, partly shared across channels. */
  noise(random: Random, sigma: number): void {
    const d = this.data;
    for (let i = 0; i < d.length; i += 3) {
      const shared = gaussian(random) * sigma;
      d[i] += shared + gaussian(random) * sigma * 0.4;
      d[i + 1] += shared + gaussian(random) * sigma * 0.4;
      d[i + 2] += shared + gaussian(random) * sigma * 0.4;
    }
  }

  /** Multiplies every pixel (exposure / white balance). */
  tint(gain: Rgb): void {
    const d = this.data;
    for (let i = 0; i < d.length; i += 3) {
      d[i] *= gain[0];
      d[i + 1] *= gain[1];
      d[i + 2] *= gain[2];
    }
  }

  /** Interleaved RGB bytes, row-major (HWC), clamped and rounded. */
  toRgbBytes(): Uint8Array {
    const out = new Uint8Array(this.data.length);
    for (let i = 0; i < out.length; i++) out[i] = Math.max(0, Math.min(255, Math.round(this.data[i])));
    return out;
  }
}

function clamp01(v: number): number {
  return v < 0 ? 0 : v > 1 ? 1 : v;
}
