/** Every professional's learning curve in one chart (rolling mean by review number) with its table and CSV. */
import { type ChartCurve, PROFICIENCY_LINE } from "~/domain/reporting/learning-curve";
import type { Cell } from "~/domain/reporting/small-counts";
import { ClientChart, ReportSection } from "./report-parts";

const COLOURS = ["#075985", "#b45309", "#15803d", "#7e22ce", "#be123c", "#0f766e", "#4d7c0f", "#a16207", "#1d4ed8", "#9f1239"];

export function CurvesSection(props: { title: string; description: string; columns: string[]; rows: Cell[][]; csvHref: string; curves: ChartCurve[]; empty?: string; masked?: boolean }) {
  // Built only where the chart draws (the browser): the server renders the table alone.
  const chartData = () => {
    const longest = Math.max(0, ...props.curves.map((c) => c.rolling.length));
    return Array.from({ length: longest }, (_, i) => Object.fromEntries([["n", i + 1], ...props.curves.map((c) => [c.professional, c.rolling[i] ?? null])]));
  };
  return (
    <ReportSection
      id="curves"
      title={props.title}
      description={props.description}
      columns={props.columns}
      rows={props.rows}
      csvHref={props.csvHref}
      empty={props.empty}
      masked={props.masked}
      chart={
        props.curves.length ? (
          <ClientChart>
            {({ CartesianGrid, Legend, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis }) => (
              <ResponsiveContainer width="100%" height="100%">
                <LineChart accessibilityLayer={false} data={chartData()}>
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis dataKey="n" fontSize={11} />
                  <YAxis domain={[0, 100]} fontSize={11} width={32} />
                  <Tooltip />
                  <Legend wrapperStyle={{ fontSize: 11 }} />
                  <ReferenceLine y={PROFICIENCY_LINE} stroke="#15803d" strokeDasharray="6 3" />
                  {props.curves.map((c, i) => (
                    <Line key={c.professional} type="monotone" dataKey={c.professional} stroke={COLOURS[i % COLOURS.length]} dot={false} isAnimationActive={false} />
                  ))}
                </LineChart>
              </ResponsiveContainer>
            )}
          </ClientChart>
        ) : null
      }
    />
  );
}
