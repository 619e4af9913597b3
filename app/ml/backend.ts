/**
 * Choosing and starting a TensorFlow.js backend, the same way in the browser and in Node.
 *
 * 'wasm' is the fast one on our machines (docs/decisions/010-wasm-backend-with-own-conv2d-gradient-kernels.md);
 * it needs its .wasm binaries, which the caller points to: a URL prefix in the browser, a directory path in Node
 * (app/ml/backend-node.ts). 'cpu' needs nothing and is the reference. Importing @tensorflow/tfjs-backend-wasm
 * registers the backend; it only loads its binaries when first selected.
 */
import * as tf from "@tensorflow/tfjs";
import { setWasmPaths } from "@tensorflow/tfjs-backend-wasm";
import { registerWasmTrainingKernels } from "./kernels";

export type BackendName = "wasm" | "cpu" | "webgl";

let wasmPathsSet = false;

/**
 * Selects `name` and waits until it is ready. `wasmPaths` (prefix ending in "/", or a URL per binary as the
 * browser bundle has them, app/ml/browser/runtime.ts) is required the first time
 * 'wasm' is selected; later calls may omit it (tfjs refuses to change the paths after initialisation).
 */
export type WasmPaths = string | Partial<Record<"tfjs-backend-wasm.wasm" | "tfjs-backend-wasm-simd.wasm" | "tfjs-backend-wasm-threaded-simd.wasm", string>>;

export async function useBackend(name: BackendName, options: { wasmPaths?: WasmPaths } = {}): Promise<void> {
  if (name === "wasm") {
    registerWasmTrainingKernels();
    if (!wasmPathsSet) {
      if (!options.wasmPaths) throw new Error("useBackend('wasm') needs wasmPaths the first time");
      setWasmPaths(options.wasmPaths);
      wasmPathsSet = true;
    }
  }
  if (tf.getBackend() !== name) {
    const ok = await tf.setBackend(name);
    if (!ok) throw new Error(`TensorFlow.js backend '${name}' could not be initialised`);
  }
  await tf.ready();
}
