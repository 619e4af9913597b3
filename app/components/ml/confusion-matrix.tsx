import { useTranslation } from "react-i18next";
import type { Confusion } from "~/ml/metrics";
import { ScrollRegion } from "~/components/ui/scroll-region";

const pct = (v: number | null) => (v === null ? "–" : `${(v * 100).toFixed(1)}%`);

/** Rows: the true class; columns: the predicted class at the threshold. */
export function ConfusionMatrix({ confusion, testId }: { confusion: Confusion; testId?: string }) {
  const { t } = useTranslation("ml");
  const cell = "border border-slate-300 px-3 py-2 text-right tabular-nums";
  return (
    <div data-testid={testId} className="space-y-2">
      <ScrollRegion label={t("confusion.trueVsPredicted")}>
        <table className="border-collapse text-sm">
          <caption className="mb-1 text-left text-slate-700">{t("confusion.caption", { threshold: confusion.threshold.toFixed(2) })}</caption>
          <thead>
            <tr>
              <th className="px-3 py-2 text-left">{t("confusion.trueVsPredicted")}</th>
              <th className="border border-slate-300 px-3 py-2">{t("label.inEar")}</th>
              <th className="border border-slate-300 px-3 py-2">{t("label.notInEar")}</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th className="border border-slate-300 px-3 py-2 text-left">{t("label.inEar")}</th>
              <td className={`${cell} bg-emerald-50`} data-testid="tp">{confusion.truePositives}</td>
              <td className={cell} data-testid="fn">{confusion.falseNegatives}</td>
            </tr>
            <tr>
              <th className="border border-slate-300 px-3 py-2 text-left">{t("label.notInEar")}</th>
              <td className={cell} data-testid="fp">{confusion.falsePositives}</td>
              <td className={`${cell} bg-emerald-50`} data-testid="tn">{confusion.trueNegatives}</td>
            </tr>
          </tbody>
        </table>
      </ScrollRegion>
      <dl className="grid grid-cols-[auto_auto] gap-x-4 text-sm">
        <dt>{t("metrics.accuracy")}</dt>
        <dd className="tabular-nums" data-testid="accuracy">{pct(confusion.accuracy)}</dd>
        <dt>{t("metrics.precision")}</dt>
        <dd className="tabular-nums" data-testid="precision">{pct(confusion.precision)}</dd>
        <dt>{t("metrics.recall")}</dt>
        <dd className="tabular-nums" data-testid="recall">{pct(confusion.recall)}</dd>
      </dl>
    </div>
  );
}
