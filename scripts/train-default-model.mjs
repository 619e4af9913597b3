#!/usr/bin/env node
/**
 * Trains the shipped default in-ear model on synthetic data and writes it to public/models/in-ear-synthetic/.
 * Usage: node scripts/train-default-model.mjs   (about half a minute on 2 cores)
 *
 * Plain node cannot run the TypeScript model code, so this loads scripts/ml/train-default-model.ts through Vite's
 * module runner (vite is already a dependency), without the app's Vite config.
 */
import { runnerImport } from "vite";

const { module } = await runnerImport(new URL("./ml/train-default-model.ts", import.meta.url).pathname, {
  configFile: false,
  logLevel: "warn",
});
await module.main();
