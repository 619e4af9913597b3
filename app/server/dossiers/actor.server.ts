/**
 * Who is acting on dossiers, and what they may see. Every dossier function takes the actor and scopes its own
 * queries with these rules (PRODUCT.md "Roles and guards"): the owning professional, supervisors assigned to the
 * dossier's organisation once it has been submitted, and admins (read-only, for oversight). Anyone else gets `not-found`, never "forbidden".
 */
import { AppError } from "~/domain/errors";
import type { Role } from "~/domain/roles";

export interface Actor {
  id: string;
  role: Role;
  /** A professional's organisation. */
  organisationId: string | null;
  supervisedOrganisationIds: readonly string[];
}

export interface DossierOwnership {
  organisationId: string;
  professionalId: string;
  status: string;
  reviewerId?: string | null;
}

/** Drafts (and drafts discarded before ever being submitted) are the professional's own work, not yet shared. */
const UNSHARED_STATUSES = new Set(["draft", "cancelled"]);

/** The organisation of a professional acting on their own dossiers; anyone else is `not-found`. */
export function ownOrganisation(actor: Actor): string {
  if (actor.role !== "professional" || !actor.organisationId) throw new AppError("not-found");
  return actor.organisationId;
}

export function isOwner(actor: Actor, d: DossierOwnership): boolean {
  return actor.role === "professional" && actor.id === d.professionalId;
}

export function isAssignedSupervisor(actor: Actor, d: DossierOwnership): boolean {
  return actor.role === "supervisor" && actor.supervisedOrganisationIds.includes(d.organisationId);
}

export function mayRead(actor: Actor, d: DossierOwnership): boolean {
  if (actor.role === "admin" || isOwner(actor, d)) return true;
  return isAssignedSupervisor(actor, d) && !UNSHARED_STATUSES.has(d.status);
}

export function relationOf(actor: Actor, d: DossierOwnership) {
  return {
    isOwner: isOwner(actor, d),
    isAssignedSupervisor: isAssignedSupervisor(actor, d),
    isReviewer: isAssignedSupervisor(actor, d) && d.reviewerId === actor.id,
  };
}
