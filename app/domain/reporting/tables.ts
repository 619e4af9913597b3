/**
 * The tables of `/reporting`: their ids (the CSV address names them) and column keys. The page words each column
 * (reporting:columns.<key>) in its language; the CSV header uses the keys themselves, so a spreadsheet built on
 * one export reads the next in any language.
 */
export const REPORT_TABLES = {
  summary: ["metric", "current", "previous", "change"],
  weekly: ["week", "organisation", "dossiers"],
  funnel: ["status", "dossiers", "median-days-since-change", "max-days-since-change"],
  supervisors: ["supervisor", "in-review", "completed", "median-review-hours"],
  organisations: ["organisation", "completed", "agree-percent", "partly-percent", "disagree-percent", "referral-percent", "first-pass-percent"],
  quality: ["image-quality", "dossiers"],
  curves: ["professional", "reviews", "rolling-now", "proficient-at", "relapses"],
} as const;

export type ReportTableId = keyof typeof REPORT_TABLES;
export const REPORT_TABLE_IDS = Object.keys(REPORT_TABLES) as ReportTableId[];

export function isReportTableId(value: string): value is ReportTableId {
  return (REPORT_TABLE_IDS as string[]).includes(value);
}
