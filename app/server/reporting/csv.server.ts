/**
 * CSV of one reporting table (PRODUCT.md "Reporting and insight"): the filters in the file name and in the first
 * lines (`# key: value`), then the column keys and the rows, numbers plain (no locale), small counts as on screen.
 * Text that a spreadsheet would run as a formula (= + - @ at the start, after any spaces) is prefixed with an
 * apostrophe, and text with a comma, a semicolon (the separator Dutch spreadsheets split on), a quote or a line
 * break is quoted: no name can start a cell of its own. Each filter line is one such cell.
 */
import type { ReportFilters } from "~/domain/reporting/filters";
import type { Cell } from "~/domain/reporting/small-counts";

function field(value: Cell): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const safe = /^\s*[=+\-@]|^[\t\r]/.test(value) ? `'${value}` : value;
  return /[",;\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvFileName(page: string, table: string, filters: ReportFilters): string {
  const orgs = filters.organisationIds.length ? `-${filters.organisationIds.length}-organisations` : "-all-organisations";
  return `casus-${page}-${table}-${filters.from}_${filters.to}${orgs}.csv`;
}

export function csvDocument(input: {
  title: string;
  filters: ReportFilters;
  organisationNames: string[];
  columns: readonly string[];
  rows: Cell[][];
  generatedAt: Date;
  extra?: [string, string][];
}): string {
  const { filters } = input;
  const meta: [string, string][] = [
    ["report", input.title],
    ["period", `${filters.from} to ${filters.to}`],
    ["previous period", `${filters.previous.from} to ${filters.previous.to}`],
    ["organisations", input.organisationNames.length ? input.organisationNames.join("; ") : "all"],
    ...(input.extra ?? []),
    ["generated", input.generatedAt.toISOString()],
  ];
  const lines = [...meta.map(([k, v]) => field(`# ${k}: ${v.replace(/[\r\n]+/g, " ")}`)), input.columns.map(field).join(","), ...input.rows.map((r) => r.map(field).join(","))];
  return `${lines.join("\r\n")}\r\n`;
}
