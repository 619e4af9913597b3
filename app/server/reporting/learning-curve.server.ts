/**
 * A professional's learning curve (decision 072): their completed reviews' reasoning scores in order, with the
 * rolling mean computed in SQL (a window over the last ROLLING_WINDOW) and the CUSUM flags on top. Read through
 * the access layer: only dossiers the viewer may read count, so a professional sees their own curve, a supervisor
 * those of their organisations' professionals, an administrator everyone's; anyone else an empty curve.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Actor } from "~/domain/access/actor";
import { learningCurve, ROLLING_WINDOW, type CurvePoint } from "~/domain/reporting/learning-curve";
import { dossierReadScope } from "../access/dossier-scope.server";
import type { Database } from "../db/client.server";
import { dossier, user } from "../db/schema";

/** Enough reviews for a curve on a page; older ones are left out (the rolling mean needs only the last twenty). */
export const CURVE_MAX_POINTS = 200;

/**
 * The newest CURVE_MAX_POINTS scored reviews among those `scored` admits, each with its rolling mean. The window
 * runs over the newest CURVE_MAX_POINTS + ROLLING_WINDOW − 1 only (the oldest point shown still averages a full
 * window), read in order from dossier_professional_scored_idx (decision 074): a window over every completed dossier
 * would make the page grow with the professional's history. Columns: score, rolling, at, id.
 */
function newestScoredReviews(scored: SQL): SQL {
  const read = CURVE_MAX_POINTS + ROLLING_WINDOW - 1;
  return sql`
    select score, rolling, at, id from (
      select score, at, id,
        (avg(score) over (order by at, id rows between ${sql.raw(String(ROLLING_WINDOW - 1))} preceding and current row))::float8 as rolling,
        row_number() over (order by at desc, id desc) as newest
      from (
        select ${dossier.reasoningScore}::int as score, ${dossier.completedAt} as at, ${dossier.id} as id
        from ${dossier}
        where ${scored} and ${dossier.status} = 'completed' and ${dossier.reasoningScore} is not null
        order by ${dossier.completedAt} desc, ${dossier.id} desc
        limit ${read}
      ) newest_reviews
    ) windowed where newest <= ${CURVE_MAX_POINTS}`;
}

export async function professionalCurve(actor: Actor, professionalId: string): Promise<CurvePoint[]> {
  const { db, visible } = dossierReadScope(actor);
  const rows = await db.execute<{ score: number; rolling: number }>(sql`
    select score, rolling from (${newestScoredReviews(sql`${visible} and ${dossier.professionalId} = ${professionalId}`)}) c order by at, id`);
  const list = (rows as unknown as { rows: { score: number; rolling: number }[] }).rows;
  return learningCurve(
    list.map((r) => Number(r.score)),
    list.map((r) => Number(r.rolling)),
  );
}

/** Every professional's curve among the dossiers `condition` admits (a reporting scope), completed before `before`. */
export async function curvesWithin(db: Database, condition: SQL, before: string): Promise<{ professional: string; points: CurvePoint[] }[]> {
  const result = await db.execute(sql`
    select u.name as professional, c.score, c.rolling
    from ${user} u cross join lateral (
      ${newestScoredReviews(sql`${dossier.professionalId} = u.id and ${condition} and ${dossier.completedAt} < ${before}::timestamptz`)}
    ) c
    order by u.name, c.at, c.id`);
  const by = new Map<string, { scores: number[]; rolling: number[] }>();
  for (const r of (result as unknown as { rows: { professional: string; score: number; rolling: number }[] }).rows) {
    const entry = by.get(r.professional) ?? { scores: [], rolling: [] };
    entry.scores.push(Number(r.score));
    entry.rolling.push(Number(r.rolling));
    by.set(r.professional, entry);
  }
  return [...by.entries()].map(([professional, c]) => ({ professional, points: learningCurve(c.scores, c.rolling) }));
}
