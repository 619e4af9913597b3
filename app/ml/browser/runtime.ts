/**
 * The browser's TensorFlow.js runtime: the backend (WASM by default, chosen by measurement, decision 028) with its
 * .wasm binaries served by our own server as hashed, immutable build assets (so it works offline and under our
 * CSP), and the models, loaded once per version id and cached (their URLs are immutable per version).
 */
import * as tf from "@tensorflow/tfjs";
import wasmPlain from "@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm?url";
import wasmSimd from "@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm?url";
import wasmThreaded from "@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-threaded-simd.wasm?url";
import type { ActiveModel } from "~/server/ml/model-versions.server";
import { modelFileUrl } from "../api-urls";
import { type BackendName, useBackend } from "../backend";
import { DEFAULT_BROWSER_BACKEND } from "./backends";
import { apiPath } from "~/domain/api-table";
import { http } from "~/lib/http";

export async function startBackend(name: BackendName = DEFAULT_BROWSER_BACKEND): Promise<void> {
  await useBackend(name, {
    wasmPaths: { "tfjs-backend-wasm.wasm": wasmPlain, "tfjs-backend-wasm-simd.wasm": wasmSimd, "tfjs-backend-wasm-threaded-simd.wasm": wasmThreaded },
  });
}

const models = new Map<string, Promise<tf.LayersModel>>();

/** One model per version id and backend for the page's lifetime; the HTTP cache keeps the files across pages. */
export function loadModelVersion(id: string): Promise<tf.LayersModel> {
  const key = `${tf.getBackend()}:${id}`;
  let pending = models.get(key);
  if (!pending) {
    pending = tf.loadLayersModel(modelFileUrl(id, "model.json"));
    pending.catch(() => models.delete(key));
    models.set(key, pending);
  }
  return pending;
}

/** Which version is active right now (never cached: an admin may just have switched). */
export async function fetchActiveModel(): Promise<ActiveModel> {
  return http<ActiveModel>(apiPath("activeModel"), { headers: { Accept: "application/json" } });
}

/** Exposed so browser tests can check that live prediction does not leak tensors. */
export function tensorCount(): number {
  return tf.memory().numTensors;
}
