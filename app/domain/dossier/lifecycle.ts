/**
 * The dossier lifecycle (PRODUCT.md "Patients and dossiers"): the only ways a dossier's status changes. Every
 * transition runs in one transaction with an event (app/server/dossiers/transitions.server.ts); this table decides
 * which are allowed and who may take them, so the rule lives in one place.
 */
export const DOSSIER_STATUSES = ["draft", "submitted", "in_review", "returned", "completed", "cancelled"] as const;
export type DossierStatus = (typeof DOSSIER_STATUSES)[number];

export const DOSSIER_TRANSITIONS = ["submit", "discard", "claim", "return", "resubmit", "release", "complete"] as const;
export type DossierTransition = (typeof DOSSIER_TRANSITIONS)[number];

/** Who may take a transition: the owning professional, any supervisor assigned to the organisation, or the one reviewing. */
export type TransitionActor = "owner" | "assigned-supervisor" | "reviewing-supervisor";

interface TransitionRule {
  from: DossierStatus;
  to: DossierStatus;
  actor: TransitionActor;
}

export const LIFECYCLE: Record<DossierTransition, TransitionRule> = {
  submit: { from: "draft", to: "submitted", actor: "owner" },
  discard: { from: "draft", to: "cancelled", actor: "owner" },
  claim: { from: "submitted", to: "in_review", actor: "assigned-supervisor" },
  return: { from: "in_review", to: "returned", actor: "reviewing-supervisor" },
  resubmit: { from: "returned", to: "submitted", actor: "owner" },
  release: { from: "in_review", to: "submitted", actor: "reviewing-supervisor" },
  complete: { from: "in_review", to: "completed", actor: "reviewing-supervisor" },
};

/** The facts about an acting user relative to one dossier. */
export interface DossierRelation {
  isOwner: boolean;
  isAssignedSupervisor: boolean;
  isReviewer: boolean;
}

export type TransitionDecision = { ok: true; to: DossierStatus } | { ok: false; reason: "wrong-status" | "not-allowed" };

export function decideTransition(transition: DossierTransition, status: DossierStatus, relation: DossierRelation): TransitionDecision {
  const rule = LIFECYCLE[transition];
  const allowed =
    rule.actor === "owner" ? relation.isOwner : rule.actor === "assigned-supervisor" ? relation.isAssignedSupervisor : relation.isReviewer;
  if (!allowed) return { ok: false, reason: "not-allowed" };
  if (status !== rule.from) return { ok: false, reason: "wrong-status" };
  return { ok: true, to: rule.to };
}

/** The transitions this user could take now (for showing buttons; the server decides again). */
export function availableTransitions(status: DossierStatus, relation: DossierRelation): DossierTransition[] {
  return DOSSIER_TRANSITIONS.filter((t) => decideTransition(t, status, relation).ok);
}

/** Statuses in which the owner edits the content (anamnesis, media, reasoning). */
export function ownerMayEdit(status: DossierStatus): boolean {
  return status === "draft" || status === "returned";
}

export function isDossierStatus(value: unknown): value is DossierStatus {
  return typeof value === "string" && (DOSSIER_STATUSES as readonly string[]).includes(value);
}

export function isDossierTransition(value: unknown): value is DossierTransition {
  return typeof value === "string" && (DOSSIER_TRANSITIONS as readonly string[]).includes(value);
}

/**
 * Whether this user may read the dossier's review. Supervisors and admins read it as it is being written; the
 * owning professional only when the supervisor hands the dossier back: returned (the review so far, drawings
 * included, shows what the question is about) or completed. Never while it is in review or waiting (after a
 * release or a resubmit). The data layer applies this, so no page can leak it (decision 045).
 */
export function reviewVisibleTo(status: DossierStatus, relation: DossierRelation): boolean {
  return !relation.isOwner || status === "returned" || status === "completed";
}
