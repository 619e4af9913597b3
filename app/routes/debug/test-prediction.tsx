import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/page-header";
import { ConfusionMatrix } from "~/components/ml/confusion-matrix";
import { ImagePicker, type PickedImage } from "~/components/ml/image-picker";
import { SyntheticNotice } from "~/components/ml/synthetic-notice";
import { Button } from "~/components/ui/button";
import { fetchDatasetIndex, loadDatasetPixels } from "~/ml/browser/dataset";
import { inEarState } from "~/ml/browser/in-ear-indicator";
import { loadMl } from "~/ml/browser/load-ml";
import { useModel } from "~/ml/browser/use-model";
import { confusionAt } from "~/ml/metrics";
import { syntheticDataset } from "~/ml/synthetic/dataset";
import { authorize } from "~/server/auth/authorize.server";
import { predictionPage } from "~/server/ml/ml-pages.server";
import type { Route } from "./+types/test-prediction";

export const handle = { i18n: ["ml"] };

export async function loader(args: Route.LoaderArgs) {
  const { user } = await authorize(args, "debug-ml-test-prediction");
  return predictionPage(user);
}

type EvalSet = "labelled" | "synthetic";

/** Score one image with a chosen version and threshold, or evaluate the version on a whole set. */
export default function Page({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("ml");
  const { versions, recent } = loaderData;
  const activeId = versions.find((v) => v.active)?.id ?? "active";
  const [versionId, setVersionId] = useState(activeId);
  const version = versions.find((v) => v.id === versionId);
  const { model, error } = useModel(versionId);
  const [threshold, setThreshold] = useState(0.5);
  const [picked, setPicked] = useState<PickedImage | null>(null);
  const [probability, setProbability] = useState<number | null>(null);
  const [evalSet, setEvalSet] = useState<EvalSet>(recent.length ? "labelled" : "synthetic");
  const [evaluation, setEvaluation] = useState<{ p: Float32Array; labels: Uint8Array } | null>(null);
  const [evaluating, setEvaluating] = useState(false);

  useEffect(() => {
    setProbability(null);
    if (!model || !picked) return;
    let cancelled = false;
    loadMl()
      .then((ml) => ml.predict(model, [picked.rgb]))
      .then((p) => !cancelled && setProbability(p[0]))
      .catch(() => !cancelled && setProbability(null));
    return () => {
      cancelled = true;
    };
  }, [model, picked]);

  useEffect(() => setEvaluation(null), [versionId, evalSet]);

  async function evaluate() {
    if (!model) return;
    setEvaluating(true);
    try {
      const data = evalSet === "synthetic" ? syntheticDataset({ count: 200, seed: 20260401 }) : await fetchDatasetIndex().then((e) => loadDatasetPixels(e));
      setEvaluation({ p: await (await loadMl()).predict(model, data.images), labels: Uint8Array.from(data.labels) });
    } finally {
      setEvaluating(false);
    }
  }

  const predicted = inEarState(probability, threshold);
  return (
    <>
      <PageHeader routeKey="debug-ml-test-prediction" />
      <div className="space-y-6">
        <div className="flex flex-wrap items-center gap-4 text-sm">
          <label className="flex items-center gap-2">
            {t("test.version")}
            <select className="rounded border border-slate-300 px-2 py-1" value={versionId} onChange={(e) => setVersionId(e.target.value)} data-testid="version-select">
              {versions.map((v) => (
                <option key={v.id} value={v.id}>
                  {v.name}
                  {v.active ? ` (${t("versions.active")})` : ""}
                </option>
              ))}
            </select>
          </label>
          <label className="flex items-center gap-2">
            {t("test.threshold")}
            <input type="range" min={0} max={1} step={0.01} value={threshold} onChange={(e) => setThreshold(Number(e.target.value))} data-testid="threshold" />
            <span className="w-10 tabular-nums">{threshold.toFixed(2)}</span>
          </label>
        </div>
        {version?.synthetic ? <SyntheticNotice accuracy={version.accuracy} /> : null}
        {error ? <p role="alert" className="text-red-700">{t("model.loadFailed")}</p> : null}
        <section className="space-y-3" aria-labelledby="score-heading">
          <h2 id="score-heading" className="text-xl font-semibold">
            {t("test.scoreHeading")}
          </h2>
          <ImagePicker recent={recent} onPick={setPicked} />
          {picked ? (
            <div className="flex items-start gap-4">
              <img src={picked.previewUrl} alt={picked.description} className="h-40 w-40 rounded object-cover [image-rendering:pixelated]" />
              <dl className="grid grid-cols-[auto_auto] gap-x-4 text-sm" data-testid="prediction">
                <dt>{t("test.image")}</dt>
                <dd>{picked.description}</dd>
                <dt>{t("test.probability")}</dt>
                <dd className="tabular-nums" data-testid="probability">
                  {probability === null ? "…" : `${(probability * 100).toFixed(1)}%`}
                </dd>
                <dt>{t("test.prediction")}</dt>
                <dd data-testid="predicted-label" data-state={predicted}>
                  {predicted === "unknown" ? "…" : t(predicted === "in-ear" ? "label.inEar" : "label.notInEar")}
                </dd>
                {picked.label !== null ? (
                  <>
                    <dt>{t("test.truth")}</dt>
                    <dd>{t(picked.label === 1 ? "label.inEar" : "label.notInEar")}</dd>
                  </>
                ) : null}
              </dl>
            </div>
          ) : null}
        </section>
        <section className="space-y-3" aria-labelledby="evaluate-heading">
          <h2 id="evaluate-heading" className="text-xl font-semibold">
            {t("test.evaluateHeading")}
          </h2>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <select aria-label={t("test.evaluateSet")} className="rounded border border-slate-300 px-2 py-1" value={evalSet} onChange={(e) => setEvalSet(e.target.value as EvalSet)} data-testid="eval-set">
              <option value="labelled">{t("test.setLabelled")}</option>
              <option value="synthetic">{t("test.setSynthetic")}</option>
            </select>
            <Button type="button" onClick={evaluate} disabled={!model || evaluating} data-testid="evaluate">
              {evaluating ? t("test.evaluating") : t("test.evaluate")}
            </Button>
          </div>
          {evaluation ? (
            <>
              <p className="text-sm">{t("test.evaluatedOn", { n: evaluation.labels.length })}</p>
              {evalSet === "synthetic" ? <p className="text-sm text-amber-900">{t("synthetic.evaluatedOnSynthetic")}</p> : null}
              <ConfusionMatrix confusion={confusionAt(evaluation.p, evaluation.labels, threshold)} testId="evaluation" />
            </>
          ) : null}
        </section>
      </div>
    </>
  );
}
