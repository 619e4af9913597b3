/**
 * Training in the browser with the settings the /debug/ml page offers: a seeded split into training and
 * validation, one epoch at a time (so the page can draw curves and a progress bar between epochs), validation
 * loss and accuracy per epoch, and the validation confusion matrix at the end.
 */
import * as tf from "@tensorflow/tfjs";
import { binaryCrossEntropy, type Confusion, confusionAt } from "../metrics";
import { createModel, predict, train } from "../model";
import { mulberry32, shuffle } from "../synthetic/prng";

export type TrainingSettings = { epochs: number; batchSize: number; learningRate: number; validationSplit: number; seed: number };
export type EpochLog = { epoch: number; loss: number; acc: number; valLoss: number; valAcc: number; seconds: number };
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
  hooks: { onEpoch?: (log: EpochLog) => void; shouldStop?: () => boolean } = {},
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
    });
    valPredictions = await predict(model, valSet.images);
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
    await tf.nextFrame(); // let the page paint the new point
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
