/**
 * `/reporting` (PRODUCT.md "Reporting and insight"): throughput, turnaround on the working-time clock, workload,
 * agreement, referrals and image quality for a period, compared with the period before; administrators see every
 * organisation, supervisors theirs (the query's scope, app/server/access/reporting-scope.server.ts).
 */
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/page-header";
import { CurvesSection } from "~/components/reporting/curves-section";
import { ClientChart, FilterForm, ReportSection } from "~/components/reporting/report-parts";
import { chartCurves, PROFICIENCY_LINE } from "~/domain/reporting/learning-curve";
import { isoDay, localDayOf } from "~/domain/dossier/working-time";
import { filterSearch, parseReportFilters } from "~/domain/reporting/filters";
import { SMALL_COUNT_LIMIT, type Cell } from "~/domain/reporting/small-counts";
import { REPORT_TABLES, type ReportTableId } from "~/domain/reporting/tables";
import { authorize } from "~/server/auth/authorize.server";
import { loadReport } from "~/server/reporting/reports.server";
import type { Route } from "./+types/reporting";

export const handle = { i18n: ["reporting", "dossier"] };

export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader(args: Route.LoaderArgs) {
  const { user } = await authorize(args, "reporting");
  const { filters, problems } = parseReportFilters(new URL(args.request.url).searchParams, isoDay(localDayOf(new Date())));
  const { curves, ...report } = await loadReport(user, filters);
  // The chart draws the rolling means only; the table carries the rest.
  return { report, curves: chartCurves(curves), problems, search: filterSearch(report.filters) };
}

const COLOURS = ["#075985", "#b45309", "#15803d", "#7e22ce", "#be123c", "#0f766e", "#4d7c0f", "#a16207"];
const num = (c: Cell) => (typeof c === "number" ? c : null);

