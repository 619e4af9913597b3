/** The CSV endpoints of the data pages (api-table `reportingCsv`, `caseHandlingCsv`): one table, the page's filters from the query string. */
import { z } from "zod";
import { AppError } from "~/domain/errors";
import { localDayOf, isoDay } from "~/domain/dossier/working-time";
import { parseReportFilters } from "~/domain/reporting/filters";
import { REPORT_TABLE_IDS, REPORT_TABLES } from "~/domain/reporting/tables";
import { CASE_TABLE_IDS, CASE_TABLES, caseParams, type CaseTableId } from "~/domain/reporting/case-tables";
import { loadCaseHandling } from "./case-handling.server";
import { withActor } from "../api/api-endpoint.server";
import { csvDocument, csvFileName } from "./csv.server";
import { loadReport } from "./reports.server";

/** The request's query string as search parameters (Express has already split it; repeated keys are arrays). */
export function searchOf(originalUrl: string): URLSearchParams {
  return new URL(originalUrl, "http://casus.invalid").searchParams;
}

export const reportingCsvEndpoint = withActor({
  params: z.object({ table: z.enum(REPORT_TABLE_IDS as [string, ...string[]]) }),
  async handle({ req, res, actor, params }) {
    const { filters, problems } = parseReportFilters(searchOf(req.originalUrl), isoDay(localDayOf(new Date())));
    if (problems.length) throw new AppError("invalid-argument", { field: problems[0] });
    const report = await loadReport(actor, filters);
    const table = params.table as keyof typeof REPORT_TABLES;
    const names = report.organisations.filter((o) => filters.organisationIds.includes(o.id)).map((o) => o.name);
    res.set("Content-Type", "text/csv; charset=utf-8");
    res.set("Content-Disposition", `attachment; filename="${csvFileName("reporting", table, filters)}"`);
    res.send(
      csvDocument({
        title: `Casus reporting: ${table}`,
        filters,
        organisationNames: names,
        columns: REPORT_TABLES[table],
        rows: report.tables[table].rows,
        generatedAt: new Date(),
        extra: [["review target (working days)", String(report.targetWorkingDays)], ["small counts", report.suppressSmallCounts ? "fewer than 5 shown as < 5" : "exact"]],
      }),
    );
  },
});

export const caseHandlingCsvEndpoint = withActor({
  params: z.object({ table: z.enum(CASE_TABLE_IDS as [string, ...string[]]) }),
  async handle({ req, res, actor, params }) {
    const search = searchOf(req.originalUrl);
    const { filters, problems } = parseReportFilters(search, isoDay(localDayOf(new Date())));
    const { ear, problem } = caseParams(search);
    if (problems.length || problem) throw new AppError("invalid-argument", { field: problems[0] ?? "ear" });
    const data = await loadCaseHandling(actor, filters, ear, null);
    const table = params.table as CaseTableId;
    const names = data.organisations.filter((o) => filters.organisationIds.includes(o.id)).map((o) => o.name);
    res.set("Content-Type", "text/csv; charset=utf-8");
    res.set("Content-Disposition", `attachment; filename="${csvFileName("case-handling", `${table}-${ear}-ears`, filters)}"`);
    const kappa = data.kappa.kappa === null ? "" : `${data.kappa.kappa.toFixed(3)} (95% CI ${data.kappa.low!.toFixed(3)} to ${data.kappa.high!.toFixed(3)}, ${data.kappa.n} pairs)`;
    res.send(
      csvDocument({
        title: `Casus case handling: ${table}`,
        filters,
        organisationNames: names,
        columns: CASE_TABLES[table],
        rows: data.tables[table],
        generatedAt: new Date(),
        extra: [["ears", ear], ["cohen kappa", kappa]],
      }),
    );
  },
});
