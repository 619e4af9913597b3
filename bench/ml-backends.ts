/**
 * Inference ms per frame (batch of 1, as for live video) and training seconds per epoch of 500 images (batch 32)
 * on 'cpu' and 'wasm', and wasm's Conv2DBackpropFilter strategies. An epoch is extrapolated from timed steps
 * (mean step × 16 steps): a real CPU epoch takes minutes. Also prints the kernels' share of a CPU training step.
 */
import * as tf from "@tensorflow/tfjs";
import { useBackend, type BackendName } from "../app/ml/backend";
import { nodeWasmPaths } from "../app/ml/backend-node";
import { setConv2dBackpropFilterStrategy, type Strategy } from "../app/ml/kernels/conv2d-backprop-filter-wasm";
import { createModel } from "../app/ml/model";
import { rgbBatchToTensor } from "../app/ml/preprocess";
import { syntheticDataset } from "../app/ml/synthetic/dataset";

const EPOCH_IMAGES = 500;
const BATCH = 32;
const STEPS_PER_EPOCH = Math.ceil(EPOCH_IMAGES / BATCH);

async function measure(backend: BackendName, trainSteps: number) {
  await useBackend(backend, { wasmPaths: nodeWasmPaths() });
  const data = syntheticDataset({ count: BATCH, seed: 42 });
  const xs = rgbBatchToTensor(data.images);
  const ys = tf.tensor2d(Array.from(data.labels), [BATCH, 1]);
  const one = xs.slice([0, 0, 0, 0], [1, 64, 64, 3]);
  const model = createModel(1);

  const infer = () => tf.tidy(() => (model.predict(one) as tf.Tensor).dataSync());
  for (let i = 0; i < 10; i++) infer();
  const runs = 200;
  let t = performance.now();
  for (let i = 0; i < runs; i++) infer();
  const inferenceMs = (performance.now() - t) / runs;

  await model.trainOnBatch(xs, ys); // warm-up
  t = performance.now();
  for (let i = 0; i < trainSteps; i++) await model.trainOnBatch(xs, ys);
  const stepMs = (performance.now() - t) / trainSteps;

  const profile = await tf.profile(async () => {
    await model.trainOnBatch(xs, ys);
  });
  const byKernel = new Map<string, number>();
  for (const k of profile.kernels) byKernel.set(k.name, (byKernel.get(k.name) ?? 0) + (k.kernelTimeMs as number));
  const total = [...byKernel.values()].reduce((a, b) => a + b, 0);
  const top = [...byKernel].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([k, ms]) => `${k} ${((ms / total) * 100).toFixed(0)}%`);

  tf.dispose([xs, ys, one]);
  model.dispose();
  return { inferenceMs, epochSeconds: (stepMs * STEPS_PER_EPOCH) / 1000, stepMs, top };
}

export async function main(): Promise<void> {
  console.log(`in-ear model, 64×64 RGB; epoch = ${EPOCH_IMAGES} images in batches of ${BATCH}`);
  const wasm = await measure("wasm", 10);
  const cpu = await measure("cpu", 2);
  for (const [name, r] of [["wasm", wasm], ["cpu", cpu]] as const) {
    console.log(
      `${name.padEnd(5)} inference ${r.inferenceMs.toFixed(2)} ms/frame | training ${r.stepMs.toFixed(0)} ms/step, ` +
        `${r.epochSeconds.toFixed(1)} s/epoch | kernel time: ${r.top.join(", ")}`,
    );
  }
  console.log(
    `cpu/wasm: inference ${(cpu.inferenceMs / wasm.inferenceMs).toFixed(1)}×, training ${(cpu.epochSeconds / wasm.epochSeconds).toFixed(1)}×`,
  );
  for (const strategy of ["im2col-matmul", "loops"] as Strategy[]) {
    setConv2dBackpropFilterStrategy(strategy);
    const r = await measure("wasm", 10);
    console.log(`wasm, Conv2DBackpropFilter ${strategy.padEnd(13)}: ${r.stepMs.toFixed(0)} ms/step, ${r.epochSeconds.toFixed(1)} s/epoch`);
  }
  setConv2dBackpropFilterStrategy("auto");
}
