/** Scoring single frames without leaking tensors: everything but the read-back happens inside tf.tidy. */
import * as tf from "@tensorflow/tfjs";
import { imageToTensor } from "../preprocess";
import type { Rgba } from "./frames";

export async function scoreRgba(model: tf.LayersModel, frame: Rgba): Promise<number> {
  const out = tf.tidy(() => {
    const input = imageToTensor({ data: frame.data, width: frame.width, height: frame.height, channels: 4 }).expandDims(0);
    return (model.predict(input) as tf.Tensor).reshape([-1]);
  });
  try {
    return (await out.data())[0];
  } finally {
    out.dispose();
  }
}