export default function Page({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation(["reporting", "dossier"]);
  const { report, curves, problems, search } = loaderData;
  const csv = (id: ReportTableId) => `/api/reporting/csv/${id}?${search}`;
  const columns = (id: ReportTableId) => REPORT_TABLES[id].map((key) => t(`reporting:columns.${key}`));
  const { tables } = report;

  // Weeks as rows, organisations as stacked bars.
  const organisationNames = [...new Set(tables.weekly.rows.map((r) => r[1] as string))];
  const weeks = new Map<string, Record<string, number | string | null>>();
  for (const [week, org, n] of tables.weekly.rows) {
    const row = weeks.get(week as string) ?? { week: week as string };
    row[org as string] = num(n);
    weeks.set(week as string, row);
  }
  const statusLabel = (code: Cell) => t(`dossier:status.${code}`);

  return (
    <>
      <PageHeader routeKey="reporting" />
      <p className="mb-4 text-slate-700">
        {t("reporting:intro", { days: report.targetWorkingDays })}
        {report.suppressSmallCounts ? ` ${t("reporting:smallCounts", { limit: SMALL_COUNT_LIMIT })}` : ""}
      </p>
      <FilterForm filters={report.filters} organisations={report.organisations} problems={problems} />

      <ReportSection
        id="summary"
        title={t("reporting:sections.summary")}
        description={t("reporting:descriptions.summary", { days: report.targetWorkingDays })}
        columns={columns("summary")}
        rows={tables.summary.rows}
        renderCell={(cell, column) => (column === 0 ? t(`reporting:metrics.${cell}`) : undefined)}
        csvHref={csv("summary")}
      />
      <ReportSection
        id="weekly"
        title={t("reporting:sections.weekly")}
        columns={columns("weekly")}
        rows={tables.weekly.rows}
        csvHref={csv("weekly")}
        chart={
          <ClientChart>
            {({ Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis }) => (
              <ResponsiveContainer width="100%" height="100%">
                <BarChart accessibilityLayer={false} data={[...weeks.values()]}>
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis dataKey="week" fontSize={11} />
                  <YAxis allowDecimals={false} fontSize={11} width={32} />
                  <Tooltip />
                  <Legend wrapperStyle={{ fontSize: 11 }} />
                  {organisationNames.map((name, i) => (
                    <Bar key={name} dataKey={name} stackId="orgs" fill={COLOURS[i % COLOURS.length]} />
                  ))}
                </BarChart>
              </ResponsiveContainer>
            )}
          </ClientChart>
        }
      />
      <ReportSection
        id="funnel"
        title={t("reporting:sections.funnel")}
        description={t("reporting:descriptions.funnel")}
        columns={columns("funnel")}
        rows={tables.funnel.rows}
        renderCell={(cell, column) => (column === 0 ? statusLabel(cell) : undefined)}
        csvHref={csv("funnel")}
        chart={
          <ClientChart size="medium">
            {({ Bar, BarChart, ResponsiveContainer, Tooltip, XAxis, YAxis }) => (
              <ResponsiveContainer width="100%" height="100%">
                <BarChart accessibilityLayer={false} data={tables.funnel.rows.map((r) => ({ status: statusLabel(r[0]), n: num(r[1]) }))} layout="vertical" margin={{ left: 8 }}>
                  <XAxis type="number" allowDecimals={false} fontSize={11} />
                  <YAxis type="category" dataKey="status" width={110} fontSize={11} />
                  <Tooltip />
                  <Bar dataKey="n" name={t("reporting:columns.dossiers")} fill={COLOURS[0]} />
                </BarChart>
              </ResponsiveContainer>
            )}
          </ClientChart>
        }
      />
      <ReportSection
        id="supervisors"
        title={t("reporting:sections.supervisors")}
        columns={columns("supervisors")}
        rows={tables.supervisors.rows}
        csvHref={csv("supervisors")}
        chart={
          <ClientChart size="medium">
            {({ Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis }) => (
              <ResponsiveContainer width="100%" height="100%">
                <BarChart accessibilityLayer={false} data={tables.supervisors.rows.map((r) => ({ name: r[0], open: num(r[1]), completed: num(r[2]) }))}>
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis dataKey="name" fontSize={11} />
                  <YAxis allowDecimals={false} fontSize={11} width={32} />
                  <Tooltip />
                  <Legend wrapperStyle={{ fontSize: 11 }} />
                  <Bar dataKey="completed" name={t("reporting:columns.completed")} fill={COLOURS[0]} />
                  <Bar dataKey="open" name={t("reporting:columns.in-review")} fill={COLOURS[1]} />
                </BarChart>
              </ResponsiveContainer>
            )}
          </ClientChart>
        }
      />
      <ReportSection
        id="organisations"
        title={t("reporting:sections.organisations")}
        description={t("reporting:descriptions.organisations")}
        columns={columns("organisations")}
        rows={tables.organisations.rows}
        csvHref={csv("organisations")}
        chart={
          <ClientChart size="medium">
            {({ Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis }) => (
              <ResponsiveContainer width="100%" height="100%">
                <BarChart accessibilityLayer={false} data={tables.organisations.rows.map((r) => ({ name: r[0], agree: num(r[2]), referral: num(r[5]) }))}>
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis dataKey="name" fontSize={11} />
                  <YAxis domain={[0, 100]} fontSize={11} width={38} unit="%" />
                  <Tooltip />
                  <Legend wrapperStyle={{ fontSize: 11 }} />
                  <Bar dataKey="agree" name={t("reporting:columns.agree-percent")} fill={COLOURS[2]} />
                  <Bar dataKey="referral" name={t("reporting:columns.referral-percent")} fill={COLOURS[4]} />
                </BarChart>
              </ResponsiveContainer>
            )}
          </ClientChart>
        }
      />
      <ReportSection
        id="quality"
        title={t("reporting:sections.quality")}
        columns={columns("quality")}
        rows={tables.quality.rows}
        csvHref={csv("quality")}
        chart={
          <ClientChart size="small">
            {({ Bar, BarChart, ResponsiveContainer, Tooltip, XAxis, YAxis }) => (
              <ResponsiveContainer width="100%" height="100%">
                <BarChart accessibilityLayer={false} data={tables.quality.rows.map((r) => ({ rating: String(r[0]), n: num(r[1]) }))}>
                  <XAxis dataKey="rating" fontSize={11} />
                  <YAxis allowDecimals={false} fontSize={11} width={32} />
                  <Tooltip />
                  <Bar dataKey="n" name={t("reporting:columns.dossiers")} fill={COLOURS[5]} />
                </BarChart>
              </ResponsiveContainer>
            )}
          </ClientChart>
        }
      />
      <CurvesSection
        title={t("reporting:sections.curves")}
        description={t("reporting:cases.descriptions.curves", { line: PROFICIENCY_LINE })}
        columns={columns("curves")}
        rows={tables.curves.rows}
        csvHref={csv("curves")}
        curves={curves}
        empty={report.hiddenCurves > 0 ? t("reporting:curve.tooFew", { min: SMALL_COUNT_LIMIT }) : undefined}
        masked={report.hiddenCurves > 0}
      />
    </>
  );
}
