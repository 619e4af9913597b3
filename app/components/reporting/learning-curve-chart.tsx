/** A learning curve: each review's score, the rolling mean, the proficiency line, and the CUSUM flags in a table. */
import { useTranslation } from "react-i18next";
import { type CurvePoint, PROFICIENCY_LINE, ROLLING_WINDOW } from "~/domain/reporting/learning-curve";
import { ClientChart, ReportSection } from "./report-parts";

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
          // Drawn only in the browser, after the page has painted; ClientChart loads the library then.
          <ClientChart size="medium">
            {({ CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis }) => (
              <ResponsiveContainer width="100%" height="100%">
                <LineChart accessibilityLayer={false} data={points}>
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis dataKey="n" fontSize={11} />
                  <YAxis domain={[0, 100]} fontSize={11} width={32} />
                  <Tooltip />
                  <ReferenceLine y={PROFICIENCY_LINE} stroke="#15803d" strokeDasharray="6 3" />
                  <Line type="monotone" dataKey="score" name={t("curve.score")} stroke="#94a3b8" dot={{ r: 2 }} strokeWidth={0} isAnimationActive={false} />
                  <Line type="monotone" dataKey="rolling" name={t("curve.rolling")} stroke="#075985" dot={false} strokeWidth={2} isAnimationActive={false} />
                </LineChart>
              </ResponsiveContainer>
            )}
          </ClientChart>
        ) : null
      }
    />
  );
}
