/** A learning curve: each review's score, the rolling mean, the proficiency line, and the CUSUM flags in a table. */
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { type CurvePoint, PROFICIENCY_LINE, ROLLING_WINDOW } from "~/domain/reporting/learning-curve";
import { ClientChart, ReportSection } from "./report-parts";

// The chart is drawn only in the browser, after the page has painted; its library comes with it.
const LearningCurvePlot = lazy(() => import("./learning-curve-plot"));

/** Rows of the table under the chart: the flagged reviews and the last few. */
const TABLE_LAST = 10;

export function LearningCurveChart({ id, title, points }: { id: string; title: string; points: CurvePoint[] }) {
  const { t } = useTranslation("reporting");
  const shown = points.filter((p, i) => p.flag !== null || i >= points.length - TABLE_LAST);
  return (
    <ReportSection
      id={id}
      title={title}
      description={t("curve.explain", { window: ROLLING_WINDOW, line: PROFICIENCY_LINE })}
      columns={[t("curve.review"), t("curve.score"), t("curve.rolling"), t("curve.flag")]}
      rows={shown.map((p) => [p.n, p.score, p.rolling, p.flag ? t(`curve.flags.${p.flag}`) : null])}
      empty={t("curve.none")}
      chart={
        points.length ? (
          <ClientChart size="medium">
            {() => (
              <Suspense fallback={null}>
                <LearningCurvePlot points={points} scoreName={t("curve.score")} rollingName={t("curve.rolling")} />
              </Suspense>
            )}
          </ClientChart>
        ) : null
      }
    />
  );
}
