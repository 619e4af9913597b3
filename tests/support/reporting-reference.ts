/**
 * The data pages' figures computed from scratch over the dossiers, as they were before the roll-up (decision 074):
 * every figure an aggregate over `dossier` rows and their jsonb, working-time percentiles with `percentile_cont`
 * over the dossiers' times in started tenths of an hour. Tests compare the pages (which read the roll-up) with
 * this after every kind of change, so a trigger that misses one shows as a different number.
 */
import { and, asc, eq, isNotNull, type SQL, sql, type SQLWrapper } from "drizzle-orm";
import type { Actor } from "~/domain/access/actor";
import { clinicTimeZone } from "~/domain/clinic-time-zone";
import { DIAGNOSES, PLANS } from "~/domain/dossier/choices";
import { localDayStart } from "~/domain/dossier/working-time";
import { cohensKappa, KAPPA_MIN_PAIRS, perClass, weakest } from "~/domain/reporting/agreement";
import type { Period, ReportFilters } from "~/domain/reporting/filters";
import { learningCurve, ROLLING_WINDOW, type CurvePoint } from "~/domain/reporting/learning-curve";
import { type Cell, maskCount, maskDerived } from "~/domain/reporting/small-counts";
import type { ReportTableId } from "~/domain/reporting/tables";
import type { EarFilter } from "~/domain/reporting/case-tables";
import { actingAs } from "~/server/access/actor-db.server";
import { reportingScope } from "~/server/access/reporting-scope.server";
import { config } from "~/server/config.server";
import type { Database } from "~/server/db/client.server";
import { dossier, organisation, user } from "~/server/db/schema";
import type { CaseHandling } from "~/server/reporting/case-handling.server";
import { CURVE_MAX_POINTS } from "~/server/reporting/learning-curve.server";
import { curveRows, type Report, type ReportTable } from "~/server/reporting/reports.server";

const DAY_MS = 86_400_000;
/** Working times in started tenths of an hour, as the roll-up counts them (decision 074). */
const BINNED = (column: SQLWrapper) => sql`(ceil(${column} / 360000.0) * 360000)`;
const OPEN_STATUSES = ["draft", "submitted", "in_review", "returned"];

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
      turnaroundMedian: sql<number | null>`(percentile_cont(0.5) within group (order by ${BINNED(dossier.reviewWorkingMs)}) filter (where ${completed}))::float8`,
      turnaroundP90: sql<number | null>`(percentile_cont(0.9) within group (order by ${BINNED(dossier.reviewWorkingMs)}) filter (where ${completed}))::float8`,
      withinTarget: sql<number>`count(*) filter (where ${completed} and ${dossier.reviewWorkingMs} <= ${targetMs})::int`,
      claimed: sql<number>`count(${dossier.claimWaitWorkingMs}) filter (where ${within(dossier.firstSubmittedAt, b)})::int`,
      claimMedian: sql<number | null>`(percentile_cont(0.5) within group (order by ${BINNED(dossier.claimWaitWorkingMs)}) filter (where ${within(dossier.firstSubmittedAt, b)}))::float8`,
      claimP90: sql<number | null>`(percentile_cont(0.9) within group (order by ${BINNED(dossier.claimWaitWorkingMs)}) filter (where ${within(dossier.firstSubmittedAt, b)}))::float8`,
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

export async function referenceReport(actor: Actor | null | undefined, filters: ReportFilters, now: Date = new Date()): Promise<Report> {
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
        week: sql<string>`to_char(date_trunc('week', ${dossier.createdAt} at time zone ${clinicTimeZone()}), 'YYYY-MM-DD')`,
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
        medianMs: sql<number | null>`(percentile_cont(0.5) within group (order by ${BINNED(dossier.reviewWorkingMs)}) filter (where ${completedIn}))::float8`,
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
    referenceCurves(scope.db, scope.dossiers, b.to.toISOString()),
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
  return { filters, organisations: scope.organisations, suppressSmallCounts: suppress, targetWorkingDays, tables, curves: shownCurves, hiddenCurves: curves.length - shownCurves.length };
}

