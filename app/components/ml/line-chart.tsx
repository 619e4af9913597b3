/** A small SVG line chart for training curves (no chart library: two or four series of ≤ 100 points). */
import { Styled } from "~/components/ui/styled";

export type Series = { name: string; values: number[]; colour: string; dashed?: boolean };

export function LineChart({ title, series, yMax, testId }: { title: string; series: Series[]; yMax?: number; testId?: string }) {
  const width = 320;
  const height = 160;
  const pad = 28;
  const n = Math.max(2, ...series.map((s) => s.values.length));
  const max = yMax ?? Math.max(1e-6, ...series.flatMap((s) => s.values));
  const x = (i: number) => pad + (i * (width - pad - 8)) / (n - 1);
  const y = (v: number) => height - pad - (Math.min(v, max) / max) * (height - pad - 8);
  return (
    <figure className="rounded border border-slate-200 bg-white p-2" data-testid={testId}>
      <figcaption className="mb-1 text-sm font-medium text-slate-800">{title}</figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={title} className="w-full max-w-sm">
        <line x1={pad} y1={height - pad} x2={width - 8} y2={height - pad} stroke="#94a3b8" />
        <line x1={pad} y1={8} x2={pad} y2={height - pad} stroke="#94a3b8" />
        <text x={4} y={14} fontSize="10" fill="#475569">
          {max.toFixed(2)}
        </text>
        <text x={4} y={height - pad} fontSize="10" fill="#475569">
          0
        </text>
        <text x={width - 16} y={height - 10} fontSize="10" fill="#475569">
          {n}
        </text>
        {series.map((s) =>
          s.values.length ? (
            <polyline
              key={s.name}
              fill="none"
              stroke={s.colour}
              strokeWidth="2"
              strokeDasharray={s.dashed ? "4 3" : undefined}
              points={s.values.map((v, i) => `${x(i)},${y(v)}`).join(" ")}
            />
          ) : null,
        )}
      </svg>
      <ul className="flex flex-wrap gap-3 text-xs text-slate-700">
        {series.map((s) => (
          <li key={s.name} className="flex items-center gap-1">
            <Styled as="span" aria-hidden="true" className="inline-block h-0.5 w-4" cssom={{ background: s.colour }} />
            {s.name}: {s.values.length ? s.values[s.values.length - 1].toFixed(3) : "–"}
          </li>
        ))}
      </ul>
    </figure>
  );
}
