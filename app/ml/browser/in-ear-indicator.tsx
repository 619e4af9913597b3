/**
 * The live in-ear indicator drawn over a video: the label at the threshold and the probability, for the live page
 * and the recorder. Place it inside a `relative` box around the <video>.
 */
import { useTranslation } from "react-i18next";

export function inEarState(probability: number | null, threshold: number): "in-ear" | "not-in-ear" | "unknown" {
  if (probability === null) return "unknown";
  return probability >= threshold ? "in-ear" : "not-in-ear";
}

/** `synthetic`: the model was trained on generated images only; it says so wherever it shows (PRODUCT.md). */
export function InEarIndicator({ probability, threshold = 0.5, fps, synthetic = false }: { probability: number | null; threshold?: number; fps?: number; synthetic?: boolean }) {
  const { t } = useTranslation("ml");
  const state = inEarState(probability, threshold);
  const colour = state === "in-ear" ? "bg-emerald-700" : state === "not-in-ear" ? "bg-slate-800" : "bg-slate-500";
  return (
    <div className="pointer-events-none absolute inset-x-2 top-2 flex items-start justify-between gap-2 text-sm text-white">
      <div className="flex flex-col items-start gap-1">
        <output data-testid="in-ear-label" data-state={state} aria-live="polite" className={`rounded px-2 py-1 font-medium shadow ${colour}`}>
          {state === "unknown" ? t("indicator.waiting") : state === "in-ear" ? t("label.inEar") : t("label.notInEar")}
          {probability !== null ? <span className="ml-2 tabular-nums">{Math.round(probability * 100)}%</span> : null}
        </output>
        {synthetic ? (
          <span data-testid="in-ear-synthetic" className="rounded bg-amber-100/90 px-2 py-0.5 text-xs text-amber-950 shadow">
            {t("indicator.synthetic")}
          </span>
        ) : null}
      </div>
      {fps !== undefined ? (
        <span data-testid="fps" className="rounded bg-black/60 px-2 py-1 tabular-nums">
          {t("indicator.fps", { fps: fps.toFixed(1) })}
        </span>
      ) : null}
    </div>
  );
}
