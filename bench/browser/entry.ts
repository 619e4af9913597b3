/**
 * Runs in the browser (bench/ml-browser.mjs builds and opens it): inference ms per frame the way the live page
 * scores frames (64×64 RGBA from a canvas, batch of 1, read back), and training seconds per epoch of 500 images
 * (batch 32), extrapolated from timed steps, for one backend per call.
 */
import * as tf from "@tensorflow/tfjs";
import { startBackend } from "../../app/ml/browser/runtime";
import { scoreRgba } from "../../app/ml/browser/score";
import type { BackendName } from "../../app/ml/backend";
import { createModel } from "../../app/ml/model";
import { rgbBatchToTensor } from "../../app/ml/preprocess";
import { syntheticDataset } from "../../app/ml/synthetic/dataset";

const BATCH = 32;
const STEPS_PER_EPOCH = Math.ceil(500 / BATCH);

async function bench(backend: BackendName, options: { frames: number; steps: number }) {
  try {
    await startBackend(backend);
  } catch (error) {
    return { backend, available: false, error: String(error) };
  }
  const model = createModel(1);
  const data = syntheticDataset({ count: BATCH, seed: 42 });
  const frame = { data: new Uint8ClampedArray(64 * 64 * 4).fill(128), width: 64, height: 64 };
  for (let i = 0; i < 5; i++) await scoreRgba(model, frame);
  let t = performance.now();
  for (let i = 0; i < options.frames; i++) await scoreRgba(model, frame);
  const inferenceMs = (performance.now() - t) / options.frames;

  const xs = rgbBatchToTensor(data.images);
  const ys = tf.tensor2d(Array.from(data.labels), [BATCH, 1]);
  await model.trainOnBatch(xs, ys); // warm-up (shader compilation, kernel set-up)
  t = performance.now();
  for (let i = 0; i < options.steps; i++) await model.trainOnBatch(xs, ys);
  const stepMs = (performance.now() - t) / options.steps;
  tf.dispose([xs, ys]);
  model.dispose();
  return { backend, available: true, inferenceMs, stepMs, epochSeconds: (stepMs * STEPS_PER_EPOCH) / 1000, renderer: webglRenderer(backend) };
}

function webglRenderer(backend: BackendName): string | null {
  if (backend !== "webgl") return null;
  const gl = document.createElement("canvas").getContext("webgl2");
  const info = gl?.getExtension("WEBGL_debug_renderer_info");
  return gl && info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : null;
}

(window as unknown as { bench: typeof bench }).bench = bench;
document.title = "ready";