/**
 * Every professional's curve among the dossiers `condition` admits (a reporting scope), completed before `before`:
 * the rolling mean per professional as a window in SQL; the newest CURVE_MAX_POINTS per professional.
 */
async function referenceCurves(db: Database, condition: SQL, before: string): Promise<{ professional: string; points: CurvePoint[] }[]> {
  const result = await db.execute(sql`
    select professional, score, rolling from (
      select ${user.name} as professional, ${dossier.reasoningScore}::int as score, ${dossier.completedAt} as at, ${dossier.id} as id,
        (avg(${dossier.reasoningScore}) over w)::float8 as rolling,
        row_number() over (partition by ${dossier.professionalId} order by ${dossier.completedAt} desc, ${dossier.id} desc) as newest
      from ${dossier} join ${user} on ${user.id} = ${dossier.professionalId}
      where ${condition} and ${dossier.status} = 'completed' and ${dossier.reasoningScore} is not null and ${dossier.completedAt} < ${before}::timestamptz
      window w as (partition by ${dossier.professionalId} order by ${dossier.completedAt}, ${dossier.id} rows between ${sql.raw(String(ROLLING_WINDOW - 1))} preceding and current row)
    ) s where newest <= ${CURVE_MAX_POINTS} order by professional, at, id`);
  const by = new Map<string, { scores: number[]; rolling: number[] }>();
  for (const r of (result as unknown as { rows: { professional: string; score: number; rolling: number }[] }).rows) {
    const entry = by.get(r.professional) ?? { scores: [], rolling: [] };
    entry.scores.push(Number(r.score));
    entry.rolling.push(Number(r.rolling));
    by.set(r.professional, entry);
  }
  return [...by.entries()].map(([professional, c]) => ({ professional, points: learningCurve(c.scores, c.rolling) }));
}



const CELL_LIST_LIMIT = 50;

