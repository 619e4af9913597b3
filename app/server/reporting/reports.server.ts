/**
 * The `/reporting` figures (PRODUCT.md "Reporting and insight"), each aggregated in SQL over the dossiers the
 * viewer may count (app/server/access/reporting-scope.server.ts) — the same statements on PGlite and PostgreSQL.
 * Working times come from the columns the transitions write with the working-time clock (decision 070), so a
 * median here is `percentile_cont` over stored numbers, not a loop over dossiers in JavaScript.
 *
 * Every table is returned as plain rows of cells (numbers unformatted; the page formats them for its language,
 * the CSV writes them plain), with small counts already suppressed for non-administrators.
 */
import { and, asc, eq, isNotNull, sql, type SQLWrapper } from "drizzle-orm";
import type { Actor } from "~/domain/access/actor";
import { localDayStart } from "~/domain/dossier/working-time";
import type { Period, ReportFilters } from "~/domain/reporting/filters";
import { type Cell, maskCount, maskDerived } from "~/domain/reporting/small-counts";
import type { ReportTableId } from "~/domain/reporting/tables";
import type { CurvePoint } from "~/domain/reporting/learning-curve";
import { curvesWithin } from "./learning-curve.server";
import { reportingScope } from "../access/reporting-scope.server";
import { config } from "../config.server";
import { dossier, organisation, user } from "../db/schema";

const DAY_MS = 86_400_000;
const OPEN_STATUSES = ["draft", "submitted", "in_review", "returned"];

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
const REFERRED = sql`exists (select 1 from jsonb_each(coalesce(${dossier.review} -> 'ears', '{}'::jsonb)) as e(ear, advice) where jsonb_exists_any(e.advice -> 'plan', array['refer-gp', 'refer-ent']))`;

