/**
 * `/admin/dossiers/{caseId}`: a dossier's identity and its whole event log, for admins only (PRODUCT.md: every view
 * and change is in the dossier's event log, visible to admins). No clinical content is read here. Opening the log
 * is itself a view of the dossier, so it is written to the log (kind `view`, `detail.page = "event-log"`) like
 * every other view.
 */
import { dossierReadGrant } from "~/domain/access/permissions";
import { count, eq } from "drizzle-orm";
import { ADMIN_DOSSIER_LOG_PAGE_SIZE } from "~/domain/constants";
import { AppError } from "~/domain/errors";
import { maskPhoneNumbers } from "~/domain/masking";
import { dossierDb } from "../access/dossier-db.server";
import { dossierEvent, organisation, patient, user } from "../db/schema";
import { inTransaction } from "../db/transaction.server";
import type { Actor } from "./actor.server";
import { readEventLog, recordDossierEvent } from "./events.server";
import { loadDossierFor } from "./load.server";

export interface AdminDossierLogEvent {
  seq: number;
  kind: string;
  fromStatus: string | null;
  toStatus: string | null;
  /** Small facts only (which sections an edit touched, how many reminders went out); never content. */
  sections: string[];
  recipients: number | null;
  page: string | null;
  /** For a view: the right it was read under (owner, assigned supervisor, admin). */
  grant: string | null;
  at: string;
  actorName: string | null;
  actorEmail: string | null;
}

/** Page numbers from the query string: 1-based, anything odd is page 1. */
export function logPageOf(raw: string | null): number {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

function factsOf(detail: unknown): Pick<AdminDossierLogEvent, "sections" | "recipients" | "page" | "grant"> {
  const d = (detail && typeof detail === "object" ? detail : {}) as Record<string, unknown>;
  return {
    sections: Array.isArray(d.sections) ? d.sections.filter((s): s is string => typeof s === "string") : [],
    recipients: typeof d.recipients === "number" ? d.recipients : null,
    page: typeof d.page === "string" ? d.page : null,
    grant: typeof d.grant === "string" ? d.grant : null,
  };
}

export async function adminDossierLog(actor: Actor, id: string, page = 1) {
  // Admins only; anyone else is told the dossier does not exist, as everywhere else.
  if (actor.role !== "admin") throw new AppError("not-found");
  const row = await inTransaction(async (tx) => {
    const current = await loadDossierFor(tx, actor, id);
    await recordDossierEvent(tx, current, actor.id, { kind: "view", status: current.status, detail: { page: "event-log", grant: dossierReadGrant(actor, current) } });
    return current;
  });
  const db = dossierDb(actor, row);
  const [org] = await db.select({ id: organisation.id, name: organisation.name, active: organisation.active }).from(organisation).where(eq(organisation.id, row.organisationId));
  const [pro] = await db.select({ id: user.id, name: user.name, email: user.email }).from(user).where(eq(user.id, row.professionalId));
  const [pat] = row.patientId
    ? await db.select({ phone: patient.phone, initials: patient.initials, birthYear: patient.birthYear }).from(patient).where(eq(patient.id, row.patientId))
    : [];
  const [reviewer] = row.reviewerId ? await db.select({ name: user.name }).from(user).where(eq(user.id, row.reviewerId)) : [];
  const [{ total }] = await db.select({ total: count() }).from(dossierEvent).where(eq(dossierEvent.dossierId, id));
  const pages = Math.max(1, Math.ceil(total / ADMIN_DOSSIER_LOG_PAGE_SIZE));
  const current = Math.min(page, pages);
  const events = await readEventLog(db, id, { limit: ADMIN_DOSSIER_LOG_PAGE_SIZE, offset: (current - 1) * ADMIN_DOSSIER_LOG_PAGE_SIZE });
  return {
    dossier: {
      id: row.id,
      status: row.status,
      earSide: row.earSide,
      version: row.version,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      submittedAt: row.submittedAt?.toISOString() ?? null,
      completedAt: row.completedAt?.toISOString() ?? null,
    },
    organisation: org ?? null,
    professional: pro ?? null,
    reviewerName: reviewer?.name ?? null,
    // Oversight needs to tell patients apart, not to call them: the last three digits are enough.
    patientPhone: pat ? maskPhoneNumbers(pat.phone) : null,
    // The dossier's name (initials, birth year, day): what an administrator tells dossiers apart by.
    patientInitials: pat?.initials ?? null,
    patientBirthYear: pat?.birthYear ?? null,
    events: events.map(({ detail, at, ...e }): AdminDossierLogEvent => ({ ...e, ...factsOf(detail), at: at.toISOString() })),
    paging: { page: current, pages, total, pageSize: ADMIN_DOSSIER_LOG_PAGE_SIZE },
  };
}
