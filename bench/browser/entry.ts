/**
 * Runs in the browser (bench/ml-browser.mjs builds and opens it): inference ms per frame the way the live page
 * scores frames (64×64 RGBA from a canvas, batch of 1, read back), and training seconds per epoch of 500 images
 * (batch 32), extrapolated from timed steps, for one backend per call. `trainAtSize` runs the /debug/ml page's own
 * training (trainInBrowser, the page's default settings) on N synthetic images and reports time and memory.
 */
import * as tf from "@tensorflow/tfjs";
import { startBackend } from "../../app/ml/browser/runtime";
import { trainInBrowser } from "../../app/ml/browser/training";
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

/**
 * The training panel's run at `count` synthetic images (its seed, its default settings but `epochs`) on WASM, the
 * default browser backend. Seconds per epoch are wall clock from the start of an epoch to the end of its
 * validation (what the page's progress bar shows); `trainSeconds` is the training part alone.
 */
async function trainAtSize(count: number, epochs: number) {
  await startBackend("wasm");
  const peakTensorBytes = trackPeakTensorBytes();
  let t = performance.now();
  const data = syntheticDataset({ count, seed: 20260301 });
  const generateSeconds = (performance.now() - t) / 1000;
  const perEpoch: { seconds: number; trainSeconds: number; loss: number; acc: number; valAcc: number }[] = [];
  // The longest time the page went without a frame while training: how long it looked frozen.
  let longestFrameGapMs = 0;
  let lastFrame = performance.now();
  let watching = true;
  const frame = (now: number) => {
    longestFrameGapMs = Math.max(longestFrameGapMs, now - lastFrame);
    lastFrame = now;
    if (watching) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  t = performance.now();
  const result = await trainInBrowser(
    data,
    { epochs, batchSize: 32, learningRate: 0.002, validationSplit: 0.2, seed: 1 },
    {
      onEpoch: (log) => {
        const now = performance.now();
        perEpoch.push({ seconds: (now - t) / 1000, trainSeconds: log.seconds, loss: log.loss, acc: log.acc, valAcc: log.valAcc });
        t = now;
      },
    },
  );
  watching = false;
  result.model.dispose();
  return {
    count,
    longestFrameGapMs,
    trainSize: result.trainSize,
    validationSize: result.validationSize,
    generateSeconds,
    perEpoch,
    peakTensorBytes: peakTensorBytes(),
    // WebAssembly memory never shrinks: its size now is the most the WASM heap (all tensor data) ever needed.
    wasmMemoryBytes: (tf.backend() as unknown as { wasm: { HEAPU8: Uint8Array } }).wasm.HEAPU8.buffer.byteLength,
    tensorsLeft: tf.memory().numTensors,
  };
}

/**
 * tfjs keeps no running peak outside tf.profile (whose per-kernel bookkeeping and read-backs would distort what
 * is measured), so count it where every tensor is registered. Works on any train() the bench is pointed at.
 */
function trackPeakTensorBytes(): () => number {
  const engine = tf.engine() as unknown as { trackTensor: (...args: unknown[]) => void; state: { numBytes: number } };
  const original = engine.trackTensor.bind(engine);
  let peak = engine.state.numBytes;
  engine.trackTensor = (...args) => {
    original(...args);
    peak = Math.max(peak, engine.state.numBytes);
  };
  return () => peak;
}

Object.assign(window, { bench, trainAtSize });
document.title = "ready";
