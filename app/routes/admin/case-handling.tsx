/**
 * `/admin/data-insights/case-behandeling` (PRODUCT.md "Reporting and insight"): how cases are handled — the
 * confusion matrix of professional against supervisor diagnosis (cells list their dossiers), Cohen's kappa with
 * its 95% interval, precision and recall per diagnosis, plans proposed against advised, calibration of stated
 * confidence, and each professional's learning curve. Filters as on /reporting, plus the ear.
 */
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { CurvesSection } from "~/components/reporting/curves-section";
import { PageHeader } from "~/components/page-header";
import { categoryTick } from "~/components/reporting/category-tick";
import { ClientChart, FilterForm, ReportSection, useFormatCell } from "~/components/reporting/report-parts";
import { Alert } from "~/components/ui/alert";
import { isoDay, localDayOf } from "~/domain/dossier/working-time";
import { KAPPA_MIN_PAIRS } from "~/domain/reporting/agreement";
import { CASE_TABLES, caseParams, EAR_FILTERS, type CaseTableId } from "~/domain/reporting/case-tables";
import { filterSearch, parseReportFilters } from "~/domain/reporting/filters";
import { chartCurves, PROFICIENCY_LINE } from "~/domain/reporting/learning-curve";
import type { Cell } from "~/domain/reporting/small-counts";
import { routePath } from "~/domain/route-table";
import { useLocalizedPath } from "~/lib/use-locale";
import { dateTimeFormat } from "~/lib/format-date";
import { numberFormatter } from "~/lib/formatters";
import { auditOrigin } from "~/server/audit/audit.server";
import { authorize } from "~/server/auth/authorize.server";
import { loadCaseHandling } from "~/server/reporting/case-handling.server";
import type { Route } from "./+types/case-handling";
import { LINK } from "~/components/ui/targets";

export const handle = { i18n: ["reporting", "dossier"] };

export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader(args: Route.LoaderArgs) {
  const { user } = await authorize(args, "admin-case-handling");
  const search = new URL(args.request.url).searchParams;
  const { filters, problems } = parseReportFilters(search, isoDay(localDayOf(new Date())));
  const { ear, cell } = caseParams(search);
  const { curves, ...data } = await loadCaseHandling(user, filters, ear, cell, auditOrigin(args.request, args.context));
  const query = `${filterSearch(filters)}&ear=${ear}`;
  // The chart draws the rolling means only; the table carries the rest.
  return { data, curves: chartCurves(curves), problems, query };
}

const COLOURS = ["#075985", "#b45309", "#15803d", "#7e22ce", "#be123c", "#0f766e", "#4d7c0f", "#a16207", "#1d4ed8", "#9f1239"];
/** The names beside the bars: wide enough for two or three words a line at 320 px, where the chart is 254 px wide. */
const CATEGORY_AXIS_WIDTH = 110;
/** Room on the right for the half of the last number under the axis' end ("100"), which is centred on it. */
const CATEGORY_CHART_MARGIN = { top: 5, right: 16, bottom: 5, left: 0 };
const num = (c: Cell) => (typeof c === "number" ? c : null);

