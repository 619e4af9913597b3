/**
 * A professional's learning curve (decision 072): their completed reviews' reasoning scores in order, with the
 * rolling mean computed in SQL (a window over the last ROLLING_WINDOW) and the CUSUM flags on top. Read through
 * the access layer: only dossiers the viewer may read count, so a professional sees their own curve, a supervisor
 * those of their organisations' professionals, an administrator everyone's; anyone else an empty curve.
 */
import { sql } from "drizzle-orm";
import type { Actor } from "~/domain/access/actor";
import { learningCurve, ROLLING_WINDOW, type CurvePoint } from "~/domain/reporting/learning-curve";
import { dossierReadScope } from "../access/dossier-scope.server";
import { dossier } from "../db/schema";

/** Enough reviews for a curve on a page; older ones are left out (the rolling mean needs only the last twenty). */
export const CURVE_MAX_POINTS = 200;

export async function professionalCurve(actor: Actor, professionalId: string): Promise<CurvePoint[]> {
  const { db, visible } = dossierReadScope(actor);
  const rows = await db.execute<{ score: number; rolling: number }>(sql`
    select score, rolling from (
      select ${dossier.reasoningScore}::int as score, ${dossier.completedAt} as completed_at,
        (avg(${dossier.reasoningScore}) over (order by ${dossier.completedAt}, ${dossier.id} rows between ${sql.raw(String(ROLLING_WINDOW - 1))} preceding and current row))::float8 as rolling
      from ${dossier}
      where ${visible} and ${dossier.professionalId} = ${professionalId} and ${dossier.status} = 'completed' and ${dossier.reasoningScore} is not null
      order by ${dossier.completedAt} desc, ${dossier.id} desc
      limit ${CURVE_MAX_POINTS}
    ) recent order by completed_at`);
  const list = (rows as unknown as { rows: { score: number; rolling: number }[] }).rows;
  return learningCurve(
    list.map((r) => Number(r.score)),
    list.map((r) => Number(r.rolling)),
  );
}
