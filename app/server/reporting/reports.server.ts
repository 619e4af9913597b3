/**
 * The `/reporting` figures (PRODUCT.md "Reporting and insight"), each aggregated in SQL over the dossiers the
 * viewer may count (app/server/access/reporting-scope.server.ts) — the same statements on PGlite and PostgreSQL.
 * Working times come from the columns the transitions write with the working-time clock (decision 070), so a
 * median here is `percentile_cont` over stored numbers, not a loop over dossiers in JavaScript.
 *
 * Every table is returned as plain rows of cells (numbers unformatted; the page formats them for its language,
 * the CSV writes them plain), with small counts already suppressed for non-administrators.
 */
import { and, asc, eq, isNotNull, inArray, ne, type SQL, sql, type SQLWrapper } from "drizzle-orm";
import type { Actor } from "~/domain/access/actor";
import { localDayStart } from "~/domain/dossier/working-time";
import type { Period, ReportFilters } from "~/domain/reporting/filters";
import { type Cell, maskCount, maskDerived, SMALL_COUNT_LIMIT } from "~/domain/reporting/small-counts";
import type { ReportTableId } from "~/domain/reporting/tables";
import type { CurvePoint } from "~/domain/reporting/learning-curve";
import { curvesWithin } from "./learning-curve.server";
import { reportingScope } from "../access/reporting-scope.server";
import { cachedFigures } from "./report-cache.server";
import { config } from "../config.server";
import { UNSHARED_STATUSES } from "~/domain/access/permissions";
import { DOSSIER_STATUSES } from "~/domain/dossier/lifecycle";
import { dossier, organisation, reportDay, reportHours, user } from "../db/schema";

const DAY_MS = 86_400_000;
/** The histogram bin of working times: a tenth of an hour, the precision the page shows (decision 074). */
const TENTH_MS = 360_000;
const OPEN_STATUSES = ["draft", "submitted", "in_review", "returned"];
const STATUS_COLUMN = {
  draft: reportDay.createdDraft,
  submitted: reportDay.createdSubmitted,
  in_review: reportDay.createdInReview,
  returned: reportDay.createdReturned,
  completed: reportDay.createdCompleted,
  cancelled: reportDay.createdCancelled,
} as const;

export interface ReportTable {
  id: ReportTableId;
  rows: Cell[][];
}

export interface Report {
  filters: ReportFilters;
  organisations: { id: string; name: string }[];
  suppressSmallCounts: boolean;
  targetWorkingDays: number;
  tables: Record<ReportTableId, ReportTable>;
  /** The professionals' learning curves within the viewer's scope (a supervisor: their organisations' professionals). */
  curves: { professional: string; points: CurvePoint[] }[];
  /** Curves left out for a viewer who sees small counts as "< 5": too few reviews to show one professional's curve. */
  hiddenCurves: number;
}

interface Bounds {
  from: Date;
  to: Date;
}

