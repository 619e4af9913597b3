/**
 * Training in the browser: settings, live loss/accuracy curves, a progress bar, the validation confusion matrix,
 * and saving the result as a new (inactive) model version. Data: the labelled set, or synthetic images when there
 * is too little labelled data (the version is then marked synthetic).
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import type { BackendName } from "~/ml/backend";
import { fetchDatasetIndex, loadDatasetPixels } from "~/ml/browser/dataset";
import { BROWSER_BACKENDS, DEFAULT_BROWSER_BACKEND } from "~/ml/browser/backends";
import { loadMl } from "~/ml/browser/load-ml";
import type { EpochLog, TrainingResult } from "~/ml/browser/training";
import { postJson, toBase64 } from "~/ml/browser/post-json";
import { syntheticDataset } from "~/ml/synthetic/dataset";
import { captureRun, type DataSource, defaultVersionName, isSyntheticRun, type TrainingRun, versionMetadata } from "~/ml/training-run";
import { ConfusionMatrix } from "./confusion-matrix";
import { LineChart } from "./line-chart";
import { apiPath } from "~/domain/api-table";

const field = "w-28 rounded border border-slate-300 px-2 py-1";
// The size training is measured at (docs/performance.md, bench/ml-browser.mjs): batches are streamed from the
// byte images, so memory grows by 12 KB an image, not by a float tensor of the whole set.
const MAX_SYNTHETIC_IMAGES = 10_000;

export function TrainingPanel({ labelledCount }: { labelledCount: number }) {
  const { t } = useTranslation("ml");
  const revalidator = useRevalidator();
  const [source, setSource] = useState<DataSource>(labelledCount >= 20 ? "labelled" : "synthetic");
  const [settings, setSettings] = useState({ epochs: 8, batchSize: 32, learningRate: 0.002, validationSplit: 0.2, syntheticCount: 400 });
  const [backend, setBackend] = useState<BackendName>(DEFAULT_BROWSER_BACKEND);
  const [status, setStatus] = useState<"idle" | "loading" | "training" | "done" | "saving" | "saved" | "failed">("idle");
  const [loaded, setLoaded] = useState(0);
  const [history, setHistory] = useState<EpochLog[]>([]);
  /** How far training is (0–1), updated within epochs too. */
  const [trainedFraction, setTrainedFraction] = useState(0);
  // The run's own settings, captured when it starts: the form is editable again once it ends.
  const [run, setRun] = useState<TrainingRun | null>(null);
  const [result, setResult] = useState<(TrainingResult & { datasetSize: number; run: TrainingRun }) | null>(null);
  const [name, setName] = useState("");
  const [savedId, setSavedId] = useState<string | null>(null);
  const busy = status === "loading" || status === "training" || status === "saving";

  async function train() {
    const current = captureRun(source, settings, backend);
    setRun(current);
    setHistory([]);
    setTrainedFraction(0);
    setResult(null);
    setSavedId(null);
    setLoaded(0);
    try {
      setStatus("loading");
      const ml = await loadMl();
      await ml.startBackend(current.backend);
      const { settings: s } = current;
      const data =
        current.source === "synthetic"
          ? syntheticDataset({ count: s.syntheticCount, seed: 20260301 })
          : await fetchDatasetIndex().then((entries) => loadDatasetPixels(entries, setLoaded));
      setStatus("training");
      const trained = await ml.trainInBrowser(
        data,
        { epochs: s.epochs, batchSize: s.batchSize, learningRate: s.learningRate, validationSplit: s.validationSplit, seed: 1 },
        { onEpoch: (log) => setHistory((h) => [...h, log]), onProgress: setTrainedFraction },
      );
      result?.model.dispose();
      setResult({ ...trained, datasetSize: data.images.length, run: current });
      setName(defaultVersionName(current, new Date()));
      setStatus("done");
    } catch {
      setStatus("failed");
    }
  }

  async function save() {
    if (!result) return;
    setStatus("saving");
    try {
      const saved = await (await loadMl()).saveModel(result.model);
      const { id } = await postJson<{ id: string }>(apiPath("saveModel"), {
        ...versionMetadata(result.run, result, name),
        modelJson: JSON.stringify(saved.modelJson),
        weights: toBase64(new Uint8Array(saved.weights)),
      });
      setSavedId(id);
      setStatus("saved");
      void revalidator.revalidate();
    } catch {
      setStatus("failed");
    }
  }

  const epochs = run?.settings.epochs ?? settings.epochs;
  // Within an epoch too: training reports how far it is whenever it gives the page a frame.
  const progress = status === "loading" ? 0 : status === "training" ? Math.round(trainedFraction * 100) : Math.round((history.length / epochs) * 100);
  const number = (key: keyof typeof settings, step: string, min: number, max: number) => (
    <input
      type="number"
      id={`train-${key}`}
      name={key}
      className={field}
      step={step}
      min={min}
      max={max}
      value={settings[key]}
      onChange={(e) => setSettings((s) => ({ ...s, [key]: Number(e.target.value) }))}
      disabled={busy}
    />
  );

  return (
    <section aria-labelledby="train-heading" className="space-y-4" data-testid="training-panel">
      <h2 id="train-heading" className="text-xl font-semibold">
        {t("train.heading")}
      </h2>
      <div className="grid max-w-2xl grid-cols-1 items-center gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
        <label htmlFor="train-source">{t("train.data")}</label>
        <select id="train-source" className="w-fit rounded border border-slate-300 px-2 py-1" value={source} onChange={(e) => setSource(e.target.value as DataSource)} disabled={busy}>
          <option value="labelled">{t("train.dataLabelled", { n: labelledCount })}</option>
          <option value="synthetic">{t("train.dataSynthetic")}</option>
        </select>
        {source === "synthetic" ? (
          <>
            <label htmlFor="train-syntheticCount">{t("train.syntheticCount")}</label>
            {number("syntheticCount", "50", 50, MAX_SYNTHETIC_IMAGES)}
          </>
        ) : null}
        <label htmlFor="train-epochs">{t("train.epochs")}</label>
        {number("epochs", "1", 1, 100)}
        <label htmlFor="train-batchSize">{t("train.batchSize")}</label>
        {number("batchSize", "1", 1, 256)}
        <label htmlFor="train-learningRate">{t("train.learningRate")}</label>
        {number("learningRate", "0.0005", 0.00001, 0.1)}
        <label htmlFor="train-validationSplit">{t("train.validationSplit")}</label>
        {number("validationSplit", "0.05", 0.05, 0.5)}
        <label htmlFor="train-backend">{t("train.backend")}</label>
        <select id="train-backend" className="w-fit rounded border border-slate-300 px-2 py-1" value={backend} onChange={(e) => setBackend(e.target.value as BackendName)} disabled={busy}>
          {BROWSER_BACKENDS.map((b) => (
            <option key={b} value={b}>
              {b}
            </option>
          ))}
        </select>
      </div>
      <Button type="button" onClick={train} disabled={busy || (source === "labelled" && labelledCount < 2)} data-testid="train">
        {t("train.start")}
      </Button>
      <div className="max-w-2xl space-y-1" aria-live="polite">
        <progress className="w-full" max={100} value={progress} aria-label={t("train.progress")} data-testid="train-progress" />
        <p className="text-sm text-slate-700" data-testid="train-status">
          {status === "loading" ? t("train.loading", { done: loaded }) : null}
          {status === "training" || status === "done" ? t("train.epochOf", { epoch: history.length, epochs }) : null}
          {status === "saved" ? t("train.saved") : null}
          {status === "failed" ? t("train.failed") : null}
        </p>
      </div>
      {history.length ? (
        <div className="grid gap-4 md:grid-cols-2">
          <LineChart
            title={t("train.lossChart")}
            testId="loss-chart"
            series={[
              { name: t("train.training"), values: history.map((h) => h.loss), colour: "#0369a1" },
              { name: t("train.validation"), values: history.map((h) => h.valLoss), colour: "#b45309", dashed: true },
            ]}
          />
          <LineChart
            title={t("train.accuracyChart")}
            testId="accuracy-chart"
            yMax={1}
            series={[
              { name: t("train.training"), values: history.map((h) => h.acc), colour: "#0369a1" },
              { name: t("train.validation"), values: history.map((h) => h.valAcc), colour: "#b45309", dashed: true },
            ]}
          />
        </div>
      ) : null}
      {result ? (
        <div className="space-y-3">
          <h3 className="font-semibold">{t("train.validationResult", { n: result.validationSize })}</h3>
          {isSyntheticRun(result.run) ? <p className="text-sm text-amber-900" data-testid="trained-on-synthetic">{t("synthetic.trainedOnSynthetic")}</p> : null}
          <ConfusionMatrix confusion={result.validation} testId="validation-confusion" />
          <div className="flex flex-wrap items-end gap-2">
            <label className="text-sm">
              {t("train.versionName")}
              <input className="ml-2 rounded border border-slate-300 px-2 py-1" value={name} onChange={(e) => setName(e.target.value)} name="versionName" />
            </label>
            <Button type="button" onClick={save} disabled={busy || !name.trim() || savedId !== null} data-testid="save-version">
              {t("train.save")}
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
