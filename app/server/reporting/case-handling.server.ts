/**
 * `/admin/data-insights/case-behandeling` (PRODUCT.md "Reporting and insight"; decision 073): how cases are
 * handled, over the completed reviews of the filtered period. Every figure is an SQL aggregate over ear pairs
 * (one pair per reviewed ear: the professional's working diagnosis and the supervisor's, where an ear review the
 * supervisor left without a diagnosis lets the professional's stand, as the reasoning score counts it). Kappa,
 * precision and recall are then arithmetic on the counts (app/domain/reporting/agreement.ts).
 */
import { and, eq, gt, sql, type SQLWrapper } from "drizzle-orm";
import type { Actor } from "~/domain/access/actor";
import { DIAGNOSES, PLANS } from "~/domain/dossier/choices";
import { localDayStart } from "~/domain/dossier/working-time";
import { cohensKappa, KAPPA_MIN_PAIRS, perClass, weakest, type KappaResult } from "~/domain/reporting/agreement";
import type { Period, ReportFilters } from "~/domain/reporting/filters";
import type { CurvePoint } from "~/domain/reporting/learning-curve";
import type { Cell } from "~/domain/reporting/small-counts";
import type { CaseTableId, EarFilter } from "~/domain/reporting/case-tables";
import { actingAs } from "../access/actor-db.server";
import type { AuditOrigin } from "../audit/audit.server";
import { recordListRead } from "../audit/list-reads.server";
import { reportingScope, type ReportingScope } from "../access/reporting-scope.server";
import { cachedFigures } from "./report-cache.server";
import { curvesWithin } from "./learning-curve.server";
import { curveRows } from "./reports.server";
import { dossier, reportPair, reportPlan, user } from "../db/schema";

/** The dossiers listed for one clicked cell. */
export const CELL_LIST_LIMIT = 50;

function bounds(p: Period) {
  const end = new Date(`${p.to}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  return { from: localDayStart(p.from).toISOString(), to: localDayStart(end.toISOString().slice(0, 10)).toISOString() };
}

const EARS_SQL = (ear: EarFilter) => (ear === "all" ? sql`(values ('left'), ('right')) as e(ear)` : sql`(values (${ear})) as e(ear)`);
const PRO_DX = sql`(${dossier.reasoning} -> e.ear ->> 'diagnosis')`;
const SUP_DX = sql`coalesce(${dossier.review} -> 'ears' -> e.ear ->> 'diagnosis', ${dossier.reasoning} -> e.ear ->> 'diagnosis')`;

export interface CaseHandling {
  filters: ReportFilters;
  ear: EarFilter;
  organisations: { id: string; name: string }[];
  diagnoses: readonly string[];
  /** matrix[pro][sup] */
  matrix: number[][];
  kappa: KappaResult;
  fewPairs: boolean;
  weakest: string | null;
  tables: Record<CaseTableId, Cell[][]>;
  curves: { professional: string; points: CurvePoint[] }[];
  cell: { pro: string; sup: string; dossiers: { id: string; ear: string; professional: string; completedAt: string }[] } | null;
}

export async function loadCaseHandling(
  actor: Actor | null | undefined,
  filters: ReportFilters,
  ear: EarFilter,
  cell: { pro: string; sup: string } | null,
  origin: AuditOrigin = {},
): Promise<CaseHandling> {
  const { actor: viewer } = actingAs(actor, "insight.read");
  const scope = await reportingScope(actor, filters.organisationIds);
  const figures = await cachedFigures(scope, ["case-handling", filters, ear, cell], () => computeCaseHandling(scope, filters, ear, cell));
  // A cell's list names dossiers with both diagnoses: a read of patient data, logged for every viewer (outside the
  // cache, which is shared by administrators and would otherwise log only the first).
  if (figures.cell) await recordListRead(viewer, "diagnosis-pair", figures.cell.dossiers.map((d) => d.id), origin);
  return figures;
}

async function computeCaseHandling(scope: ReportingScope, filters: ReportFilters, ear: EarFilter, cell: { pro: string; sup: string } | null): Promise<CaseHandling> {
  const b = bounds(filters);
  const completedIn = sql`${dossier.status} = 'completed' and ${dossier.completedAt} >= ${b.from}::timestamptz and ${dossier.completedAt} < ${b.to}::timestamptz`;
  const pairsWhere = (extra?: SQLWrapper) => sql`${scope.dossiers} and ${completedIn} and (${dossier.review} -> 'ears') ? e.ear and ${PRO_DX} is not null ${extra ? sql`and ${extra}` : sql``}`;
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

  // The counts come from the roll-up (decision 074): per organisation, completion day and ear, kept by a trigger.
  const pairDays = and(
    scope.rollupOrganisations(reportPair.organisationId),
    sql`${reportPair.day} >= ${filters.from}::date and ${reportPair.day} <= ${filters.to}::date`,
    ear === "all" ? undefined : eq(reportPair.ear, ear),
  );
  const planDays = and(
    scope.rollupOrganisations(reportPlan.organisationId),
    sql`${reportPlan.day} >= ${filters.from}::date and ${reportPlan.day} <= ${filters.to}::date`,
    ear === "all" ? undefined : eq(reportPlan.ear, ear),
  );
  const [pairs, planRows, curves] = await Promise.all([
    // Per pair and stated confidence: the matrix sums over confidence, the calibration over the pairs.
    scope.db
      .select({ pro: reportPair.proDiagnosis, sup: reportPair.supDiagnosis, confidence: sql<number>`${reportPair.confidence}::int`, n: sql<number>`sum(${reportPair.n})::int` })
      .from(reportPair)
      .where(pairDays)
      .groupBy(reportPair.proDiagnosis, reportPair.supDiagnosis, reportPair.confidence)
      .having(sql`sum(${reportPair.n}) > 0`),
    scope.db
      .select({
        plan: reportPlan.plan,
        proposed: sql<number>`sum(${reportPlan.proposed})::int`,
        advised: sql<number>`sum(${reportPlan.advised})::int`,
        both: sql<number>`sum(${reportPlan.proposedAndAdvised})::int`,
        either: sql<number>`sum(${reportPlan.proposedOrAdvised})::int`,
      })
      .from(reportPlan)
      .where(planDays)
      .groupBy(reportPlan.plan),
    curvesWithin(scope.db, scope.dossiers, b.to),
  ]);

  const codes = DIAGNOSES as readonly string[];
  const index = new Map(codes.map((c, i) => [c, i]));
  const matrix = codes.map(() => codes.map(() => 0));
  for (const r of pairs) {
    const i = index.get(r.pro);
    const j = index.get(r.sup);
    if (i !== undefined && j !== undefined) matrix[i][j] += Number(r.n);
  }
  // Calibration: per stated confidence (0: none stated, not shown), how many pairs and how many agreed.
  const byConfidence = new Map<number, { confidence: number; n: number; agreed: number }>();
  for (const r of pairs.filter((p) => p.confidence > 0)) {
    const entry = byConfidence.get(r.confidence) ?? { confidence: r.confidence, n: 0, agreed: 0 };
    entry.n += r.n;
    if (r.pro === r.sup) entry.agreed += r.n;
    byConfidence.set(r.confidence, entry);
  }
  const calibrationRows = [...byConfidence.values()].sort((x, y) => x.confidence - y.confidence);
  const kappa = cohensKappa(matrix);
  const classes = perClass(matrix);
  const worst = weakest(classes);
  const pct = (x: number | null) => (x === null ? null : Math.round(x * 1000) / 10);

  const byPlan = new Map(planRows.map((r) => [r.plan, r]));

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
