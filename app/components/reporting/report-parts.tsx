/**
 * The building blocks of the data pages (`/reporting`, case handling): the filter form (a GET form, so filters
 * live in the URL and work without JavaScript), and a section with its chart, its table (the numbers for screen
 * readers and print) and its CSV link. Numbers are formatted for the page's language; "< 5" shows as is.
 */
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { FIRST_DAY, LAST_DAY } from "~/domain/calendar-day";
import { REPORT_PRESETS, type FilterProblem, type ReportFilters } from "~/domain/reporting/filters";
import { type Cell, SMALL, SMALL_COUNT_LIMIT } from "~/domain/reporting/small-counts";
import { numberFormatter } from "~/lib/formatters";
import { ScrollRegion } from "~/components/ui/scroll-region";

/** A cell as shown in `language`: numbers to one decimal, an empty cell as a dash, "< 5" as is. */
export function cellFormatter(language: string): (cell: Cell) => string {
  const nf = numberFormatter(language, { maximumFractionDigits: 1 });
  return (cell) => (cell === null ? "–" : typeof cell === "number" ? nf.format(cell) : cell);
}

export function useFormatCell(): (cell: Cell) => string {
  const { i18n } = useTranslation();
  return cellFormatter(i18n.language);
}

/** Charts draw in the browser only (they measure their box); the table beside them carries the numbers everywhere. */
const CHART_HEIGHTS = { small: "h-52", medium: "h-56", large: "h-64", tall: "h-96" } as const;

type Recharts = typeof import("./recharts");
let recharts: Recharts | null = null;

/**
 * A chart drawn with the charting library, which is loaded when the first chart mounts in the browser and handed to
 * `children`: the server never renders a chart, so it never loads the library (issue 13: a server's memory), and
 * the page's first script does not carry it.
 */
export function ClientChart({ children, size = "large" }: { children: (library: Recharts) => ReactNode; size?: keyof typeof CHART_HEIGHTS }) {
  const [library, setLibrary] = useState<Recharts | null>(recharts);
  useEffect(() => {
    if (library) return;
    let live = true;
    void import("./recharts").then((loaded) => {
      recharts = loaded;
      if (live) setLibrary(loaded);
    });
    return () => {
      live = false;
    };
  }, [library]);
  // A class, not a style attribute: the CSP allows no inline styles (decision 063).
  return (
    <div className={`w-full min-w-0 ${CHART_HEIGHTS[size]}`} aria-hidden="true" data-testid="chart">
      {library ? children(library) : null}
    </div>
  );
}

