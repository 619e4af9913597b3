/**
 * Training in the browser with the settings the /debug/ml page offers: a seeded split into training and
 * validation, one epoch at a time (so the page can draw curves between epochs), validation loss and accuracy per
 * epoch, and the validation confusion matrix at the end. Training runs on the page's own thread, so within an
 * epoch it gives the page a frame every YIELD_AFTER_MS and reports how far it is: an epoch of 10,000 images takes
 * about 16 s here, and a page that does not repaint for that long looks hung.
 */
import * as tf from "@tensorflow/tfjs";
import { binaryCrossEntropy, type Confusion, confusionAt } from "../metrics";
import { createModel, predict, train } from "../model";
import { mulberry32, shuffle } from "../synthetic/prng";

export type TrainingSettings = { epochs: number; batchSize: number; learningRate: number; validationSplit: number; seed: number };
export type EpochLog = { epoch: number; loss: number; acc: number; valLoss: number; valAcc: number; seconds: number };
/** Longest stretch of training between two frames for the page (a few batches; each frame costs about 1 ms). */
export const YIELD_AFTER_MS = 100;

export type TrainingResult = { model: tf.LayersModel; history: EpochLog[]; validation: Confusion; trainSize: number; validationSize: number; seconds: number };

export function splitSeeded<T>(items: T[], validationSplit: number, seed: number): { train: T[]; validation: T[] } {
  const order = items.map((_, i) => i);
  shuffle(mulberry32(seed), order);
  const nVal = Math.max(1, Math.round(items.length * validationSplit));
  return { validation: order.slice(0, nVal).map((i) => items[i]), train: order.slice(nVal).map((i) => items[i]) };
}

export async function trainInBrowser(
  data: { images: Uint8Array[]; labels: ArrayLike<number> },
  settings: TrainingSettings,
  hooks: { onEpoch?: (log: EpochLog) => void; onProgress?: (fraction: number) => void; shouldStop?: () => boolean; yieldAfterMs?: number } = {},
): Promise<TrainingResult> {
  const started = performance.now();
  const pairs = data.images.map((image, i) => ({ image, label: data.labels[i] }));
  const split = splitSeeded(pairs, settings.validationSplit, settings.seed);
  const trainSet = { images: split.train.map((p) => p.image), labels: split.train.map((p) => p.label) };
  const valSet = { images: split.validation.map((p) => p.image), labels: split.validation.map((p) => p.label) };
  const model = createModel(settings.seed);
  model.compile({ optimizer: tf.train.adam(settings.learningRate), loss: "binaryCrossentropy", metrics: ["accuracy"] });
  const history: EpochLog[] = [];
  let valPredictions: ArrayLike<number> = [];
  const batches = Math.ceil(trainSet.images.length / settings.batchSize);
  let lastFrame = performance.now();
  /** Gives the page a frame once YIELD_AFTER_MS have passed since the last, after saying how far training is. */
  const frameForThePage = async (fraction: number) => {
    if (performance.now() - lastFrame < (hooks.yieldAfterMs ?? YIELD_AFTER_MS)) return;
    hooks.onProgress?.(fraction);
    await tf.nextFrame();
    lastFrame = performance.now();
  };
  for (let epoch = 0; epoch < settings.epochs; epoch++) {
    if (hooks.shouldStop?.()) break;
    let logs = { loss: 0, acc: 0, seconds: 0 };
    await train(model, trainSet, {
      epochs: 1,
      batchSize: settings.batchSize,
      seed: settings.seed * 1000 + epoch,
      onEpochEnd: (_e, l) => {
        logs = l;
      },
      onBatchEnd: (batch) => frameForThePage((epoch + (batch + 1) / batches) / settings.epochs),
    });
    valPredictions = await predict(model, valSet.images, () => frameForThePage((epoch + 1) / settings.epochs));
    const log = {
      epoch: epoch + 1,
      loss: logs.loss,
      acc: logs.acc,
      valLoss: binaryCrossEntropy(valPredictions, valSet.labels),
      valAcc: confusionAt(valPredictions, valSet.labels).accuracy,
      seconds: logs.seconds,
    };
    history.push(log);
    hooks.onEpoch?.(log);
    hooks.onProgress?.((epoch + 1) / settings.epochs);
    await tf.nextFrame(); // let the page paint the new point
    lastFrame = performance.now();
  }
  return {
    model,
    history,
    validation: confusionAt(valPredictions, valSet.labels, 0.5),
    trainSize: trainSet.images.length,
    validationSize: valSet.images.length,
    seconds: (performance.now() - started) / 1000,
  };
}
