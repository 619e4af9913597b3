/**
 * Which dossiers an actor may read, as one SQL condition: the same rule as `mayRead`
 * (app/server/dossiers/actor.server.ts) — the owning professional; supervisors assigned to the dossier's
 * organisation once it has been shared (not a draft, not a draft discarded before submitting); administrators.
 */
import { and, eq, inArray, notInArray, sql, type SQL } from "drizzle-orm";
import type { Actor } from "~/domain/access/actor";
import { dossier } from "../db/schema";

/** Drafts (and drafts discarded before ever being submitted) are the professional's own work, not yet shared. */
export const UNSHARED_STATUSES = ["draft", "cancelled"] as const;

export function visibleDossiers(actor: Actor): SQL {
  switch (actor.role) {
    case "admin":
      return sql`true`;
    case "professional":
      return eq(dossier.professionalId, actor.id);
    case "supervisor":
      if (actor.supervisedOrganisationIds.length === 0) return sql`false`;
      return and(inArray(dossier.organisationId, [...actor.supervisedOrganisationIds]), notInArray(dossier.status, [...UNSHARED_STATUSES]))!;
  }
}