export function ReportSection(props: {
  id: string;
  title: string;
  description?: string;
  columns: string[];
  rows: Cell[][];
  /** Cells rendered specially (links, words for codes); default: the formatted value. */
  renderCell?: (cell: Cell, column: number, row: Cell[]) => ReactNode;
  csvHref?: string;
  chart?: ReactNode;
  empty?: string;
  /** Something was left out for privacy that the rows do not show as "< 5" (a professional's curve). */
  masked?: boolean;
}) {
  // One translation hook per section (each costs the server a copy of the i18n instance per render).
  const { t, i18n } = useTranslation("reporting");
  const format = cellFormatter(i18n.language);
  // A suppressed cell draws nothing in a chart: where there is one, the section says why (a chart of only suppressed
  // counts would otherwise be empty axes without a word).
  const masked = props.masked || props.rows.some((row) => row.includes(SMALL));
  return (
    <section aria-labelledby={`${props.id}-title`} className="mb-8 rounded-lg border border-slate-200 bg-white p-4" data-testid={`section-${props.id}`}>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${props.id}-title`} className="text-lg font-semibold text-slate-900">
          {props.title}
        </h2>
        {props.csvHref ? (
          <a href={props.csvHref} download className="inline-flex min-h-11 items-center text-sm text-sky-800 underline" data-testid={`csv-${props.id}`}>
            {t("csv")}
          </a>
        ) : null}
      </div>
      {props.description ? <p className="mb-3 text-sm text-slate-700">{props.description}</p> : null}
      {masked ? (
        <p className="mb-3 text-sm text-slate-700" data-testid={`masked-${props.id}`}>
          {t("masked", { limit: SMALL_COUNT_LIMIT })}
        </p>
      ) : null}
      {props.chart}
      {props.rows.length === 0 ? (
        <p className="text-sm text-slate-600">{props.empty ?? t("empty")}</p>
      ) : (
        <ScrollRegion label={props.title} className="mt-3">
          {/* Cell styles come from the table, not from each cell: a year's tables have hundreds of cells, and every
              attribute written per cell is server rendering time and page weight. */}
          <table className="w-full text-left text-sm tabular-nums [&_td]:px-2 [&_td]:py-2 [&_tbody_tr]:border-t [&_tbody_tr]:border-slate-100" data-testid={`table-${props.id}`}>
            <caption className="sr-only">{props.title}</caption>
            <thead className="bg-slate-50">
              <tr>
                {props.columns.map((c) => (
                  <th key={c} scope="col" className="px-2 py-2 font-medium">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {props.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, c) => (
                    <td key={c}>{props.renderCell?.(cell, c, row) ?? format(cell)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}

export function FilterForm({
  filters,
  organisations,
  problems,
  children,
}: {
  filters: ReportFilters;
  organisations: { id: string; name: string }[];
  problems: FilterProblem[];
  /** More filters of the page (inside the same GET form). */
  children?: ReactNode;
}) {
  const { t } = useTranslation("reporting");
  const [preset, setPreset] = useState(filters.preset);
  const chosen = new Set(filters.organisationIds);
  return (
    <Form method="get" className="mb-6 rounded-lg border border-slate-200 bg-white p-4" aria-label={t("filters.title")} data-testid="report-filters">
      <div className="flex flex-wrap gap-4">
        <fieldset className="min-w-0">
          <legend className="text-sm font-medium text-slate-800">{t("filters.period")}</legend>
          <div className="mt-1 flex flex-wrap gap-2">
            {REPORT_PRESETS.map((p) => (
              <label key={p} className="inline-flex min-h-11 items-center gap-2 rounded-md border border-slate-300 px-3">
                <input type="radio" name="period" value={p} checked={preset === p} onChange={() => setPreset(p)} />
                {t(`filters.presets.${p}`)}
              </label>
            ))}
          </div>
          {problems.includes("period") ? (
            <p className="mt-1 text-sm text-red-700" role="alert">
              {t("filters.periodProblem")}
            </p>
          ) : null}
        </fieldset>
        {/* The dates are sent only for a custom period: a preset's address stays short and means what it shows. */}
        <div className="flex flex-wrap gap-3">
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
            {t("filters.from")}
            <input type="date" name={preset === "custom" ? "from" : undefined} min={FIRST_DAY} max={LAST_DAY} defaultValue={filters.from} className="min-h-11 rounded-md border border-slate-300 px-3" onChange={() => setPreset("custom")} />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
            {t("filters.to")}
            <input type="date" name={preset === "custom" ? "to" : undefined} min={FIRST_DAY} max={LAST_DAY} defaultValue={filters.to} className="min-h-11 rounded-md border border-slate-300 px-3" onChange={() => setPreset("custom")} />
          </label>
        </div>
      </div>
      {organisations.length > 1 ? (
        <fieldset className="mt-4 min-w-0">
          <legend className="text-sm font-medium text-slate-800">{t("filters.organisations")}</legend>
          <p className="text-xs text-slate-600">{t("filters.organisationsHint")}</p>
          <div className="mt-1 flex flex-wrap gap-2">
            {organisations.map((o) => (
              <label key={o.id} className="inline-flex min-h-11 items-center gap-2 rounded-md border border-slate-300 px-3">
                <input type="checkbox" name="org" value={o.id} defaultChecked={chosen.has(o.id)} />
                {o.name}
              </label>
            ))}
          </div>
          {problems.includes("organisation") ? (
            <p className="mt-1 text-sm text-red-700" role="alert">
              {t("filters.organisationProblem")}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      {children}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button type="submit" className="min-h-11 rounded-md bg-sky-800 px-4 text-white">
          {t("filters.apply")}
        </button>
        <p className="text-sm text-slate-700" data-testid="period-summary">
          {t("filters.showing", { from: filters.from, to: filters.to, previousFrom: filters.previous.from, previousTo: filters.previous.to })}
        </p>
      </div>
    </Form>
  );
}
