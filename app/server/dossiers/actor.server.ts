/**
 * Who is acting on dossiers, and what they may see. Every dossier function takes the actor (app/domain/access/actor.ts)
 * and scopes its own queries with the permission table's rules (app/domain/access/permissions.ts): the owning
 * professional, supervisors assigned to the dossier's organisation once it has been submitted, and admins
 * (read-only, for oversight). Anyone else gets `not-found`, never "forbidden".
 */
import type { Actor } from "~/domain/access/actor";
import { can } from "~/domain/access/permissions";
import { AppError } from "~/domain/errors";

export type { Actor };

export interface DossierOwnership {
  organisationId: string;
  professionalId: string;
  status: string;
  reviewerId?: string | null;
}

/** The organisation of a professional acting on their own dossiers; anyone else is `not-found`. */
export function ownOrganisation(actor: Actor): string {
  if (!can(actor, "dossier.create") || !actor.organisationId) throw new AppError("not-found");
  return actor.organisationId;
}

export function isOwner(actor: Actor, d: DossierOwnership): boolean {
  return actor.role === "professional" && actor.id === d.professionalId;
}

export function isAssignedSupervisor(actor: Actor, d: DossierOwnership): boolean {
  return actor.role === "supervisor" && actor.supervisedOrganisationIds.includes(d.organisationId);
}

/** The permission table's read rule (app/domain/access/permissions.ts). */
export function mayRead(actor: Actor, d: DossierOwnership): boolean {
  return can(actor, "dossier.read", d);
}

export function relationOf(actor: Actor, d: DossierOwnership) {
  return {
    isOwner: isOwner(actor, d),
    isAssignedSupervisor: isAssignedSupervisor(actor, d),
    isReviewer: isAssignedSupervisor(actor, d) && d.reviewerId === actor.id,
  };
}
