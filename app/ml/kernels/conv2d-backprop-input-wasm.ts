/**
 * Conv2DBackpropInput for the WASM backend, replacing the one it ships.
 *
 * Why: once Conv2DBackpropFilter existed (conv2d-backprop-filter-wasm.ts), profiling a training step of our model
 * showed the WASM backend's own input gradient taking ~75% of it (a direct loop in C++, no SIMD matmul). The
 * same im2col idea makes it a single BatchMatMul plus a scatter-add:
 *   dCols (P×K) = dy (P×Cout) · Wᵀ (Cout×K);  dx[n,ih,iw,ci] = Σ dCols over the (p, k) that read that pixel.
 * Supported: NHWC, any strides, padding 'same' | 'valid' | number | explicit, dilation 1.
 */
import * as tf from "@tensorflow/tfjs";
import type { BackendWasm } from "@tensorflow/tfjs-backend-wasm";
import { float32, geometry, view, wasmMatMul, type Geometry } from "./conv-geometry";

/** Adds each column-matrix entry (P×K, k = (kh,kw,ci)) into the input pixel it came from. */
export function col2im(dCols: Float32Array, g: Geometry, dx: Float32Array): void {
  dx.fill(0);
  const K = g.fH * g.fW * g.cin;
  for (let n = 0; n < g.n; n++) {
    for (let oh = 0; oh < g.outH; oh++) {
      for (let ow = 0; ow < g.outW; ow++) {
        const rowOff = ((n * g.outH + oh) * g.outW + ow) * K;
        for (let kh = 0; kh < g.fH; kh++) {
          const ih = oh * g.sH - g.padTop + kh;
          if (ih < 0 || ih >= g.inH) continue;
          for (let kw = 0; kw < g.fW; kw++) {
            const iw = ow * g.sW - g.padLeft + kw;
            if (iw < 0 || iw >= g.inW) continue;
            const xOff = ((n * g.inH + ih) * g.inW + iw) * g.cin;
            const cOff = rowOff + (kh * g.fW + kw) * g.cin;
            // Channels are contiguous on both sides.
            for (let ci = 0; ci < g.cin; ci++) dx[xOff + ci] += dCols[cOff + ci];
          }
        }
      }
    }
  }
}

function transpose(m: Float32Array, rows: number, cols: number, out: Float32Array): void {
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) out[c * rows + r] = m[r * cols + c];
}

function kernelFunc({ inputs, backend, attrs }: Parameters<tf.KernelFunc>[0]): tf.TensorInfo {
  const wasm = backend as BackendWasm;
  const { dy, filter } = inputs as { dy: tf.TensorInfo; filter: tf.TensorInfo };
  const a = attrs as unknown as tf.Conv2DBackpropInputAttrs;
  float32("Conv2DBackpropInput", dy, filter);
  const g = geometry(a.inputShape, filter.shape, a, "Conv2DBackpropInput");
  const K = g.fH * g.fW * g.cin;
  const P = g.n * g.outH * g.outW;
  // The filter [fH,fW,Cin,Cout] is a K×Cout matrix in memory. We transpose it ourselves (it is small) because
  // the wasm BatchMatMul with transposeB leaves its fast path: 34 ms instead of 2.6 ms on our second layer.
  const filterT = wasm.makeOutput([1, g.cout, K], "float32");
  transpose(wasm.typedArrayFromHeap(filter) as Float32Array, K, g.cout, wasm.typedArrayFromHeap(filterT) as Float32Array);
  const dCols = wasmMatMul(wasm, view(dy, [1, P, g.cout]), filterT, false, false);
  wasm.disposeData(filterT.dataId);
  const out = wasm.makeOutput([...a.inputShape], "float32");
  // Views only after makeOutput: allocating may grow the WASM memory, which detaches older views.
  col2im(wasm.typedArrayFromHeap(dCols) as Float32Array, g, wasm.typedArrayFromHeap(out) as Float32Array);
  wasm.disposeData(dCols.dataId);
  return out;
}

let registered = false;

/** Replaces the shipped kernel once (unregister first: registering over it makes tfjs warn). */
export function registerWasmConv2dBackpropInput(): void {
  if (registered) return;
  if (tf.getKernel("Conv2DBackpropInput", "wasm")) tf.unregisterKernel("Conv2DBackpropInput", "wasm");
  tf.registerKernel({ kernelName: "Conv2DBackpropInput", backendName: "wasm", kernelFunc });
  registered = true;
}
