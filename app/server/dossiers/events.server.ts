/**
 * The dossier event log. Every change and every view of a dossier is written here, in the same transaction as the
 * change. Changes (not views) are also announced on the live channel with pg_notify, which PostgreSQL delivers
 * to listeners only when the transaction commits — so nobody hears of a change that was rolled back.
 */
import { sql } from "drizzle-orm";
import type { Queryable } from "../db/client.server";
import { dossierEvent } from "../db/schema";
import { LIVE_CHANNEL, type LiveEvent } from "../live/channel";

export interface DossierEventInput {
  dossierId: string;
  organisationId: string;
  professionalId: string;
  actorId: string | null;
  kind: string;
  fromStatus?: string | null;
  toStatus?: string | null;
  /** The dossier's status after the event (for the live payload). */
  status: string;
  detail?: Record<string, unknown> | null;
}

/** Kinds that are recorded but not broadcast (a view changes nothing others need to see). */
const SILENT_KINDS = new Set(["view"]);

export async function recordDossierEvent(db: Queryable, input: DossierEventInput): Promise<number> {
  const [row] = await db
    .insert(dossierEvent)
    .values({
      dossierId: input.dossierId,
      organisationId: input.organisationId,
      professionalId: input.professionalId,
      actorId: input.actorId,
      kind: input.kind,
      fromStatus: input.fromStatus ?? null,
      toStatus: input.toStatus ?? null,
      detail: input.detail ?? null,
    })
    .returning({ seq: dossierEvent.seq });
  if (!SILENT_KINDS.has(input.kind)) {
    const payload: LiveEvent = {
      seq: row.seq,
      dossierId: input.dossierId,
      organisationId: input.organisationId,
      professionalId: input.professionalId,
      kind: input.kind,
      status: input.status,
    };
    await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(payload)})`);
  }
  return row.seq;
}
