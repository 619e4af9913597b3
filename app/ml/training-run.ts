/**
 * What a training run used, captured when it starts, and the metadata a saved version gets from it. The training
 * form stays editable after a run (its data source, its numbers): saving must describe the run that made the
 * model, never what the form shows by then, or a synthetic model could be saved as one trained on labelled data.
 */
import type { BackendName } from "./backend";
import type { EpochLog } from "./browser/training";
import type { Confusion } from "./metrics";

export type DataSource = "labelled" | "synthetic";

export type RunSettings = { epochs: number; batchSize: number; learningRate: number; validationSplit: number; syntheticCount: number };

export type TrainingRun = { source: DataSource; settings: RunSettings; backend: BackendName };

export type RunOutcome = { history: EpochLog[]; validation: Confusion; trainSize: number; validationSize: number; seconds: number; datasetSize: number };

/** A copy of the form's values at the start of a run (later edits of the form do not reach it). */
export function captureRun(source: DataSource, settings: RunSettings, backend: BackendName): TrainingRun {
  return Object.freeze({ source, settings: Object.freeze({ ...settings }), backend });
}

export function isSyntheticRun(run: TrainingRun): boolean {
  return run.source === "synthetic";
}

/** The body of POST /api/ml/models without the model files. */
export function versionMetadata(run: TrainingRun, outcome: RunOutcome, name: string) {
  const { syntheticCount, ...common } = run.settings;
  const synthetic = isSyntheticRun(run);
  return {
    name,
    synthetic,
    datasetSize: outcome.datasetSize,
    metrics: {
      accuracy: outcome.validation.accuracy,
      accuracyOn: synthetic ? "validation split of synthetic data" : "validation split of the labelled set",
      validation: outcome.validation,
      training: {
        ...common,
        ...(synthetic ? { syntheticCount } : {}),
        source: run.source,
        epochs: outcome.history.length,
        backend: run.backend,
        seconds: outcome.seconds,
        trainSize: outcome.trainSize,
        validationSize: outcome.validationSize,
      },
      history: outcome.history,
    },
  };
}

/** The default name of a version trained by this run. */
export function defaultVersionName(run: TrainingRun, now: Date): string {
  return `${isSyntheticRun(run) ? "synthetic" : "labelled"}-${now.toISOString().slice(0, 16).replace("T", " ")}`;
}
