#!/usr/bin/env node
/**
 * Benchmark of the in-ear model on the 'cpu' and 'wasm' backends, in one run (not part of npm test):
 *   node bench/ml-backends.mjs
 * Loads bench/ml-backends.ts through Vite's module runner, like scripts/train-default-model.mjs.
 */
import { runnerImport } from "vite";

const { module } = await runnerImport(new URL("./ml-backends.ts", import.meta.url).pathname, {
  configFile: false,
  logLevel: "warn",
});
await module.main();
