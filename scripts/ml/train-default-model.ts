/**
 * The default model: trained only on seeded synthetic images (app/ml/synthetic), so it is synthetic and not
 * clinically validated, and its accuracy is accuracy on synthetic data. metrics.json says so, for the UI and
 * docs to repeat. Same seeds, same code, same backend: same model.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { useBackend } from "../../app/ml/backend";
import { nodeWasmPaths } from "../../app/ml/backend-node";
import { createModel, evaluate, train } from "../../app/ml/model";
import { saveModel, WEIGHTS_FILE } from "../../app/ml/model-io";
import { INPUT_SIZE } from "../../app/ml/preprocess";
import { syntheticDataset } from "../../app/ml/synthetic/dataset";

const TRAIN = { count: 1200, seed: 20260101 };
const HELD_OUT = { count: 600, seed: 20260102 };
const EPOCHS = 12;
const MODEL_SEED = 1;

export async function main(outDir = path.resolve("public/models/in-ear-synthetic")): Promise<void> {
  const started = performance.now();
  await useBackend("wasm", { wasmPaths: nodeWasmPaths() });
  const trainSet = syntheticDataset(TRAIN);
  const heldOut = syntheticDataset(HELD_OUT);
  const model = createModel(MODEL_SEED);
  await train(model, trainSet, {
    epochs: EPOCHS,
    seed: MODEL_SEED,
    onEpochEnd: (epoch, l) =>
      console.log(`epoch ${epoch + 1}/${EPOCHS}: loss ${l.loss.toFixed(4)}, accuracy ${l.acc.toFixed(3)}, ${l.seconds.toFixed(1)} s`),
  });
  const evaluation = await evaluate(model, heldOut);
  const saved = await saveModel(model);
  const seconds = (performance.now() - started) / 1000;

  const metrics = {
    name: "in-ear-synthetic",
    description: "Is this frame a view into an ear canal? Trained on synthetic images only.",
    dataNotice: "synthetic data, not clinically validated",
    accuracyOn: "held-out synthetic data",
    accuracy: Number(evaluation.accuracy.toFixed(4)),
    heldOut: { ...evaluation, seed: HELD_OUT.seed },
    training: { datasetSize: TRAIN.count, seed: TRAIN.seed, modelSeed: MODEL_SEED, epochs: EPOCHS, backend: "wasm", seconds: Number(seconds.toFixed(1)) },
    input: { width: INPUT_SIZE, height: INPUT_SIZE, channels: "RGB", scale: "bytes / 255 (0…1)" },
    output: "sigmoid: probability that the frame is in-ear-like; threshold 0.5",
    generator: "app/ml/synthetic (seeded); script: scripts/train-default-model.mjs",
    date: new Date().toISOString().slice(0, 10),
  };
  await mkdir(outDir, { recursive: true });
  await writeFile(path.join(outDir, "model.json"), JSON.stringify(saved.modelJson) + "\n");
  await writeFile(path.join(outDir, WEIGHTS_FILE), new Uint8Array(saved.weights));
  await writeFile(path.join(outDir, "metrics.json"), JSON.stringify(metrics, null, 2) + "\n");
  console.log(`accuracy on held-out synthetic data: ${(evaluation.accuracy * 100).toFixed(1)}% (${evaluation.count} images)`);
  console.log(`wrote ${outDir} in ${seconds.toFixed(1)} s`);
}
