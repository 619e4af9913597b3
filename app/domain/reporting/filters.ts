/**
 * The filters of the reporting pages, as they live in the URL (so a view can be bookmarked and shared): a period
 * (a preset or custom dates, whole days in the clinic's time zone, both ends included), the organisations, and
 * the previous period of the same length for comparison. Pure: the page, the CSV endpoint and the tests share it.
 */
import { z } from "zod";
import { addDays, dayStart, daysBetween, isCalendarDay } from "../calendar-day";

export const REPORT_PRESETS = ["4w", "quarter", "year", "custom"] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];
export const DEFAULT_PRESET = "4w" satisfies ReportPreset;
/** The longest custom period: enough for multi-year comparisons, bounded so one request stays cheap. */
export const MAX_PERIOD_DAYS = 3 * 366;
/** At most this many organisations in one filter (more is "all"). */
export const MAX_FILTER_ORGANISATIONS = 50;

export interface Period {
  /** First day, YYYY-MM-DD. */
  from: string;
  /** Last day (included), YYYY-MM-DD. */
  to: string;
}

export interface ReportFilters extends Period {
  preset: ReportPreset;
  /** Empty: every organisation the viewer may report on. */
  organisationIds: string[];
  previous: Period;
}

export type FilterProblem = "period" | "organisation";

const organisationId = z.string().regex(/^[0-9A-Za-z-]{1,64}$/);

const toIso = (d: Date) => d.toISOString().slice(0, 10);

/** Days in a period, both ends included. */
export function periodDays(p: Period): number {
  return daysBetween(p.from, p.to) + 1;
}

/** The period of the same length just before `p`. */
export function previousPeriod(p: Period): Period {
  const days = periodDays(p);
  return { from: addDays(p.from, -days), to: addDays(p.from, -1) };
}

/** A preset's period, seen on `today` (YYYY-MM-DD, the clinic's day). */
export function presetPeriod(preset: Exclude<ReportPreset, "custom">, today: string): Period {
  switch (preset) {
    case "4w":
      return { from: addDays(today, -27), to: today };
    case "quarter": {
      // The last complete calendar quarter.
      const d = dayStart(today);
      const quarterStartMonth = Math.floor(d.getUTCMonth() / 3) * 3;
      const end = new Date(Date.UTC(d.getUTCFullYear(), quarterStartMonth, 0));
      const start = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - 2, 1));
      return { from: toIso(start), to: toIso(end) };
    }
    case "year":
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}

/**
 * The filters of a URL's search parameters (`period`, `from`, `to`, repeated `org`). Something unusable is named
 * as a problem and replaced by the default, so a page still shows (the problem beside the filter) and the CSV
 * endpoint can refuse with 400.
 */
export function parseReportFilters(params: URLSearchParams, today: string): { filters: ReportFilters; problems: FilterProblem[] } {
  const problems: FilterProblem[] = [];
  const requested = params.get("period") ?? DEFAULT_PRESET;
  let preset: ReportPreset = (REPORT_PRESETS as readonly string[]).includes(requested) ? (requested as ReportPreset) : DEFAULT_PRESET;
  if (preset !== requested) problems.push("period");
  let period: Period;
  if (preset === "custom") {
    const from = params.get("from") ?? "";
    const to = params.get("to") ?? "";
    // Days the product accepts (calendar-day.ts), so the previous period below is a date every layer takes too.
    const ok = isCalendarDay(from) && isCalendarDay(to) && from <= to && periodDays({ from, to }) <= MAX_PERIOD_DAYS;
    if (ok) period = { from, to };
    else {
      problems.push("period");
      preset = DEFAULT_PRESET;
      period = presetPeriod(DEFAULT_PRESET, today);
    }
  } else period = presetPeriod(preset as Exclude<ReportPreset, "custom">, today);
  const orgs = params.getAll("org").filter((o) => o !== "");
  const organisationIds = [...new Set(orgs.filter((o) => organisationId.safeParse(o).success))];
  if (organisationIds.length !== new Set(orgs).size || organisationIds.length > MAX_FILTER_ORGANISATIONS) problems.push("organisation");
  return { filters: { preset, ...period, organisationIds: organisationIds.slice(0, MAX_FILTER_ORGANISATIONS), previous: previousPeriod(period) }, problems };
}

/** The search parameters that reproduce these filters (links, CSV addresses). */
export function filterSearch(f: Pick<ReportFilters, "preset" | "from" | "to" | "organisationIds">): string {
  const p = new URLSearchParams();
  p.set("period", f.preset);
  if (f.preset === "custom") {
    p.set("from", f.from);
    p.set("to", f.to);
  }
  for (const o of f.organisationIds) p.append("org", o);
  return p.toString();
}
