/**
 * The one permission table (issue 12): what an actor may do, decided from the actor and the facts of the record.
 * Pure, so guards, pages (what to show), buttons and the server's data layer all ask the same `can()`. The SQL
 * form of the read rules (app/server/access/*-scope.server.ts) is built from the same pieces, and a test holds
 * the two forms to the same answers. Who may take which dossier transition is the lifecycle table's
 * (app/domain/dossier/lifecycle.ts); reading comes first, and is decided here.
 */
import { JUDGING_STATUSES } from "../frame-judgements";
import type { Role } from "../roles";
import type { Actor } from "./actor";

/** Drafts (and drafts discarded before ever being submitted) are the professional's own work, not yet shared. */
export const UNSHARED_STATUSES = ["draft", "cancelled"] as const;

export interface DossierFacts {
  organisationId: string;
  professionalId: string;
  status: string;
}

export interface MediaFacts {
  uploaderId: string;
  /** The dossiers the medium is attached to (none while it is an upload of its own). */
  dossiers: readonly DossierFacts[];
}

/** A dossier and who is reviewing it. */
export interface ReviewFacts extends DossierFacts {
  reviewerId: string | null;
}

export interface OrganisationFacts {
  organisationId: string;
}

/** What each action needs to know besides the actor; `null` for actions decided by the actor alone. */
export interface PermissionFacts {
  /** Open a dossier, its thread, media list, events; receive its live events. */
  "dossier.read": DossierFacts;
  /**
   * Look a patient up by phone in an organisation and list their dossiers there (the history page: status and
   * dates, also of colleagues' dossiers of the same patient). Opening one of those dossiers is dossier.read.
   */
  "patient.read": OrganisationFacts;
  /** Start a new dossier (in one's own organisation). */
  "dossier.create": null;
  /** Edit the professional's parts of a dossier (anamnesis, reasoning, media) while it is theirs to edit. */
  "dossier.edit-own": DossierFacts;
  /**
   * Judge a frame of a dossier's medium for the in-ear model's dataset (decision 075): the supervisor reviewing it,
   * while the review is open and after completing it.
   */
  "frame.judge": ReviewFacts;
  /** A medium: its facts, signed URLs, preview images. */
  "media.read": MediaFacts;
  /** Upload media into an organisation's storage. */
  "media.upload": OrganisationFacts;
  /** Use the in-ear model: the active version's files. */
  "model.use": null;
  /** The in-ear model's data: labelled images, test videos, versions, training. */
  "model-data.manage": null;
  /** Organisations, people, invitations, audit history, unfinished dossiers. */
  "people.manage": null;
  /** Reporting pages (scoped to the actor's organisations in their queries). */
  "reporting.read": null;
  /** How cases are handled (agreement, calibration, learning curves of everyone): administrators' insight. */
  "insight.read": null;
  /** Dossier export. */
  "export.run": null;
  /** The background job queue (decision 083): what waits, what failed and why, and retrying it now. */
  "jobs.manage": null;
}

export type Action = keyof PermissionFacts;

type Rule<A extends Action> = (actor: Actor, facts: PermissionFacts[A]) => boolean;

const is = (...roles: Role[]) => (actor: Actor) => roles.includes(actor.role);

/**
 * Why a read of patient data is allowed: recorded with the read in the audit log (who read what, when, and under
 * whose authority). Nobody acts on another's behalf (impersonation is closed), so the authority is always the
 * reader's own, and this names which of their rights it was.
 */
export type ReadGrant = "admin" | "owner" | "assigned-supervisor" | "uploader" | "attached-dossier" | "organisation-professional";

/**
 * A professional works in exactly one organisation (their professional record). Without it (removed outside the
 * product) nothing is theirs to read or change, their own dossiers and uploads included: the pages say so (403
 * `no-organisation`), and the data layer and the API answer as for anything else that is not theirs.
 */
export function withoutOrganisation(actor: Actor): boolean {
  return actor.role === "professional" && actor.organisationId === null;
}

/** The read rule for dossiers, as the right that allows it (null: not allowed). */
export function dossierReadGrant(actor: Actor, d: DossierFacts): ReadGrant | null {
  switch (actor.role) {
    case "admin":
      return "admin";
    case "professional":
      return actor.id === d.professionalId && !withoutOrganisation(actor) ? "owner" : null;
    case "supervisor":
      return actor.supervisedOrganisationIds.includes(d.organisationId) && !(UNSHARED_STATUSES as readonly string[]).includes(d.status) ? "assigned-supervisor" : null;
  }
}

/** Media follow their dossier: whoever may read a dossier it is attached to; an unattached upload is its uploader's. */
export function mediaReadGrant(actor: Actor, m: MediaFacts): ReadGrant | null {
  if (actor.role === "admin") return "admin";
  if (withoutOrganisation(actor)) return null;
  if (actor.id === m.uploaderId) return "uploader";
  return m.dossiers.some((d) => dossierReadGrant(actor, d) !== null) ? "attached-dossier" : null;
}

/** A patient belongs to one organisation: the professionals working there; administrators for oversight. */
export function patientReadGrant(actor: Actor, o: OrganisationFacts): ReadGrant | null {
  if (actor.role === "admin") return "admin";
  return actor.role === "professional" && actor.organisationId === o.organisationId ? "organisation-professional" : null;
}

function worksIn(actor: Actor, organisationId: string): boolean {
  switch (actor.role) {
    case "admin":
      return true;
    case "supervisor":
      return actor.supervisedOrganisationIds.includes(organisationId);
    case "professional":
      return actor.organisationId === organisationId;
  }
}

export const PERMISSIONS: { [A in Action]: Rule<A> } = {
  "dossier.read": (actor, d) => dossierReadGrant(actor, d) !== null,
  "patient.read": (actor, o) => patientReadGrant(actor, o) !== null,
  "dossier.create": (actor) => actor.role === "professional" && actor.organisationId !== null,
  "dossier.edit-own": (actor, d) => actor.role === "professional" && actor.id === d.professionalId && !withoutOrganisation(actor),
  "frame.judge": (actor, d) =>
    actor.role === "supervisor" &&
    actor.supervisedOrganisationIds.includes(d.organisationId) &&
    d.reviewerId === actor.id &&
    (JUDGING_STATUSES as readonly string[]).includes(d.status),
  "media.read": (actor, m) => mediaReadGrant(actor, m) !== null,
  "media.upload": (actor, o) => worksIn(actor, o.organisationId),
  "model.use": () => true,
  "model-data.manage": is("admin"),
  "people.manage": is("admin"),
  "reporting.read": is("admin", "supervisor"),
  "insight.read": is("admin"),
  "export.run": is("admin"),
  "jobs.manage": is("admin"),
};

/** Whether `actor` may do `action`; a signed-out visitor (null) may do nothing. */
export function can<A extends Action>(actor: Actor | null | undefined, action: A, ...facts: PermissionFacts[A] extends null ? [] : [PermissionFacts[A]]): boolean {
  if (!actor) return false;
  const rule = PERMISSIONS[action] as Rule<A>;
  return rule(actor, (facts[0] ?? null) as PermissionFacts[A]);
}
