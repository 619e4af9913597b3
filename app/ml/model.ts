/**
 * The in-ear model: is this frame a view into an ear canal? One module for the browser and Node.
 *
 * A small CNN on 64×64 RGB: three 3×3 stride-2 convolutions (64→32→16→8) with ReLU, one more 3×3 convolution at
 * 8×8, global average pooling and one sigmoid unit: P(in ear). Strided convolutions instead of pooling keep the
 * backward pass to kernels the WASM backend has (plus our Conv2DBackpropFilter) and make it cheap: ~3.8 M
 * multiply-adds per image forward, ~40 k parameters. Weights are seeded, so the same data and seed give the
 * same model.
 */
import * as tf from "@tensorflow/tfjs";
import { confusionAt } from "./metrics";
import { INPUT_SIZE, rgbBatchToTensor } from "./preprocess";
import { mulberry32, shuffle } from "./synthetic/prng";

export function createModel(seed = 1): tf.LayersModel {
  const init = (i: number) => tf.initializers.heNormal({ seed: seed * 100 + i });
  const conv = (filters: number, strides: number, i: number, extra: { inputShape?: number[] } = {}) =>
    tf.layers.conv2d({ filters, kernelSize: 3, strides, padding: "same", activation: "relu", kernelInitializer: init(i), ...extra });
  const model = tf.sequential({
    name: "in_ear",
    layers: [
      conv(16, 2, 1, { inputShape: [INPUT_SIZE, INPUT_SIZE, 3] }),
      conv(32, 2, 2),
      conv(48, 2, 3),
      conv(48, 1, 4),
      tf.layers.globalAveragePooling2d({}),
      tf.layers.dense({ units: 1, activation: "sigmoid", kernelInitializer: tf.initializers.glorotUniform({ seed: seed * 100 + 5 }) }),
    ],
  });
  model.compile({ optimizer: tf.train.adam(0.002), loss: "binaryCrossentropy", metrics: ["accuracy"] });
  return model;
}

export type LabelledImages = { images: readonly Uint8Array[]; labels: ArrayLike<number> };

export type TrainOptions = {
  epochs: number;
  batchSize?: number;
  /** Seeds the per-epoch shuffling, so training is reproducible. */
  seed?: number;
  /** Called after each epoch (progress output, early stop by returning true). */
  onEpochEnd?: (epoch: number, logs: { loss: number; acc: number; seconds: number }) => boolean | void;
  /**
   * Called after each batch, once its tensors are disposed (tests sample tf.memory() here; the browser's training
   * yields to the page here, so training waits for a returned promise).
   */
  onBatchEnd?: (batch: number, logs: { loss: number; acc: number; size: number }) => void | Promise<void>;
};

/** Images per forward pass when scoring a whole set: memory stays bounded by this, not by the set. */
export const PREDICT_CHUNK = 256;

/**
 * Trains in place on RGB byte images (64×64×3). Each epoch sees the data in a new order from a seeded PRNG
 * (tfjs's own `shuffle` uses Math.random, which would make the shipped model irreproducible).
 *
 * The set stays as compact bytes (12 KB an image); only the current batch becomes a float tensor. A float tensor
 * of the whole set, as model.fit needs, is 48 KB an image (491 MB at 10,000) plus a shuffled copy per epoch. A
 * loop of trainOnBatch rather than tf.data + fitDataset: it runs the same train function on the same batches as
 * fit did (same order, same weights), and keeps the per-batch disposal and the epoch means in plain sight. The
 * epoch's loss and accuracy are means over its images (each batch weighted by its size), as fit reports them.
 */
export async function train(model: tf.LayersModel, data: LabelledImages, options: TrainOptions): Promise<void> {
  const batchSize = options.batchSize ?? 32;
  const random = mulberry32(options.seed ?? 1);
  const order = Array.from(data.labels, (_, i) => i);
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    const started = performance.now();
    shuffle(random, order);
    let [loss, acc] = [0, 0];
    for (let start = 0, batch = 0; start < order.length; start += batchSize, batch++) {
      const indices = order.slice(start, start + batchSize);
      const xs = rgbBatchToTensor(indices.map((i) => data.images[i]));
      const labels = indices.map((i) => data.labels[i]);
      const ys = tf.tensor2d(labels, [labels.length, 1]);
      let logs: number[];
      try {
        logs = (await model.trainOnBatch(xs, ys)) as number[];
      } finally {
        tf.dispose([xs, ys]);
      }
      loss += logs[0] * indices.length;
      acc += logs[1] * indices.length;
      await options.onBatchEnd?.(batch, { loss: logs[0], acc: logs[1], size: indices.length });
    }
    const logs = { loss: loss / order.length, acc: acc / order.length, seconds: (performance.now() - started) / 1000 };
    if (options.onEpochEnd?.(epoch, logs) === true) break;
  }
}

/** P(in ear) for each image, PREDICT_CHUNK images at a time; `onChunkEnd` runs (and is awaited) after each chunk. */
export async function predict(model: tf.LayersModel, images: readonly Uint8Array[], onChunkEnd?: () => void | Promise<void>): Promise<Float32Array> {
  const values = new Float32Array(images.length);
  for (let start = 0; start < images.length; start += PREDICT_CHUNK) {
    const out = tf.tidy(() => (model.predict(rgbBatchToTensor(images.slice(start, start + PREDICT_CHUNK))) as tf.Tensor).reshape([-1]));
    try {
      values.set((await out.data()) as Float32Array, start);
    } finally {
      out.dispose();
    }
    await onChunkEnd?.();
  }
  return values;
}

export type Evaluation = {
  accuracy: number;
  count: number;
  truePositives: number;
  falsePositives: number;
  trueNegatives: number;
  falseNegatives: number;
};

/** Accuracy and confusion counts at threshold 0.5 (counted by confusionAt, as the pages count them). */
export async function evaluate(model: tf.LayersModel, data: LabelledImages, threshold = 0.5): Promise<Evaluation> {
  const p = await predict(model, data.images);
  const { accuracy, truePositives, falsePositives, trueNegatives, falseNegatives } = confusionAt(p, data.labels, threshold);
  // This key order is the shipped metrics.json's (scripts/ml/train-default-model.ts spreads it there).
  return { accuracy, count: p.length, truePositives, falsePositives, trueNegatives, falseNegatives };
}
