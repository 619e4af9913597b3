#!/usr/bin/env node
/**
 * Writes synthetic in-ear and not-in-ear clips (y4m; webm and mp4 too when ffmpeg is installed).
 * Usage: node scripts/make-synthetic-clips.mjs [output folder, default data/clips]
 * Loads scripts/ml/make-synthetic-clips.ts through Vite's module runner, like train-default-model.mjs.
 */
import { runnerImport } from "vite";

const { module } = await runnerImport(new URL("./ml/make-synthetic-clips.ts", import.meta.url).pathname, {
  configFile: false,
  logLevel: "warn",
});
await module.main();
