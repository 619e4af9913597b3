/**
 * Occlusion sensitivity: how much does P(in ear) drop when a grey square hides one region? A large drop means the
 * model relied on that region. All occluded copies go through the model as one batch.
 */
import * as tf from "@tensorflow/tfjs";
import { predict } from "./model";
import type { OcclusionMap } from "./occlusion-heat";

export type { OcclusionMap };

export async function occlusionSensitivity(
  model: tf.LayersModel,
  rgb: Uint8Array,
  options: { size?: number; patch?: number; stride?: number } = {},
): Promise<OcclusionMap> {
  const { size = 64, patch = 16, stride = 8 } = options;
  const cols = Math.floor((size - patch) / stride) + 1;
  const rows = cols;
  const copies: Uint8Array[] = [rgb];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const copy = rgb.slice();
      for (let y = r * stride; y < r * stride + patch; y++) copy.fill(128, (y * size + c * stride) * 3, (y * size + c * stride + patch) * 3);
      copies.push(copy);
    }
  }
  const p = await predict(model, copies);
  const drops = new Float32Array(rows * cols);
  for (let i = 0; i < drops.length; i++) drops[i] = p[0] - p[i + 1];
  return { base: p[0], cols, rows, patch, stride, drops };
}
