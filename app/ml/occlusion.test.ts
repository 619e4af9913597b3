/** The occlusion map of the shipped model: one drop per patch position, and hiding the canal matters. */
import * as tf from "@tensorflow/tfjs";
import { readFile } from "node:fs/promises";
import { beforeAll, describe, expect, it } from "vitest";
import { useBackend } from "./backend";
import { nodeWasmPaths } from "./backend-node";
import { loadModel } from "./model-io";
import { occlusionSensitivity } from "./occlusion";
import { heatAt } from "./occlusion-heat";
import { syntheticDataset } from "./synthetic/dataset";

describe("occlusion sensitivity", () => {
  let model: tf.LayersModel;
  beforeAll(async () => {
    await useBackend("wasm", { wasmPaths: nodeWasmPaths() });
    const dir = new URL("../../public/models/in-ear-synthetic/", import.meta.url);
    const weights = await readFile(new URL("weights.bin", dir));
    model = await loadModel({
      modelJson: JSON.parse(await readFile(new URL("model.json", dir), "utf8")),
      weights: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
    });
  });

  it("maps the drop in P(in ear) per hidden patch, without leaking tensors", async () => {
    const data = syntheticDataset({ count: 8, seed: 5 });
    const index = Array.from(data.labels).indexOf(1);
    const before = tf.memory().numTensors;
    const map = await occlusionSensitivity(model, data.images[index]);
    expect(tf.memory().numTensors).toBe(before);
    expect(map.base).toBeGreaterThan(0.5);
    expect([map.cols, map.rows, map.drops.length]).toEqual([7, 7, 49]);
    expect(Math.max(...map.drops)).toBeGreaterThan(0.01); // some region mattered
    const heat = heatAt(map);
    expect(heat).toHaveLength(64 * 64);
    expect(Math.max(...heat)).toBeLessThanOrEqual(Math.max(...map.drops) + 1e-6);
  });
});