/** The one-row summary of a period: the figures compared with the previous period. */
async function summaryOf(scope: Awaited<ReturnType<typeof reportingScope>>, b: Bounds, targetMs: number) {
  const completed = within(dossier.completedAt, b);
  const [row] = await scope.db
    .select({
      created: sql<number>`count(*) filter (where ${within(dossier.createdAt, b)})::int`,
      completed: sql<number>`count(*) filter (where ${completed})::int`,
      timed: sql<number>`count(${dossier.reviewWorkingMs}) filter (where ${completed})::int`,
      turnaroundMedian: sql<number | null>`(percentile_cont(0.5) within group (order by ${dossier.reviewWorkingMs}) filter (where ${completed}))::float8`,
      turnaroundP90: sql<number | null>`(percentile_cont(0.9) within group (order by ${dossier.reviewWorkingMs}) filter (where ${completed}))::float8`,
      withinTarget: sql<number>`count(*) filter (where ${completed} and ${dossier.reviewWorkingMs} <= ${targetMs})::int`,
      claimed: sql<number>`count(${dossier.claimWaitWorkingMs}) filter (where ${within(dossier.firstSubmittedAt, b)})::int`,
      claimMedian: sql<number | null>`(percentile_cont(0.5) within group (order by ${dossier.claimWaitWorkingMs}) filter (where ${within(dossier.firstSubmittedAt, b)}))::float8`,
      claimP90: sql<number | null>`(percentile_cont(0.9) within group (order by ${dossier.claimWaitWorkingMs}) filter (where ${within(dossier.firstSubmittedAt, b)}))::float8`,
      firstPass: sql<number>`count(*) filter (where ${completed} and ${dossier.returnCount} = 0)::int`,
      agree: sql<number>`count(*) filter (where ${completed} and ${dossier.review} ->> 'agreement' = 'agree')::int`,
      referred: sql<number>`count(*) filter (where ${completed} and ${REFERRED})::int`,
      rated: sql<number>`count(*) filter (where ${completed} and ${dossier.review} ? 'imageQuality')::int`,
      quality: sql<number | null>`(avg((${dossier.review} ->> 'imageQuality')::int) filter (where ${completed}))::float8`,
      score: sql<number | null>`(avg(${dossier.reasoningScore}) filter (where ${completed}))::float8`,
    })
    .from(dossier)
    .where(and(scope.dossiers, sql`(${within(dossier.createdAt, b)} or ${completed} or ${within(dossier.firstSubmittedAt, b)})`));
  return row;
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
  const suppress = scope.suppressSmallCounts;
  const b = bounds(filters);
  const targetWorkingDays = config().reviewTargetWorkingDays;
  const targetMs = targetWorkingDays * DAY_MS;
  const completedIn = within(dossier.completedAt, b);

  const [current, previous, weekly, funnel, supervisors, organisations, quality, curves] = await Promise.all([
    summaryOf(scope, b, targetMs),
    summaryOf(scope, bounds(filters.previous), targetMs),
    scope.db
      .select({
        week: sql<string>`to_char(date_trunc('week', ${dossier.createdAt} at time zone 'Europe/Amsterdam'), 'YYYY-MM-DD')`,
        organisation: organisation.name,
        n: sql<number>`count(*)::int`,
      })
      .from(dossier)
      .innerJoin(organisation, eq(organisation.id, dossier.organisationId))
      .where(and(scope.dossiers, within(dossier.createdAt, b)))
      .groupBy(sql`1`, organisation.name)
      .orderBy(sql`1`, organisation.name),
    scope.db
      .select({
        status: dossier.status,
        n: sql<number>`count(*)::int`,
        medianDays: sql<number | null>`(percentile_cont(0.5) within group (order by extract(epoch from (${now.toISOString()}::timestamptz - ${dossier.updatedAt})) / 86400) filter (where ${dossier.status} in ('draft', 'submitted', 'in_review', 'returned')))::float8`,
        maxDays: sql<number | null>`(max(extract(epoch from (${now.toISOString()}::timestamptz - ${dossier.updatedAt})) / 86400) filter (where ${dossier.status} in ('draft', 'submitted', 'in_review', 'returned')))::float8`,
      })
      .from(dossier)
      .where(and(scope.dossiers, within(dossier.createdAt, b)))
      .groupBy(dossier.status),
    scope.db
      .select({
        name: user.name,
        open: sql<number>`count(*) filter (where ${dossier.status} = 'in_review')::int`,
        completed: sql<number>`count(*) filter (where ${completedIn})::int`,
        medianMs: sql<number | null>`(percentile_cont(0.5) within group (order by ${dossier.reviewWorkingMs}) filter (where ${completedIn}))::float8`,
      })
      .from(dossier)
      .innerJoin(user, eq(user.id, dossier.reviewerId))
      .where(and(scope.dossiers, isNotNull(dossier.reviewerId), sql`(${dossier.status} = 'in_review' or ${completedIn})`))
      .groupBy(user.id, user.name)
      .orderBy(asc(user.name)),
    scope.db
      .select({
        name: organisation.name,
        completed: sql<number>`count(*)::int`,
        agree: sql<number>`count(*) filter (where ${dossier.review} ->> 'agreement' = 'agree')::int`,
        partly: sql<number>`count(*) filter (where ${dossier.review} ->> 'agreement' = 'partly')::int`,
        disagree: sql<number>`count(*) filter (where ${dossier.review} ->> 'agreement' = 'disagree')::int`,
        referred: sql<number>`count(*) filter (where ${REFERRED})::int`,
        firstPass: sql<number>`count(*) filter (where ${dossier.returnCount} = 0)::int`,
      })
      .from(dossier)
      .innerJoin(organisation, eq(organisation.id, dossier.organisationId))
      .where(and(scope.dossiers, eq(dossier.status, "completed"), completedIn))
      .groupBy(organisation.name)
      .orderBy(asc(organisation.name)),
    scope.db
      .select({ rating: sql<number>`(${dossier.review} ->> 'imageQuality')::int`, n: sql<number>`count(*)::int` })
      .from(dossier)
      .where(and(scope.dossiers, completedIn, sql`${dossier.review} ? 'imageQuality'`))
      .groupBy(sql`1`)
      .orderBy(sql`1`),
    curvesWithin(scope.db, scope.dossiers, b.to.toISOString()),
  ]);

  const funnelOrder = ["draft", "submitted", "in_review", "returned", "completed", "cancelled"];
  const byStatus = new Map(funnel.map((f) => [f.status, f]));
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
    quality: { id: "quality", rows: [1, 2, 3, 4, 5].map((rating) => [rating, maskCount(quality.find((q) => q.rating === rating)?.n ?? 0, suppress)]) },
  };
  // A curve stands for one professional's own reviews: shown only from 5 reviews on to non-administrators.
  const shownCurves = suppress ? curves.filter((c) => c.points.length >= 5) : curves;
  tables.curves = { id: "curves", rows: curveRows(shownCurves) };
  return { filters, organisations: scope.organisations, suppressSmallCounts: suppress, targetWorkingDays, tables, curves: shownCurves };
}
