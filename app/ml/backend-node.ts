/**
 * Node only (tests, scripts, bench): where the WASM backend's binaries are on disk. Kept apart from backend.ts so
 * browser bundles never import node:module. In Node 20, tfjs-backend-wasm reads the binary with fs when given a
 * plain directory path (not a file:// URL).
 */
import { createRequire } from "node:module";
import path from "node:path";

export function nodeWasmPaths(): string {
  const require = createRequire(import.meta.url);
  const main = require.resolve("@tensorflow/tfjs-backend-wasm"); // …/dist/tf-backend-wasm.node.js
  return path.dirname(main) + path.sep;
}
