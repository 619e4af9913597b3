/**
 * Conv2DBackpropFilter for the WASM backend.
 *
 * Why: @tensorflow/tfjs-backend-wasm 4.22 has no kernel for the gradient of conv2d with respect to its filter, so
 * training on 'wasm' fails ("Kernel 'Conv2DBackpropFilter' not registered"). Falling back to the CPU backend for
 * the whole model works, but its version of this kernel takes >90% of a training step. We register our own
 * (docs/decisions/010-wasm-backend-with-own-conv2d-gradient-kernels.md).
 *
 * Method: im2col + one matrix multiply done by the WASM backend's own BatchMatMul (XNNPACK/SIMD):
 *   dW[kh,kw,ci,co] = Σ_{n,oh,ow} x[n, oh·sh + kh − padTop, ow·sw + kw − padLeft, ci] · dy[n,oh,ow,co]
 * i.e. dW (K×Cout) = colsᵀ (K×P) · dy (P×Cout), with K = fH·fW·Cin and P = N·outH·outW. colsᵀ is written in
 * plain JS straight into the WASM heap. `conv2dBackpropFilterLoops` is a plain-JS version of the same sum; it is
 * the reference the bench compares against (bench/ml-backends.ts) and the fallback for tiny shapes.
 *
 * Supported: NHWC, any strides, padding 'same' | 'valid' | number | explicit, dilation 1 (conv-geometry.ts).
 */
import * as tf from "@tensorflow/tfjs";
import type { BackendWasm } from "@tensorflow/tfjs-backend-wasm";
import { float32, geometry, view, wasmMatMul, type Geometry } from "./conv-geometry";

/** Fills colsᵀ (K×P, row k = (kh,kw,ci), column p = (n,oh,ow)); positions in the padding stay 0. */
export function im2colTransposed(x: Float32Array, g: Geometry, cols: Float32Array): void {
  const P = g.n * g.outH * g.outW;
  cols.fill(0, 0, g.fH * g.fW * g.cin * P);
  for (let kh = 0; kh < g.fH; kh++) {
    for (let kw = 0; kw < g.fW; kw++) {
      const kBase = (kh * g.fW + kw) * g.cin;
      for (let n = 0; n < g.n; n++) {
        for (let oh = 0; oh < g.outH; oh++) {
          const ih = oh * g.sH - g.padTop + kh;
          if (ih < 0 || ih >= g.inH) continue;
          const pRow = (n * g.outH + oh) * g.outW;
          const xRow = (n * g.inH + ih) * g.inW;
          for (let ow = 0; ow < g.outW; ow++) {
            const iw = ow * g.sW - g.padLeft + kw;
            if (iw < 0 || iw >= g.inW) continue;
            const xOff = (xRow + iw) * g.cin;
            const p = pRow + ow;
            // Channels are contiguous in x (NHWC) but K rows apart in colsᵀ.
            for (let ci = 0; ci < g.cin; ci++) cols[(kBase + ci) * P + p] = x[xOff + ci];
          }
        }
      }
    }
  }
}

/** Plain-JS direct sum (outer products), written into `dw` (fH·fW·Cin·Cout). Skips zero inputs (ReLU output). */
export function conv2dBackpropFilterLoops(x: Float32Array, dy: Float32Array, g: Geometry, dw: Float32Array): void {
  dw.fill(0);
  const { cin, cout } = g;
  for (let n = 0; n < g.n; n++) {
    for (let oh = 0; oh < g.outH; oh++) {
      for (let ow = 0; ow < g.outW; ow++) {
        const dyOff = ((n * g.outH + oh) * g.outW + ow) * cout;
        for (let kh = 0; kh < g.fH; kh++) {
          const ih = oh * g.sH - g.padTop + kh;
          if (ih < 0 || ih >= g.inH) continue;
          for (let kw = 0; kw < g.fW; kw++) {
            const iw = ow * g.sW - g.padLeft + kw;
            if (iw < 0 || iw >= g.inW) continue;
            const xOff = ((n * g.inH + ih) * g.inW + iw) * cin;
            const wOff = (kh * g.fW + kw) * cin * cout;
            for (let ci = 0; ci < cin; ci++) {
              const xv = x[xOff + ci];
              if (xv === 0) continue;
              const base = wOff + ci * cout;
              for (let co = 0; co < cout; co++) dw[base + co] += xv * dy[dyOff + co];
            }
          }
        }
      }
    }
  }
}

/** Below this many multiply-adds the matmul's set-up costs more than the loops (measured, see the bench). */
const LOOPS_BELOW_MACS = 20_000;

export type Strategy = "auto" | "im2col-matmul" | "loops";
let strategy: Strategy = "auto";

/** For the bench and tests: force one implementation. */
export function setConv2dBackpropFilterStrategy(s: Strategy): void {
  strategy = s;
}

function kernelFunc({ inputs, backend, attrs }: Parameters<tf.KernelFunc>[0]): tf.TensorInfo {
  const wasm = backend as BackendWasm;
  const { x, dy } = inputs as { x: tf.TensorInfo; dy: tf.TensorInfo };
  const a = attrs as unknown as tf.Conv2DBackpropFilterAttrs;
  float32("Conv2DBackpropFilter", x, dy);
  const g = geometry(x.shape, a.filterShape, a, "Conv2DBackpropFilter");
  const K = g.fH * g.fW * g.cin;
  const P = g.n * g.outH * g.outW;
  const useLoops = strategy === "loops" || (strategy === "auto" && K * P * g.cout < LOOPS_BELOW_MACS);

  if (useLoops) {
    const out = wasm.makeOutput([...a.filterShape], "float32");
    // Views are taken after makeOutput: allocating may grow the WASM memory, which detaches older views.
    conv2dBackpropFilterLoops(
      wasm.typedArrayFromHeap(x) as Float32Array,
      wasm.typedArrayFromHeap(dy) as Float32Array,
      g,
      wasm.typedArrayFromHeap(out) as Float32Array,
    );
    return out;
  }

  const cols = wasm.makeOutput([1, K, P], "float32");
  im2colTransposed(
    wasm.typedArrayFromHeap(x) as Float32Array,
    g,
    wasm.typedArrayFromHeap(cols) as Float32Array,
  );
  const product = wasmMatMul(wasm, cols, view(dy, [1, P, g.cout]), false, false);
  wasm.disposeData(cols.dataId);
  // [1, K, Cout] and [fH, fW, Cin, Cout] have the same memory layout; the engine takes the shape we return.
  return { dataId: product.dataId, shape: [...a.filterShape], dtype: "float32" };
}

/** Registers the kernel once (registering twice makes tfjs warn). Safe to call before the backend is ready. */
export function registerWasmConv2dBackpropFilter(): void {
  if (tf.getKernel("Conv2DBackpropFilter", "wasm")) return;
  tf.registerKernel({ kernelName: "Conv2DBackpropFilter", backendName: "wasm", kernelFunc });
}
