/**
 * The /debug/ml training panel's loop (issue 13, point 4): within an epoch it gives the page its thread back and
 * says how far it is, so the progress bar moves and the page repaints during a 16-second epoch of 10,000 images.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { useBackend } from "../backend";
import { nodeWasmPaths } from "../backend-node";
import { syntheticDataset } from "../synthetic/dataset";
import { trainInBrowser } from "./training";

describe("training in the browser", () => {
  beforeAll(async () => {
    await useBackend("wasm", { wasmPaths: nodeWasmPaths() });
  });

  it("yields to the page within an epoch and reports its progress there, rising to 1", async () => {
    const data = syntheticDataset({ count: 40, seed: 11 });
    const progress: number[] = [];
    const epochsDone: number[] = [];
    // A timer due at once fires before the first epoch ends only if training gives the event loop a turn within it.
    let timerFired = false;
    let firedWithinFirstEpoch: boolean | null = null;
    setTimeout(() => (timerFired = true), 0);
    const result = await trainInBrowser(
      data,
      { epochs: 2, batchSize: 8, learningRate: 0.002, validationSplit: 0.2, seed: 1 },
      {
        onProgress: (fraction) => progress.push(fraction),
        onEpoch: (log) => {
          firedWithinFirstEpoch ??= timerFired;
          epochsDone.push(log.epoch);
        },
        yieldAfterMs: 0,
      },
    );
    result.model.dispose();

    expect(firedWithinFirstEpoch).toBe(true);
    // 32 training images in batches of 8: four batches an epoch, each reported; then the validation's one chunk
    // and the epoch's end.
    expect(progress).toEqual([0.125, 0.25, 0.375, 0.5, 0.5, 0.5, 0.625, 0.75, 0.875, 1, 1, 1]);
    expect(epochsDone).toEqual([1, 2]);
  });
});
