/**
 * Which dossiers an actor may read, as one SQL condition: the permission table's `dossier.read`
 * (app/domain/access/permissions.ts) — the owning professional (while in an organisation); supervisors assigned to the dossier's
 * organisation once it has been shared (not a draft, not a draft discarded before submitting); administrators.
 * access-scopes.server.test.ts holds this and `can()` to the same answers.
 */
import { and, eq, inArray, notInArray, sql, type SQL } from "drizzle-orm";
import type { Actor } from "~/domain/access/actor";
import { UNSHARED_STATUSES, withoutOrganisation } from "~/domain/access/permissions";
import { systemDb, type Database } from "../db/client.server";
import { dossier } from "../db/schema";

export function visibleDossiers(actor: Actor): SQL {
  switch (actor.role) {
    case "admin":
      return sql`true`;
    case "professional":
      return withoutOrganisation(actor) ? sql`false` : eq(dossier.professionalId, actor.id);
    case "supervisor":
      if (actor.supervisedOrganisationIds.length === 0) return sql`false`;
      return and(inArray(dossier.organisationId, [...actor.supervisedOrganisationIds]), notInArray(dossier.status, [...UNSHARED_STATUSES]))!;
  }
}

/**
 * The handle and the condition for reading many dossiers at once (figures, curves): every query built from it
 * carries `visible`, the actor's own read rule, so it counts nothing the actor could not open.
 */
export function dossierReadScope(actor: Actor): { db: Database; visible: SQL } {
  return { db: systemDb(), visible: visibleDossiers(actor) };
}
