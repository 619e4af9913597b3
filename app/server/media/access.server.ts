/**
 * Which organisations an actor may upload media into: admin every organisation (uploads name it explicitly),
 * a supervisor the organisations they are assigned to, a professional their own. Which media an actor may SEE is
 * narrower — media follow their dossier's rule — and lives in app/server/access/media-scope.server.ts.
 */
import type { Actor } from "~/domain/access/actor";
import { can } from "~/domain/access/permissions";

export type MediaActor = Actor;

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
  return can(actor, "media.upload", { organisationId });
}

/** The WHERE condition for the media an actor may see: the access layer's media scope (media follow their dossier). */
export { visibleMedia } from "../access/media-scope.server";
