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
};

/**
 * Trains in place on RGB byte images (64×64×3). Each epoch sees the data in a new order from a seeded PRNG
 * (tfjs's own `shuffle` uses Math.random, which would make the shipped model irreproducible).
 */
export async function train(model: tf.LayersModel, data: LabelledImages, options: TrainOptions): Promise<void> {
  const xs = rgbBatchToTensor(data.images);
  const ys = tf.tensor2d(Array.from(data.labels), [data.labels.length, 1]);
  const random = mulberry32(options.seed ?? 1);
  const order = Array.from(data.labels, (_, i) => i);
  try {
    for (let epoch = 0; epoch < options.epochs; epoch++) {
      const started = performance.now();
      shuffle(random, order);
      const indices = tf.tensor1d(order, "int32");
      const [xe, ye] = [tf.gather(xs, indices), tf.gather(ys, indices)];
      const history = await model.fit(xe, ye, { epochs: 1, batchSize: options.batchSize ?? 32, shuffle: false, verbose: 0 });
      tf.dispose([indices, xe, ye]);
      const logs = {
        loss: history.history.loss[0] as number,
        acc: history.history.acc[0] as number,
        seconds: (performance.now() - started) / 1000,
      };
      if (options.onEpochEnd?.(epoch, logs) === true) break;
    }
  } finally {
    tf.dispose([xs, ys]);
  }
}

/** P(in ear) for each image. */
export async function predict(model: tf.LayersModel, images: readonly Uint8Array[]): Promise<Float32Array> {
  const out = tf.tidy(() => (model.predict(rgbBatchToTensor(images)) as tf.Tensor).reshape([-1]));
  const values = (await out.data()) as Float32Array;
  out.dispose();
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
