/**
 * Who may see and upload media of which organisation, as SQL conditions and plain checks. Every media query goes
 * through these, so another organisation's medium is simply not found (404), never "forbidden".
 *
 * - admin: every organisation (uploads name the organisation explicitly);
 * - supervisor: the organisations they are assigned to;
 * - professional: their own organisation.
 */
import { eq, inArray, sql, type SQL } from "drizzle-orm";
import type { GuardUser } from "~/domain/guards";
import { media } from "../db/schema";

export interface MediaActor extends GuardUser {
  /** A professional's organisation. */
  organisationId: string | null;
}

/** The organisations an actor works in; "all" for admins. */
export function actorOrganisations(actor: MediaActor): string[] | "all" {
  switch (actor.role) {
    case "admin":
      return "all";
    case "supervisor":
      return [...actor.supervisedOrganisationIds];
    case "professional":
      return actor.organisationId ? [actor.organisationId] : [];
    default:
      return [];
  }
}

export function mayUseOrganisation(actor: MediaActor, organisationId: string): boolean {
  const allowed = actorOrganisations(actor);
  return allowed === "all" || allowed.includes(organisationId);
}

/** The WHERE condition for the media an actor may see. */
export function visibleMedia(actor: MediaActor): SQL {
  const allowed = actorOrganisations(actor);
  if (allowed === "all") return sql`true`;
  if (allowed.length === 0) return sql`false`;
  return allowed.length === 1 ? eq(media.organisationId, allowed[0]) : inArray(media.organisationId, allowed);
}
