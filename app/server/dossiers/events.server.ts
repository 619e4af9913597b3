/**
 * The dossier event log. Every change and every view of a dossier is written here, in the same transaction as the
 * change. Changes (not views) are also announced on the live channel with pg_notify, which PostgreSQL delivers
 * to listeners only when the transaction commits — so nobody hears of a change that was rolled back.
 */
import { desc, eq, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.server";
import { dossierEvent, user } from "../db/schema";
import { LIVE_CHANNEL, type LiveEvent } from "../live/channel";

/** The dossier an event belongs to: its id and the facts that decide who may hear of it. */
export interface EventDossier {
  id: string;
  organisationId: string;
  professionalId: string;
}

export interface DossierEvent {
  /** create | edit | view | message | reminder | a lifecycle transition */
  kind: string;
  fromStatus?: string | null;
  toStatus?: string | null;
  /** The dossier's status after the event (for the live payload). */
  status: string;
  /** Which sections an edit touched, and similar small facts; never the content itself. */
  detail?: Record<string, unknown> | null;
}

/** Kinds that are recorded but not broadcast (a view changes nothing others need to see). */
const SILENT_KINDS = new Set(["view"]);

export async function recordDossierEvent(db: Queryable, on: EventDossier, actorId: string | null, event: DossierEvent): Promise<number> {
  const [row] = await db
    .insert(dossierEvent)
    .values({
      dossierId: on.id,
      organisationId: on.organisationId,
      professionalId: on.professionalId,
      actorId,
      kind: event.kind,
      fromStatus: event.fromStatus ?? null,
      toStatus: event.toStatus ?? null,
      detail: event.detail ?? null,
    })
    .returning({ seq: dossierEvent.seq });
  if (!SILENT_KINDS.has(event.kind)) await announceDossierEvent(db, row.seq, on, event.kind, event.status);
  return row.seq;
}

/**
 * Announces an event on the live channel (delivered when the transaction commits). Also used to tell a second
 * audience of an event already recorded, e.g. the old organisation's supervisors that a dossier moved away.
 */
export async function announceDossierEvent(db: Queryable, seq: number, on: EventDossier, kind: string, status: string): Promise<void> {
  const payload: LiveEvent = { seq, dossierId: on.id, organisationId: on.organisationId, professionalId: on.professionalId, kind, status };
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(payload)})`);
}

/** A page of one dossier's event log, newest first, with who acted. Callers check access first. */
export function readEventLog(db: Queryable, dossierId: string, page: { limit: number; offset?: number }) {
  return db
    .select({
      seq: dossierEvent.seq,
      kind: dossierEvent.kind,
      fromStatus: dossierEvent.fromStatus,
      toStatus: dossierEvent.toStatus,
      detail: dossierEvent.detail,
      at: dossierEvent.at,
      actorName: user.name,
      actorEmail: user.email,
    })
    .from(dossierEvent)
    .leftJoin(user, eq(user.id, dossierEvent.actorId))
    .where(eq(dossierEvent.dossierId, dossierId))
    .orderBy(desc(dossierEvent.seq))
    .limit(page.limit)
    .offset(page.offset ?? 0);
}