function caseBounds(p: Period) {
  const end = new Date(`${p.to}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  return { from: localDayStart(p.from).toISOString(), to: localDayStart(end.toISOString().slice(0, 10)).toISOString() };
}

const EARS_SQL = (ear: EarFilter) => (ear === "all" ? sql`(values ('left'), ('right')) as e(ear)` : sql`(values (${ear})) as e(ear)`);
const PRO_DX = sql`(${dossier.reasoning} -> e.ear ->> 'diagnosis')`;
const SUP_DX = sql`coalesce(${dossier.review} -> 'ears' -> e.ear ->> 'diagnosis', ${dossier.reasoning} -> e.ear ->> 'diagnosis')`;

export async function referenceCaseHandling(actor: Actor | null | undefined, filters: ReportFilters, ear: EarFilter, cell: { pro: string; sup: string } | null): Promise<CaseHandling> {
  actingAs(actor, "insight.read");
  const scope = await reportingScope(actor, filters.organisationIds);
  const b = caseBounds(filters);
  const completedIn = sql`${dossier.status} = 'completed' and ${dossier.completedAt} >= ${b.from}::timestamptz and ${dossier.completedAt} < ${b.to}::timestamptz`;
  const pairsWhere = (extra?: SQLWrapper) => sql`${scope.dossiers} and ${completedIn} and (${dossier.review} -> 'ears') ? e.ear and ${PRO_DX} is not null ${extra ? sql`and ${extra}` : sql``}`;
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

  const planValues = sql.join(
    PLANS.map((p) => sql`(${p})`),
    sql`, `,
  );
  const [pairs, plans, calibration, curves] = await Promise.all([
    scope.db.execute(sql`
      select ${PRO_DX} as pro, ${SUP_DX} as sup, count(*)::int as n
      from ${dossier} cross join ${EARS_SQL(ear)}
      where ${pairsWhere()}
      group by 1, 2`),
    scope.db.execute(sql`
      select pl.plan as plan,
        count(*) filter (where pro_has)::int as proposed,
        count(*) filter (where sup_has)::int as advised,
        count(*) filter (where pro_has and sup_has)::int as both,
        count(*) filter (where pro_has or sup_has)::int as either
      from (
        select ${dossier.reasoning} -> e.ear -> 'plan' as pro_plan,
          case when jsonb_array_length(coalesce(${dossier.review} -> 'ears' -> e.ear -> 'plan', '[]'::jsonb)) = 0
            then ${dossier.reasoning} -> e.ear -> 'plan' else ${dossier.review} -> 'ears' -> e.ear -> 'plan' end as sup_plan
        from ${dossier} cross join ${EARS_SQL(ear)}
        where ${pairsWhere()}
      ) ears
      cross join (values ${planValues}) as pl(plan)
      cross join lateral (select coalesce(ears.pro_plan ? pl.plan, false) as pro_has, coalesce(ears.sup_plan ? pl.plan, false) as sup_has) has
      group by pl.plan`),
    scope.db.execute(sql`
      select (${dossier.reasoning} -> e.ear ->> 'confidence')::int as confidence, count(*)::int as n, count(*) filter (where ${PRO_DX} = ${SUP_DX})::int as agreed
      from ${dossier} cross join ${EARS_SQL(ear)}
      where ${pairsWhere(sql`${dossier.reasoning} -> e.ear ? 'confidence'`)}
      group by 1 order by 1`),
    referenceCurves(scope.db, scope.dossiers, b.to),
  ]);

  const codes = DIAGNOSES as readonly string[];
  const index = new Map(codes.map((c, i) => [c, i]));
  const matrix = codes.map(() => codes.map(() => 0));
  for (const r of rowsOf<{ pro: string; sup: string; n: number }>(pairs)) {
    const i = index.get(r.pro);
    const j = index.get(r.sup);
    if (i !== undefined && j !== undefined) matrix[i][j] += Number(r.n);
  }
  const kappa = cohensKappa(matrix);
  const classes = perClass(matrix);
  const worst = weakest(classes);
  const pct = (x: number | null) => (x === null ? null : Math.round(x * 1000) / 10);

  const planRows = rowsOf<{ plan: string; proposed: number; advised: number; both: number; either: number }>(plans);
  const byPlan = new Map(planRows.map((r) => [r.plan, r]));
  const calibrationRows = rowsOf<{ confidence: number; n: number; agreed: number }>(calibration);

  let listed: CaseHandling["cell"] = null;
  if (cell && index.has(cell.pro) && index.has(cell.sup)) {
    const rows = rowsOf<{ id: string; ear: string; professional: string; completed_at: string | Date }>(
      await scope.db.execute(sql`
        select ${dossier.id} as id, e.ear as ear, ${user.name} as professional, ${dossier.completedAt} as completed_at
        from ${dossier} cross join ${EARS_SQL(ear)} join ${user} on ${user.id} = ${dossier.professionalId}
        where ${pairsWhere(sql`${PRO_DX} = ${cell.pro} and ${SUP_DX} = ${cell.sup}`)}
        order by ${dossier.completedAt} desc limit ${CELL_LIST_LIMIT}`),
    );
    listed = { ...cell, dossiers: rows.map((r) => ({ id: r.id, ear: r.ear, professional: r.professional, completedAt: new Date(r.completed_at).toISOString() })) };
  }

  return {
    filters,
    ear,
    organisations: scope.organisations,
    diagnoses: codes,
    matrix,
    kappa,
    fewPairs: kappa.n < KAPPA_MIN_PAIRS,
    weakest: worst ? codes[worst.index] : null,
    tables: {
      matrix: codes.map((code, i) => [code, ...matrix[i]]),
      diagnoses: classes.map((c) => [codes[c.index], c.support, pct(c.precision), pct(c.recall), pct(c.f1)]),
      plans: PLANS.map((plan) => {
        const r = byPlan.get(plan);
        return [plan, r?.proposed ?? 0, r?.advised ?? 0, r?.both ?? 0, r && r.either ? pct(r.both / r.either) : null];
      }),
      calibration: calibrationRows.map((r) => [r.confidence, r.n, r.agreed, pct(r.n ? r.agreed / r.n : null)]),
      curves: curveRows(curves),
    },
    curves,
    cell: listed,
  };
}
