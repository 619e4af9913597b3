/**
 * Lists that show patients' phone numbers are reads of patient data (issue 12): each view records who saw which
 * dossiers' rows, when and from where — one audit row per view, naming the list and the dossier ids shown. The
 * same user seeing the same rows of the same list again within DOSSIER_VIEW_COLLAPSE_MS (a live update re-runs the
 * loader) is logged once, as dossier views are (decision 048); a repeat this process logged itself is known
 * without asking the database (recent-reads.server.ts).
 */
import { sql } from "drizzle-orm";
import type { Actor } from "~/domain/access/actor";
import type { ReadGrant } from "~/domain/access/permissions";
import { auditLog } from "../db/schema";
import { type AuditOrigin, recordAudit } from "./audit.server";
import { logReadOnce, readKey } from "./recent-reads.server";

export const LIST_READ_ACTION = "dossier.list-read" as const;
export type PatientList = "supervisor-queue" | "own-dossiers" | "patient-history";

/** The right each list is read under: its scope (app/server/dossiers/lists.server.ts) is built from that rule. */
const LIST_GRANTS: Record<PatientList, (actor: Actor) => ReadGrant> = {
  "own-dossiers": () => "owner",
  "supervisor-queue": () => "assigned-supervisor",
  "patient-history": (actor) => (actor.role === "admin" ? "admin" : "organisation-professional"),
};

export async function recordListRead(actor: Actor, list: PatientList, dossierIds: string[], origin: AuditOrigin = {}, now = Date.now()): Promise<void> {
  if (dossierIds.length === 0) return;
  const after = { dossierIds: [...dossierIds].sort(), grant: LIST_GRANTS[list](actor) };
  const entry = { action: LIST_READ_ACTION, actorId: actor.id, subjectType: "list", subjectId: list };
  const sameRows = sql`${auditLog.after} = ${JSON.stringify(after)}::jsonb`;
  await logReadOnce(readKey(LIST_READ_ACTION, actor.id, list, JSON.stringify(after)), entry, now, () => recordAudit({ ...entry, after }, origin), sameRows);
}