function bounds(p: Period): Bounds {
  const end = new Date(`${p.to}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  return { from: localDayStart(p.from), to: localDayStart(end.toISOString().slice(0, 10)) };
}

const within = (column: SQLWrapper, b: Bounds) => sql`(${column} >= ${b.from.toISOString()}::timestamptz and ${column} < ${b.to.toISOString()}::timestamptz)`;
const hours = (ms: number | null) => (ms === null ? null : Math.round((ms / 3_600_000) * 10) / 10);
const rate = (part: number, whole: number) => (whole > 0 ? Math.round((1000 * part) / whole) / 10 : null);
type Scope = Awaited<ReturnType<typeof reportingScope>>;

/** The roll-up rows of the period's clinic days within the viewer's reach (decision 074). */
const daysOf = (scope: Scope, table: typeof reportDay | typeof reportHours, p: Period) =>
  sql`${scope.rollupOrganisations(table.organisationId)} and ${table.day} >= ${p.from}::date and ${table.day} <= ${p.to}::date`;
/** Dossiers created in the period, by current status: a supervisor counts no drafts (not shared with them). */
const unsharedFor = (scope: Scope, status: string) => scope.sharedOnly && (UNSHARED_STATUSES as readonly string[]).includes(status);
const createdOf = (scope: Scope) =>
  sql.join(
    DOSSIER_STATUSES.filter((status) => !unsharedFor(scope, status)).map((status) => sql`${STATUS_COLUMN[status]}`),
    sql` + `,
  );

/** The whole ISO weeks (Monday to Sunday) inside a period, as [first Monday, the Monday after the last); empty: [from, from). */
export function wholeWeeks(p: Period): [string, string] {
  const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  const from = day(p.from);
  const first = new Date(from);
  first.setUTCDate(from.getUTCDate() + ((8 - from.getUTCDay()) % 7));
  const after = day(p.to);
  after.setUTCDate(after.getUTCDate() + 1);
  const end = new Date(after);
  end.setUTCDate(after.getUTCDate() - ((after.getUTCDay() + 6) % 7));
  return first < end ? [iso(first), iso(end)] : [p.from, p.from];
}

interface Hours {
  /** How many dossiers, how many within the target, and the median and p90 in milliseconds. */
  n: number;
  within: number;
  p50: number;
  p90: number;
}

/**
 * The working-time percentiles of both periods in one read of the histograms (`report_hours`): per period the
 * review and the claim clock, and the current period's review clock per reviewer ("current:reviewer:<id>"). A
 * percentile is what `percentile_cont` gives over the dossiers' times in started tenths of an hour: the two bins
 * around the rank q·(n−1), interpolated.
 */
async function hoursOf(scope: Scope, filters: ReportFilters, targetMs: number): Promise<Map<string, Hours>> {
  const rank = (q: number, round: "floor" | "ceil") => sql.raw(`${round}(${q} * (total - 1))`);
  const at = (q: number, round: "floor" | "ceil") => sql`min(tenths) filter (where upto > ${rank(q, round)})::int`;
  // Whole weeks from week rows, the days at the edges from day rows (the two periods never overlap).
  const ranges = (p: Period) => {
    const [weeksFrom, weeksEnd] = wholeWeeks(p);
    return sql`(${reportHours.span} = 'week' and ${reportHours.day} >= ${weeksFrom}::date and ${reportHours.day} < ${weeksEnd}::date)
      or (${reportHours.span} = 'day' and ${reportHours.day} >= ${p.from}::date and ${reportHours.day} < ${weeksFrom}::date)
      or (${reportHours.span} = 'day' and ${reportHours.day} >= ${weeksEnd}::date and ${reportHours.day} <= ${p.to}::date)`;
  };
  const result = await scope.db.execute(sql`
    with h as (
      select case when ${reportHours.day} >= ${filters.from}::date then 'current' else 'previous' end as k,
        ${reportHours.measure} as measure, ${reportHours.reviewerId} as reviewer, ${reportHours.tenths} as tenths, sum(${reportHours.n}) as n
      from ${reportHours}
      where ${scope.rollupOrganisations(reportHours.organisationId)} and (${ranges(filters)} or ${ranges(filters.previous)})
      group by 1, 2, 3, 4
    ), s as (
      select k || ':' || measure as g, tenths, sum(n) as n from h group by 1, 2
      union all
      select 'current:reviewer:' || reviewer, tenths, sum(n) from h where k = 'current' and measure = 'review' and reviewer <> '' group by 1, 2
    ), c as (
      select g, tenths, n, sum(n) over (partition by g order by tenths) as upto, sum(n) over (partition by g) as total from s where n > 0
    )
    select g, max(total)::int as total, (sum(n) filter (where tenths <= ${Math.floor(targetMs / TENTH_MS)}))::int as within,
      ${at(0.5, "floor")} as lo50, ${at(0.5, "ceil")} as hi50, ${at(0.9, "floor")} as lo90, ${at(0.9, "ceil")} as hi90
    from c group by g`);
  const rows = (result as unknown as { rows: { g: string; total: number; within: number | null; lo50: number; hi50: number; lo90: number; hi90: number }[] }).rows;
  const interpolate = (q: number, total: number, lo: number, hi: number) => {
    const rankAt = q * (total - 1);
    return (lo + (hi - lo) * (rankAt - Math.floor(rankAt))) * TENTH_MS;
  };
  return new Map(
    rows.map((r) => [
      r.g,
      { n: Number(r.total), within: Number(r.within ?? 0), p50: interpolate(0.5, Number(r.total), r.lo50, r.hi50), p90: interpolate(0.9, Number(r.total), r.lo90, r.hi90) },
    ]),
  );
}

/**
 * The roll-up's totals in one statement: per period (`filter` on its days) the summary's counts, and for the
 * current period the funnel's counts per status and the image-quality ratings.
 */
async function totalsOf(scope: Scope, filters: ReportFilters) {
  const inPeriod = (p: Period) => sql`${reportDay.day} >= ${p.from}::date and ${reportDay.day} <= ${p.to}::date`;
  const total = (expression: SQL, p: Period) => sql`coalesce(sum(${expression}) filter (where ${inPeriod(p)}), 0)`;
  const summary = (p: Period) =>
    sql`array[${sql.join(
      [
        createdOf(scope),
        sql`${reportDay.completed}`,
        sql`${reportDay.firstPass}`,
        sql`${reportDay.agree}`,
        sql`${reportDay.referred}`,
        sql`${reportDay.quality1} + ${reportDay.quality2} + ${reportDay.quality3} + ${reportDay.quality4} + ${reportDay.quality5}`,
        sql`${reportDay.quality1} + 2 * ${reportDay.quality2} + 3 * ${reportDay.quality3} + 4 * ${reportDay.quality4} + 5 * ${reportDay.quality5}`,
        sql`${reportDay.scored}`,
        sql`${reportDay.scoreSum}`,
      ].map((e) => total(e, p)),
      sql`, `,
    )}]::float8[]`;
  // A supervisor's funnel has no drafts: they are not shared with them (visibleDossiers).
  const statusCounts = DOSSIER_STATUSES.map((status) => (unsharedFor(scope, status) ? sql`0` : total(sql`${STATUS_COLUMN[status]}`, filters)));
  const ratings = [reportDay.quality1, reportDay.quality2, reportDay.quality3, reportDay.quality4, reportDay.quality5].map((c) => total(sql`${c}`, filters));
  const [row] = await scope.db
    .select({
      current: sql<number[]>`${summary(filters)}`,
      previous: sql<number[]>`${summary(filters.previous)}`,
      statuses: sql<number[]>`array[${sql.join(statusCounts, sql`, `)}]::float8[]`,
      ratings: sql<number[]>`array[${sql.join(ratings, sql`, `)}]::float8[]`,
    })
    .from(reportDay)
    .where(and(scope.rollupOrganisations(reportDay.organisationId), sql`(${inPeriod(filters)} or ${inPeriod(filters.previous)})`));
  const numbers = (xs: (number | string)[] | null) => (xs ?? []).map(Number);
  return { current: numbers(row?.current), previous: numbers(row?.previous), statuses: numbers(row?.statuses), ratings: numbers(row?.ratings) };
}

/** One period's summary: the roll-up's totals (in totalsOf's order) and the working-time percentiles. */
function summaryOf(totals: number[], hours: Map<string, Hours>, which: "current" | "previous") {
  const [created, completed, firstPass, agree, referred, rated, qualitySum, scored, scoreSum] = totals;
  const r = hours.get(`${which}:review`);
  const c = hours.get(`${which}:claim`);
  return {
    created,
    completed,
    timed: r?.n ?? 0,
    turnaroundMedian: r ? r.p50 : null,
    turnaroundP90: r ? r.p90 : null,
    withinTarget: r?.within ?? 0,
    claimed: c?.n ?? 0,
    claimMedian: c ? c.p50 : null,
    claimP90: c ? c.p90 : null,
    firstPass,
    agree,
    referred,
    rated,
    quality: rated ? qualitySum / rated : null,
    score: scored ? scoreSum / scored : null,
  };
}

/**
 * How long the open dossiers of the period have waited in their status (median and longest, in days): this
 * changes every minute, so it is read from the dossiers, in one statement. Per status the two dossiers around
 * the median rank, found by position in `dossier_open_updated_idx` (newest change first, the period's count from
 * the roll-up in the same snapshot), instead of sorting them all; the longest is the oldest change.
 */
async function ageOfOpen(scope: Scope, b: Bounds, days: SQL, now: Date) {
  const statuses = OPEN_STATUSES.filter((status) => !unsharedFor(scope, status));
  if (!statuses.length) return new Map<string, { medianDays: number | null; maxDays: number | null }>();
  const age = sql`extract(epoch from (${now.toISOString()}::timestamptz - ${dossier.updatedAt})) / 86400`;
  const open = (status: string) => sql`${scope.dossiers} and ${dossier.status} = ${status} and ${within(dossier.createdAt, b)}`;
  const counted = (status: string) => sql.raw(`n_${status}`);
  const count = (status: string) => sql`(select ${counted(status)} from n)`;
  // The two dossiers around the median rank (one when the count is odd), in one ordered scan.
  const middle = (status: string) =>
    sql`(select array_agg(a) from (select ${age} as a from ${dossier} where ${open(status)} order by ${dossier.updatedAt} desc offset (select greatest(floor(0.5 * (${counted(status)} - 1)), 0) from n) limit 2) m)`;
  const columns = statuses.map(
    (status) =>
      sql`${count(status)}::int, (select ${counted(status)}[1] from m), (select ${counted(status)}[2] from m), (select ${age} from ${dossier} where ${open(status)} order by ${dossier.updatedAt} asc limit 1)::float8`,
  );
  const counts = statuses.map((status) => sql`coalesce(sum(${STATUS_COLUMN[status as keyof typeof STATUS_COLUMN]}), 0) as ${counted(status)}`);
  const result = await scope.db.execute(sql`
    with n as (select ${sql.join(counts, sql`, `)} from ${reportDay} where ${days}),
    m as (select ${sql.join(
      statuses.map((status) => sql`${middle(status)} as ${counted(status)}`),
      sql`, `,
    )})
    select array[${sql.join(columns, sql`, `)}]::float8[] as v`);
  const v = (result as unknown as { rows: { v: (number | string | null)[] }[] }).rows[0].v.map((x) => (x === null ? null : Number(x)));
  return new Map(
    statuses.map((status, i) => {
      const [n, lo, next, max] = v.slice(i * 4, i * 4 + 4);
      // percentile_cont(0.5): the middle one, or halfway between the two middle ones.
      const hi = n && n % 2 === 0 ? next : lo;
      return [status, { medianDays: lo === null || hi === null ? null : lo + (hi - lo) * 0.5, maxDays: max }];
    }),
  );
}

type Summary = Awaited<ReturnType<typeof summaryOf>>;

function summaryRows(now: Summary, before: Summary, suppress: boolean): Cell[][] {
  const line = (metric: string, pick: (s: Summary) => { value: number | null; basis: number; count?: boolean }): Cell[] => {
    const a = pick(now);
    const b = pick(before);
    const shown = (x: typeof a) => (x.count ? maskCount(x.value ?? 0, suppress) : maskDerived(x.value, x.basis, suppress));
    const ca = shown(a);
    const cb = shown(b);
    const change = typeof ca === "number" && typeof cb === "number" ? Math.round((ca - cb) * 10) / 10 : null;
    return [metric, ca, cb, change];
  };
  const r2 = (x: number | null) => (x === null ? null : Math.round(x * 10) / 10);
  return [
    line("created", (s) => ({ value: s.created, basis: s.created, count: true })),
    line("completed", (s) => ({ value: s.completed, basis: s.completed, count: true })),
    line("turnaround-median-hours", (s) => ({ value: hours(s.turnaroundMedian), basis: s.timed })),
    line("turnaround-p90-hours", (s) => ({ value: hours(s.turnaroundP90), basis: s.timed })),
    line("within-target-percent", (s) => ({ value: rate(s.withinTarget, s.timed), basis: s.timed })),
    line("claim-median-hours", (s) => ({ value: hours(s.claimMedian), basis: s.claimed })),
    line("claim-p90-hours", (s) => ({ value: hours(s.claimP90), basis: s.claimed })),
    line("first-pass-percent", (s) => ({ value: rate(s.firstPass, s.completed), basis: s.completed })),
    line("agreement-percent", (s) => ({ value: rate(s.agree, s.completed), basis: s.completed })),
    line("referral-percent", (s) => ({ value: rate(s.referred, s.completed), basis: s.completed })),
    line("image-quality-mean", (s) => ({ value: r2(s.quality), basis: s.rated })),
    line("reasoning-score-mean", (s) => ({ value: r2(s.score), basis: s.completed })),
  ];
}

/** One row per professional: reviews, the rolling mean now, the review at which CUSUM first found them proficient, relapses. */
export function curveRows(curves: { professional: string; points: CurvePoint[] }[]): Cell[][] {
  return curves.map(({ professional, points }) => [
    professional,
    points.length,
    points.at(-1)?.rolling ?? null,
    points.find((p) => p.flag === "proficient")?.n ?? null,
    points.filter((p) => p.flag === "relapse").length,
  ]);
}

export async function loadReport(actor: Actor | null | undefined, filters: ReportFilters, now: Date = new Date()): Promise<Report> {
  const scope = await reportingScope(actor, filters.organisationIds);
  return cachedFigures(scope, ["reporting", filters], () => computeReport(scope, filters, now));
}

async function computeReport(scope: Scope, filters: ReportFilters, now: Date): Promise<Report> {
  const suppress = scope.suppressSmallCounts;
  const b = bounds(filters);
  const targetWorkingDays = config().reviewTargetWorkingDays;
  const targetMs = targetWorkingDays * DAY_MS;
  const days = daysOf(scope, reportDay, filters);

  const [totals, workingTimes, weekly, funnelAges, supervisorRows, organisations, curves] = await Promise.all([
    totalsOf(scope, filters),
    hoursOf(scope, filters, targetMs),
    scope.db
      .select({
        week: sql<string>`to_char(date_trunc('week', ${reportDay.day}::timestamp), 'YYYY-MM-DD')`,
        organisation: organisation.name,
        n: sql<number>`sum(${createdOf(scope)})::int`,
      })
      .from(reportDay)
      .innerJoin(organisation, eq(organisation.id, reportDay.organisationId))
      .where(days)
      .groupBy(sql`1`, organisation.name)
      .having(sql`sum(${createdOf(scope)}) > 0`)
      .orderBy(sql`1`, organisation.name),
    ageOfOpen(scope, b, days, now),
    // The supervisors with a review open now (whenever its dossier was made) or completed in the period.
    scope.db
      .select({
        id: user.id,
        name: user.name,
        open: sql<number>`sum(${reportDay.inReview})::int`,
        completed: sql<number>`coalesce(sum(${reportDay.completed}) filter (where ${reportDay.day} >= ${filters.from}::date and ${reportDay.day} <= ${filters.to}::date), 0)::int`,
      })
      .from(reportDay)
      .innerJoin(user, eq(user.id, reportDay.reviewerId))
      .where(scope.rollupOrganisations(reportDay.organisationId))
      .groupBy(user.id, user.name)
      .having(sql`sum(${reportDay.inReview}) > 0 or sum(${reportDay.completed}) filter (where ${reportDay.day} >= ${filters.from}::date and ${reportDay.day} <= ${filters.to}::date) > 0`)
      .orderBy(asc(user.name)),
    scope.db
      .select({
        name: organisation.name,
        completed: sql<number>`sum(${reportDay.completed})::int`,
        agree: sql<number>`sum(${reportDay.agree})::int`,
        partly: sql<number>`sum(${reportDay.partly})::int`,
        disagree: sql<number>`sum(${reportDay.disagree})::int`,
        referred: sql<number>`sum(${reportDay.referred})::int`,
        firstPass: sql<number>`sum(${reportDay.firstPass})::int`,
      })
      .from(reportDay)
      .innerJoin(organisation, eq(organisation.id, reportDay.organisationId))
      .where(days)
      .groupBy(organisation.name)
      .having(sql`sum(${reportDay.completed}) > 0`)
      .orderBy(asc(organisation.name)),
    curvesWithin(scope.db, scope.dossiers, b.to.toISOString()),
  ]);

  const current = summaryOf(totals.current, workingTimes, "current");
  const previous = summaryOf(totals.previous, workingTimes, "previous");
  const supervisors = supervisorRows.map((u) => ({ ...u, medianMs: workingTimes.get(`current:reviewer:${u.id}`)?.p50 ?? null }));
  const funnel = DOSSIER_STATUSES.map((status, i) => {
    const age = funnelAges.get(status);
    return { status, n: totals.statuses[i] ?? 0, medianDays: age?.medianDays ?? null, maxDays: age?.maxDays ?? null };
  });
  const quality = { ratings: totals.ratings };

  const funnelOrder = ["draft", "submitted", "in_review", "returned", "completed", "cancelled"];
  const byStatus = new Map<string, (typeof funnel)[number]>(funnel.map((f) => [f.status, f]));
  const round1 = (x: number | null) => (x === null ? null : Math.round(x * 10) / 10);
  const tables: Record<ReportTableId, ReportTable> = {
    summary: { id: "summary", rows: summaryRows(current, previous, suppress) },
    weekly: { id: "weekly", rows: weekly.map((w) => [w.week, w.organisation, maskCount(w.n, suppress)]) },
    funnel: {
      id: "funnel",
      rows: funnelOrder.map((status) => {
        const f = byStatus.get(status);
        const n = f?.n ?? 0;
        const open = OPEN_STATUSES.includes(status);
        return [status, maskCount(n, suppress), open ? maskDerived(round1(f?.medianDays ?? null), n, suppress) : null, open ? maskDerived(round1(f?.maxDays ?? null), n, suppress) : null];
      }),
    },
    supervisors: {
      id: "supervisors",
      rows: supervisors.map((s) => [s.name, maskCount(s.open, suppress), maskCount(s.completed, suppress), maskDerived(hours(s.medianMs), s.completed, suppress)]),
    },
    organisations: {
      id: "organisations",
      rows: organisations.map((o) => [
        o.name,
        maskCount(o.completed, suppress),
        maskDerived(rate(o.agree, o.completed), o.completed, suppress),
        maskDerived(rate(o.partly, o.completed), o.completed, suppress),
        maskDerived(rate(o.disagree, o.completed), o.completed, suppress),
        maskDerived(rate(o.referred, o.completed), o.completed, suppress),
        maskDerived(rate(o.firstPass, o.completed), o.completed, suppress),
      ]),
    },
    curves: { id: "curves", rows: [] },
    quality: { id: "quality", rows: [1, 2, 3, 4, 5].map((rating) => [rating, maskCount(Number(quality?.ratings[rating - 1] ?? 0), suppress)]) },
  };
  // A curve stands for one professional's own reviews: shown only from 5 reviews on to non-administrators.
  const shownCurves = suppress ? curves.filter((c) => c.points.length >= SMALL_COUNT_LIMIT) : curves;
  tables.curves = { id: "curves", rows: curveRows(shownCurves) };
  // How many were left out, so the page can say why the section is empty rather than that there is nothing.
  const hiddenCurves = curves.length - shownCurves.length;
  return { filters, organisations: scope.organisations, suppressSmallCounts: suppress, targetWorkingDays, tables, curves: shownCurves, hiddenCurves };
}
