/**
 * Our WASM training kernels (docs/decisions/010-wasm-backend-with-own-conv2d-gradient-kernels.md).
 * Registered before or after the backend starts; idempotent.
 */
import { registerWasmConv2dBackpropFilter } from "./conv2d-backprop-filter-wasm";
import { registerWasmConv2dBackpropInput } from "./conv2d-backprop-input-wasm";

export function registerWasmTrainingKernels(): void {
  registerWasmConv2dBackpropFilter();
  registerWasmConv2dBackpropInput();
}
