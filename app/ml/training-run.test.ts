/** A saved version describes the run that trained it, not the training form as it is when saving. */
import { describe, expect, it } from "vitest";
import { captureRun, defaultVersionName, type RunOutcome, versionMetadata, type RunSettings } from "./training-run";

const outcome: RunOutcome = {
  history: [{ epoch: 1, loss: 0.6, acc: 0.7, valLoss: 0.65, valAcc: 0.68, seconds: 3 }],
  validation: { threshold: 0.5, truePositives: 3, falsePositives: 1, trueNegatives: 4, falseNegatives: 2, accuracy: 0.7, precision: 0.75, recall: 0.6 },
  trainSize: 40,
  validationSize: 10,
  seconds: 3,
  datasetSize: 50,
};

describe("a training run's version metadata", () => {
  it("keeps the source and settings the run started with, whatever the form says later", () => {
    const form: { source: "labelled" | "synthetic"; settings: RunSettings } = {
      source: "synthetic",
      settings: { epochs: 8, batchSize: 32, learningRate: 0.002, validationSplit: 0.2, syntheticCount: 400 },
    };
    const run = captureRun(form.source, form.settings, "wasm");
    // After training the form is editable again: someone switches to the labelled set and changes numbers.
    form.source = "labelled";
    form.settings.epochs = 50;
    form.settings.learningRate = 0.1;
    const body = versionMetadata(run, outcome, "v");
    expect(body.synthetic).toBe(true);
    expect(body.metrics.accuracyOn).toBe("validation split of synthetic data");
    expect(body.metrics.training).toMatchObject({ source: "synthetic", learningRate: 0.002, syntheticCount: 400, epochs: 1, backend: "wasm", batchSize: 32 });
    expect(defaultVersionName(run, new Date("2026-03-01T10:20:30Z"))).toBe("synthetic-2026-03-01 10:20");
  });

  it("marks a run on the labelled set as not synthetic, without a synthetic count", () => {
    const run = captureRun("labelled", { epochs: 2, batchSize: 16, learningRate: 0.001, validationSplit: 0.25, syntheticCount: 400 }, "cpu");
    const body = versionMetadata(run, outcome, "labelled-run");
    expect(body).toMatchObject({ name: "labelled-run", synthetic: false, datasetSize: 50, metrics: { accuracy: 0.7, accuracyOn: "validation split of the labelled set" } });
    expect(body.metrics.training).not.toHaveProperty("syntheticCount");
    expect(body.metrics.training).toMatchObject({ source: "labelled", validationSplit: 0.25, trainSize: 40, validationSize: 10 });
  });
});
