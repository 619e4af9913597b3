/** The browser backends the pages offer, and the default (decision 028). No TensorFlow.js import: safe for any module. */
import type { BackendName } from "../backend";

export const BROWSER_BACKENDS: BackendName[] = ["wasm", "webgl", "cpu"];
export const DEFAULT_BROWSER_BACKEND: BackendName = "wasm";
