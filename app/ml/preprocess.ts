/**
 * Preprocessing, shared by training (synthetic bytes), the browser (video frames as RGBA ImageData) and later
 * server-side checks: every image becomes float32 RGB in [0, 1], resized to the model's 64×64 input.
 * Scaling happens here rather than in the model, so the saved model stays a plain Layers model.
 */
import * as tf from "@tensorflow/tfjs";

import { INPUT_SIZE } from "./input-size";

export { INPUT_SIZE };

export type RawImage = {
  /** Interleaved, row-major bytes: RGB (channels 3) or RGBA (channels 4, e.g. ImageData.data). */
  data: Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
  channels: 3 | 4;
};

/** One image as a [64, 64, 3] float32 tensor in [0, 1]. Alpha is dropped; other sizes are resized bilinearly. */
export function imageToTensor(image: RawImage, size = INPUT_SIZE): tf.Tensor3D {
  const { data, width, height, channels } = image;
  if (data.length !== width * height * channels) {
    throw new Error(`image data has ${data.length} bytes, expected ${width}×${height}×${channels}`);
  }
  return tf.tidy(() => {
    let t: tf.Tensor3D = tf.tensor3d(Uint8Array.from(data), [height, width, channels], "int32");
    if (channels === 4) t = tf.slice(t, [0, 0, 0], [height, width, 3]);
    let f = tf.div(tf.cast(t, "float32"), 255) as tf.Tensor3D;
    if (width !== size || height !== size) f = tf.image.resizeBilinear(f, [size, size], true);
    return f;
  });
}

/** A batch of square RGB byte images (as the synthetic generator makes) as [N, size, size, 3] in [0, 1]. */
export function rgbBatchToTensor(images: readonly Uint8Array[], size = INPUT_SIZE): tf.Tensor4D {
  const pixels = size * size * 3;
  const floats = new Float32Array(images.length * pixels);
  images.forEach((img, n) => {
    if (img.length !== pixels) throw new Error(`image ${n} has ${img.length} bytes, expected ${pixels}`);
    for (let i = 0; i < pixels; i++) floats[n * pixels + i] = img[i] / 255;
  });
  return tf.tensor4d(floats, [images.length, size, size, 3]);
}
