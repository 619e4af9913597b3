/**
 * The drawn learning curve, in a module of its own so that the charting library loads after the page has painted
 * (the professional's home page shows it; bench/page-weight.mjs counts what each page loads).
 */
import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { type CurvePoint, PROFICIENCY_LINE } from "~/domain/reporting/learning-curve";

export default function LearningCurvePlot({ points, scoreName, rollingName }: { points: CurvePoint[]; scoreName: string; rollingName: string }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart accessibilityLayer={false} data={points}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="n" fontSize={11} />
        <YAxis domain={[0, 100]} fontSize={11} width={32} />
        <Tooltip />
        <ReferenceLine y={PROFICIENCY_LINE} stroke="#15803d" strokeDasharray="6 3" />
        <Line type="monotone" dataKey="score" name={scoreName} stroke="#94a3b8" dot={{ r: 2 }} strokeWidth={0} isAnimationActive={false} />
        <Line type="monotone" dataKey="rolling" name={rollingName} stroke="#075985" dot={false} strokeWidth={2} isAnimationActive={false} />
      </LineChart>
    </ResponsiveContainer>
  );
}