export default function Page({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation(["reporting", "dossier"]);
  const lp = useLocalizedPath();
  const format = useFormatCell();
  const { data, curves, problems, query } = loaderData;
  const { kappa } = data;
  const csv = (id: CaseTableId) => `/api/case-handling/csv/${id}?${query}`;
  const columns = (id: CaseTableId) => CASE_TABLES[id].map((key) => (key === "professional-diagnosis" ? t("reporting:cases.columns.professional-diagnosis") : id === "matrix" ? t(`dossier:choices.diagnosis.${key}`) : t(`reporting:cases.columns.${key}`)));
  // Each diagnosis's name once per render: the matrix asks for them in every cell's label.
  const names = new Map<Cell, string>();
  const dx = (code: Cell) => {
    let name = names.get(code);
    if (name === undefined) names.set(code, (name = t(`dossier:choices.diagnosis.${code}`)));
    return name;
  };
  const cellHref = (pro: string, sup: string) => `?${query}&cell=${encodeURIComponent(`${pro}~${sup}`)}#cell`;
  const twoDecimals = numberFormatter(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const k = (x: number | null) => (x === null ? "–" : twoDecimals.format(x));
  const when = dateTimeFormat(i18n.language, { dateStyle: "medium" });

  return (
    <>
      <PageHeader routeKey="admin-case-handling" />
      <p className="mb-4 text-slate-700">{t("reporting:cases.intro")}</p>
      <FilterForm filters={data.filters} organisations={data.organisations} problems={problems}>
        <fieldset className="mt-4 min-w-0">
          <legend className="text-sm font-medium text-slate-800">{t("reporting:cases.ear")}</legend>
          <div className="mt-1 flex flex-wrap gap-2">
            {EAR_FILTERS.map((e) => (
              <label key={e} className="inline-flex min-h-11 items-center gap-2 rounded-md border border-slate-300 px-3">
                <input type="radio" name="ear" value={e} defaultChecked={data.ear === e} />
                {t(`reporting:cases.ears.${e}`)}
              </label>
            ))}
          </div>
        </fieldset>
      </FilterForm>

      <section className="mb-8 rounded-lg border border-slate-200 bg-white p-4" aria-labelledby="kappa-title" data-testid="kappa">
        <h2 id="kappa-title" className="text-lg font-semibold">
          {t("reporting:cases.kappaTitle")}
        </h2>
        <p className="mt-1 text-2xl font-semibold tabular-nums" data-testid="kappa-value">
          κ = {k(kappa.kappa)}{" "}
          <span className="text-base font-normal text-slate-700">{t("reporting:cases.kappaInterval", { low: k(kappa.low), high: k(kappa.high), n: kappa.n })}</span>
        </p>
        <p className="mt-1 text-sm text-slate-700">{t("reporting:cases.kappaExplain", { observed: Math.round(kappa.observed * 100), expected: Math.round(kappa.expected * 100) })}</p>
        {data.fewPairs ? (
          <div className="mt-2">
            <Alert tone="error">{t("reporting:cases.fewPairs", { n: kappa.n, min: KAPPA_MIN_PAIRS })}</Alert>
          </div>
        ) : null}
        {data.weakest ? <p className="mt-2 text-sm" data-testid="weakest">{t("reporting:cases.weakest", { diagnosis: dx(data.weakest) })}</p> : null}
      </section>

      <ReportSection
        id="matrix"
        title={t("reporting:cases.sections.matrix")}
        description={t("reporting:cases.descriptions.matrix")}
        columns={columns("matrix")}
        rows={data.tables.matrix}
        csvHref={csv("matrix")}
        renderCell={(cell, column, row) => {
          if (column === 0) return <span className="font-medium">{dx(cell)}</span>;
          const sup = data.diagnoses[column - 1];
          const pro = row[0] as string;
          if (!cell) return <span className="text-slate-400">0</span>;
          return (
            <Link to={cellHref(pro, sup)} className={`inline-flex min-h-11 min-w-11 items-center sm:min-h-9 sm:min-w-9 justify-center rounded underline ${pro === sup ? "bg-green-100 font-semibold" : "bg-amber-50"}`} aria-label={t("reporting:cases.cellLabel", { count: cell as number, pro: dx(pro), sup: dx(sup) })}>
              {format(cell)}
            </Link>
          );
        }}
      />
      {data.cell ? (
        <ReportSection
          id="cell"
          title={t("reporting:cases.cellTitle", { pro: dx(data.cell.pro), sup: dx(data.cell.sup) })}
          columns={[t("reporting:cases.columns.completed"), t("reporting:cases.columns.professional"), t("reporting:cases.columns.ear"), t("reporting:cases.columns.dossier")]}
          rows={data.cell.dossiers.map((d) => [d.completedAt, d.professional, d.ear, d.id])}
          renderCell={(cell, column) =>
            column === 0 ? when.format(new Date(cell as string)) : column === 2 ? t(`dossier:choices.ear.${cell}`) : column === 3 ? (
              <Link className={LINK} to={lp(routePath("admin-dossier", { caseId: cell as string }))}>
                {t("reporting:cases.open")}
              </Link>
            ) : undefined
          }
        />
      ) : null}
      <span id="cell" />

      <ReportSection
        id="diagnoses"
        title={t("reporting:cases.sections.diagnoses")}
        description={t("reporting:cases.descriptions.diagnoses")}
        columns={columns("diagnoses")}
        rows={data.tables.diagnoses}
        csvHref={csv("diagnoses")}
        renderCell={(cell, column) => (column === 0 ? dx(cell) : undefined)}
        chart={
          <ClientChart size="tall">
            {({ Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Text, Tooltip, XAxis, YAxis }) => (
              <ResponsiveContainer width="100%" height="100%">
                {/* Bars side by side, each name before them (category-tick.tsx): slanted names under the bars ran past
                    the chart's left edge and over each other on a phone. */}
                <BarChart accessibilityLayer={false} layout="vertical" margin={CATEGORY_CHART_MARGIN} data={data.tables.diagnoses.map((r) => ({ name: dx(r[0]), precision: num(r[2]), recall: num(r[3]) }))}>
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis type="number" domain={[0, 100]} fontSize={11} />
                  <YAxis type="category" dataKey="name" interval={0} width={CATEGORY_AXIS_WIDTH} fontSize={10} tick={categoryTick(Text)} />
                  <Tooltip />
                  <Legend wrapperStyle={{ fontSize: 11 }} />
                  <Bar dataKey="precision" name={t("reporting:cases.columns.precision-percent")} fill={COLOURS[0]} />
                  <Bar dataKey="recall" name={t("reporting:cases.columns.recall-percent")} fill={COLOURS[1]} />
                </BarChart>
              </ResponsiveContainer>
            )}
          </ClientChart>
        }
      />
      <ReportSection
        id="plans"
        title={t("reporting:cases.sections.plans")}
        description={t("reporting:cases.descriptions.plans")}
        columns={columns("plans")}
        rows={data.tables.plans}
        csvHref={csv("plans")}
        renderCell={(cell, column) => (column === 0 ? t(`dossier:choices.plan.${cell}`) : undefined)}
        chart={
          <ClientChart size="tall">
            {({ Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Text, Tooltip, XAxis, YAxis }) => (
              <ResponsiveContainer width="100%" height="100%">
                <BarChart accessibilityLayer={false} layout="vertical" margin={CATEGORY_CHART_MARGIN} data={data.tables.plans.map((r) => ({ name: t(`dossier:choices.plan.${r[0]}`), proposed: num(r[1]), advised: num(r[2]) }))}>
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis type="number" allowDecimals={false} fontSize={11} />
                  <YAxis type="category" dataKey="name" interval={0} width={CATEGORY_AXIS_WIDTH} fontSize={10} tick={categoryTick(Text)} />
                  <Tooltip />
                  <Legend wrapperStyle={{ fontSize: 11 }} />
                  <Bar dataKey="proposed" name={t("reporting:cases.columns.proposed")} fill={COLOURS[0]} />
                  <Bar dataKey="advised" name={t("reporting:cases.columns.advised")} fill={COLOURS[2]} />
                </BarChart>
              </ResponsiveContainer>
            )}
          </ClientChart>
        }
      />
      <ReportSection
        id="calibration"
        title={t("reporting:cases.sections.calibration")}
        description={t("reporting:cases.descriptions.calibration")}
        columns={columns("calibration")}
        rows={data.tables.calibration}
        csvHref={csv("calibration")}
        chart={
          <ClientChart size="small">
            {({ Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis }) => (
              <ResponsiveContainer width="100%" height="100%">
                <BarChart accessibilityLayer={false} data={data.tables.calibration.map((r) => ({ confidence: String(r[0]), agreed: num(r[3]) }))}>
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis dataKey="confidence" fontSize={11} />
                  <YAxis domain={[0, 100]} fontSize={11} width={32} />
                  <Tooltip />
                  <Bar dataKey="agreed" name={t("reporting:cases.columns.agreed-percent")} fill={COLOURS[5]} />
                </BarChart>
              </ResponsiveContainer>
            )}
          </ClientChart>
        }
      />
      <CurvesSection
        title={t("reporting:cases.sections.curves")}
        description={t("reporting:cases.descriptions.curves", { line: PROFICIENCY_LINE })}
        columns={columns("curves")}
        rows={data.tables.curves}
        csvHref={csv("curves")}
        curves={curves}
      />
    </>
  );
}
