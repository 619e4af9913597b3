/**
 * Lists that show patients' phone numbers are reads of patient data (issue 12), and so is the case-handling page's
 * list of the dossiers behind one pair of diagnoses (what the professional and the supervisor diagnosed in each
 * named dossier): each view records who saw which dossiers' rows, when and from where — one audit row per view, naming the list and the dossier ids shown. The
 * same user seeing the same rows of the same list again within DOSSIER_VIEW_COLLAPSE_MS (a live update re-runs the
 * loader) is logged once, as dossier views are (decision 048); a repeat this process logged itself is known
 * without asking the database (recent-reads.server.ts).
 */
import { sql } from "drizzle-orm";
import type { Actor } from "~/domain/access/actor";
import type { ReadGrant } from "~/domain/access/permissions";
import type { AuditAction } from "~/domain/audit-actions";
import { auditLog } from "../db/schema";
import { type AuditOrigin, recordAudit } from "./audit.server";
import { logReadOnce, readKey } from "./recent-reads.server";

export const LIST_READ_ACTION = "dossier.list-read" as const;
/**
 * The lists of named dossiers with patient data: the three with phone numbers, and the dossiers behind one pair of
 * diagnoses on the case-handling page (each dossier with its professional's and its supervisor's diagnosis).
 */
export type PatientList = "supervisor-queue" | "own-dossiers" | "patient-history" | "diagnosis-pair";

/** What each list's read is logged as: a list with phone numbers, or one with diagnoses. */
const LIST_ACTIONS: Record<PatientList, AuditAction> = {
  "own-dossiers": LIST_READ_ACTION,
  "supervisor-queue": LIST_READ_ACTION,
  "patient-history": LIST_READ_ACTION,
  "diagnosis-pair": "dossier.diagnosis-list-read",
};

/** The right each list is read under: its scope (app/server/dossiers/lists.server.ts) is built from that rule. */
const LIST_GRANTS: Record<PatientList, (actor: Actor) => ReadGrant> = {
  "own-dossiers": () => "owner",
  "supervisor-queue": () => "assigned-supervisor",
  "patient-history": (actor) => (actor.role === "admin" ? "admin" : "organisation-professional"),
  // Case handling is the administrators' (insight.read), over every organisation.
  "diagnosis-pair": () => "admin",
};

export async function recordListRead(actor: Actor, list: PatientList, dossierIds: string[], origin: AuditOrigin = {}, now = Date.now()): Promise<void> {
  if (dossierIds.length === 0) return;
  await logListRead(actor, list, { dossierIds: [...new Set(dossierIds)].sort(), grant: LIST_GRANTS[list](actor) }, origin, now);
}

/**
 * A patient's history page: the patient found by their number (initials, birth year) is a read of them even when
 * none of their dossiers is listed (a patient whose dossiers all moved to another organisation with their
 * professional stays behind, decision 047), so it is logged with the patient's id whatever the page lists.
 */
export async function recordPatientHistoryRead(actor: Actor, patientId: string, dossierIds: string[], origin: AuditOrigin = {}, now = Date.now()): Promise<void> {
  await logListRead(actor, "patient-history", { patientId, dossierIds: [...new Set(dossierIds)].sort(), grant: LIST_GRANTS["patient-history"](actor) }, origin, now);
}

async function logListRead(actor: Actor, list: PatientList, after: { dossierIds: string[]; grant: ReadGrant; patientId?: string }, origin: AuditOrigin, now: number): Promise<void> {
  const action = LIST_ACTIONS[list];
  const entry = { action, actorId: actor.id, subjectType: "list", subjectId: list };
  const sameRows = sql`${auditLog.after} = ${JSON.stringify(after)}::jsonb`;
  await logReadOnce(readKey(action, actor.id, list, JSON.stringify(after)), entry, now, () => recordAudit({ ...entry, after }, origin), sameRows);
}
