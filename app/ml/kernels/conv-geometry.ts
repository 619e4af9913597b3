/**
 * Shared by our WASM conv2d gradient kernels: the convolution's geometry in one flat record, and the WASM
 * backend's own BatchMatMul (XNNPACK, SIMD) called on heap-resident data.
 *
 * Both gradients are one matrix product plus an index shuffle (im2col / col2im), with
 * K = fH·fW·Cin (one filter tap × input channel) and P = N·outH·outW (one output position):
 *   filter gradient: dW (K×Cout) = colsᵀ (K×P) · dy (P×Cout)
 *   input gradient:  dCols (P×K) = dy (P×Cout) · Wᵀ (Cout×K), then dx = col2im(dCols)
 */
import * as tf from "@tensorflow/tfjs";
import type { BackendWasm } from "@tensorflow/tfjs-backend-wasm";

export type Geometry = {
  n: number;
  inH: number;
  inW: number;
  cin: number;
  outH: number;
  outW: number;
  cout: number;
  fH: number;
  fW: number;
  sH: number;
  sW: number;
  padTop: number;
  padLeft: number;
};

type ConvAttrs = Pick<tf.Conv2DBackpropFilterAttrs, "strides" | "pad" | "dataFormat" | "dimRoundingMode">;

/** Dilation is always 1: tfjs's conv2d gradient refuses dilations > 1, so no caller can ask for more. */
export function geometry(
  xShape: readonly number[],
  filterShape: readonly number[],
  attrs: ConvAttrs,
  kernel: string,
): Geometry {
  if (attrs.dataFormat === "NCHW") throw new Error(`${kernel} (wasm): only NHWC is supported`);
  const info = tf.backend_util.computeConv2DInfo(
    xShape as [number, number, number, number],
    filterShape as [number, number, number, number],
    attrs.strides,
    1,
    attrs.pad,
    attrs.dimRoundingMode,
    false,
    "channelsLast",
  );
  return {
    n: info.batchSize,
    inH: info.inHeight,
    inW: info.inWidth,
    cin: info.inChannels,
    outH: info.outHeight,
    outW: info.outWidth,
    cout: info.outChannels,
    fH: info.filterHeight,
    fW: info.filterWidth,
    sH: info.strideHeight,
    sW: info.strideWidth,
    padTop: info.padInfo.top,
    padLeft: info.padInfo.left,
  };
}

/** A different-shaped view of the same data (the wasm BatchMatMul reshapes its inputs itself). */
export function view(t: tf.TensorInfo, shape: number[]): tf.TensorInfo {
  return { dataId: t.dataId, shape, dtype: t.dtype };
}

/** The wasm backend's BatchMatMul kernel, on [1, m, k] × [1, k, n] (or transposed) tensor infos. */
export function wasmMatMul(
  backend: BackendWasm,
  a: tf.TensorInfo,
  b: tf.TensorInfo,
  transposeA: boolean,
  transposeB: boolean,
): tf.TensorInfo {
  const batchMatMul = tf.getKernel("BatchMatMul", "wasm");
  if (!batchMatMul) throw new Error("the wasm BatchMatMul kernel is missing");
  return batchMatMul.kernelFunc({ inputs: { a, b }, backend, attrs: { transposeA, transposeB } }) as tf.TensorInfo;
}

export function float32(kernel: string, ...tensors: tf.TensorInfo[]): void {
  if (tensors.some((t) => t.dtype !== "float32")) throw new Error(`${kernel} (wasm): float32 only`);
}
