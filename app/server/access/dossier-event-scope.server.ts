/**
 * The live event stream's replay, scoped: which dossier events an actor may receive after a reconnect.
 */
import { and, asc, eq, gt, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import { withoutOrganisation } from "~/domain/access/permissions";
import { systemDb } from "../db/client.server";
import { dossier, dossierEvent } from "../db/schema";
import type { Actor } from "../dossiers/actor.server";
import type { LiveEvent } from "../live/channel";
import { mayReceive } from "../live/visibility.server";

/** A coarse pre-filter by owner or organisation; the status rule is applied per event. */
function scope(actor: Actor): SQL | null {
  if (actor.role === "admin") return null;
  if (actor.role === "professional") return withoutOrganisation(actor) ? sql`false` : eq(dossierEvent.professionalId, actor.id);
  if (actor.supervisedOrganisationIds.length === 0) return eq(dossierEvent.organisationId, "");
  return inArray(dossierEvent.organisationId, [...actor.supervisedOrganisationIds]);
}

export interface ReplayLimits {
  margin: number;
  lateCommitMs: number;
  limit: number;
}

/**
 * The events after Last-Event-ID `after` that `actor` may receive, for a live stream's replay (sse.server.ts
 * explains the margin for late commits). The SQL condition narrows by owner or organisation; each event is then
 * decided by mayReceive — the permission table's dossier.read with the dossier's status at the time of the event.
 */
export async function missedEvents(actor: Actor, after: number, { margin, lateCommitMs, limit }: ReplayLimits): Promise<{ events: LiveEvent[]; truncated: boolean }> {
  const lateCommits = and(
    gt(dossierEvent.seq, Math.max(0, after - margin)),
    ne(dossierEvent.seq, after),
    sql`${dossierEvent.at} >= (select e.at - ${sql.raw(`interval '${lateCommitMs / 1000} seconds'`)} from ${dossierEvent} e where e.seq = ${after})`,
  )!;
  const conditions: SQL[] = [or(gt(dossierEvent.seq, after), lateCommits)!, ne(dossierEvent.kind, "view")];
  const scoped = scope(actor);
  if (scoped) conditions.push(scoped);
  const rows = await systemDb()
    .select({
      seq: dossierEvent.seq,
      dossierId: dossierEvent.dossierId,
      organisationId: dossierEvent.organisationId,
      professionalId: dossierEvent.professionalId,
      kind: dossierEvent.kind,
      // The status right after the event: its own target status, else that of the dossier's latest transition
      // before it (within one dossier events are written under the row lock, so seq order is commit order), else
      // draft (the create event names it). Not the current status: an edit of a draft must not reach supervisors
      // because the dossier was submitted since.
      status: sql<string>`coalesce(${dossierEvent.toStatus}, (select p.to_status from ${dossierEvent} p where p.dossier_id = ${dossierEvent.dossierId} and p.seq < ${dossierEvent.seq} and p.to_status is not null order by p.seq desc limit 1), ${dossier.status})`,
    })
    .from(dossierEvent)
    .innerJoin(dossier, eq(dossier.id, dossierEvent.dossierId))
    .where(and(...conditions))
    .orderBy(asc(dossierEvent.seq))
    .limit(limit + 1);
  const events = rows.slice(0, limit).map((r) => ({
    seq: Number(r.seq),
    dossierId: r.dossierId,
    organisationId: r.organisationId,
    professionalId: r.professionalId,
    kind: r.kind,
    status: r.status,
  }));
  return { events: events.filter((e) => mayReceive(actor, e)), truncated: rows.length > limit };
}

