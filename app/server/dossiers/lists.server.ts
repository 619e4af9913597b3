/**
 * Lists of dossiers, each scoped in its own query: a professional's own dossiers (filter, search by phone, sort,
 * paginate), one patient's history within the organisation, and the supervisor's queue.
 */
import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, type SQL } from "drizzle-orm";
import { toE164 } from "~/domain/phone";
import { type DossierStatus, isDossierStatus } from "~/domain/dossier/lifecycle";
import type { OwnDossierSort } from "~/domain/dossier/list-sorts";
import { AppError } from "~/domain/errors";
import { systemDb } from "../db/client.server";
import { dossier, patient, user } from "../db/schema";
import { type AuditOrigin } from "../audit/audit.server";
import { recordListRead } from "../audit/list-reads.server";
import { type Actor, ownOrganisation } from "./actor.server";

export const PAGE_SIZE = 25;

export interface ProfessionalListQuery {
  status?: string | null;
  /** ISO dates (inclusive from, exclusive to) on the last change. */
  from?: string | null;
  to?: string | null;
  phone?: string | null;
  sort?: OwnDossierSort;
  page?: number;
}

const summary = {
  id: dossier.id,
  status: dossier.status,
  earSide: dossier.earSide,
  version: dossier.version,
  createdAt: dossier.createdAt,
  updatedAt: dossier.updatedAt,
  submittedAt: dossier.submittedAt,
  completedAt: dossier.completedAt,
  organisationId: dossier.organisationId,
  professionalId: dossier.professionalId,
  phone: patient.phone,
};

function parseDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export async function listOwnDossiers(actor: Actor, query: ProfessionalListQuery = {}, origin: AuditOrigin = {}) {
  ownOrganisation(actor);
  const conditions: SQL[] = [eq(dossier.professionalId, actor.id)];
  if (query.status && isDossierStatus(query.status)) conditions.push(eq(dossier.status, query.status));
  const from = parseDate(query.from);
  const to = parseDate(query.to);
  if (from) conditions.push(gte(dossier.updatedAt, from));
  if (to) conditions.push(lt(dossier.updatedAt, to));
  if (query.phone) {
    const phone = toE164(query.phone);
    // An unparseable search matches nothing rather than everything.
    if (!phone) return { rows: [], total: 0, page: 1, pageCount: 1 };
    conditions.push(eq(patient.phone, phone));
  }
  const order = {
    "updated-desc": desc(dossier.updatedAt),
    "updated-asc": asc(dossier.updatedAt),
    "created-desc": desc(dossier.createdAt),
    "created-asc": asc(dossier.createdAt),
  }[query.sort ?? "updated-desc"];
  const db = systemDb();
  const where = and(...conditions);
  const [{ total }] = await db.select({ total: count() }).from(dossier).leftJoin(patient, eq(patient.id, dossier.patientId)).where(where);
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.floor(query.page ?? 1)), pageCount);
  const rows = await db
    .select(summary)
    .from(dossier)
    .leftJoin(patient, eq(patient.id, dossier.patientId))
    .where(where)
    .orderBy(order, desc(dossier.id))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  await recordListRead(actor, "own-dossiers", rows.map((r) => r.id), origin);
  return { rows, total, page, pageCount };
}

/** One patient's dossiers in the professional's organisation, newest first; `canonical` is the E.164 path form. */
export async function patientHistory(actor: Actor, typedPhone: string, origin: AuditOrigin = {}) {
  const organisationId = ownOrganisation(actor);
  const canonical = toE164(typedPhone);
  if (!canonical) throw new AppError("phone-invalid");
  const db = systemDb();
  const [found] = await db
    .select()
    .from(patient)
    .where(and(eq(patient.organisationId, organisationId), eq(patient.phone, canonical)));
  if (!found) return { canonical, patient: null, rows: [] };
  const rows = await db
    .select({ ...summary, professionalName: user.name })
    .from(dossier)
    .innerJoin(patient, eq(patient.id, dossier.patientId))
    .innerJoin(user, eq(user.id, dossier.professionalId))
    .where(and(eq(dossier.patientId, found.id), eq(dossier.organisationId, organisationId)))
    .orderBy(desc(dossier.createdAt));
  await recordListRead(actor, "patient-history", rows.map((r) => r.id), origin);
  return { canonical, patient: found, rows };
}

/**
 * The supervisor's queue: submitted dossiers of their organisations (oldest first: the longest wait comes first),
 * their own in-review work, and recently completed reviews.
 */
export async function supervisorQueue(actor: Actor, options: { recentLimit?: number; origin?: AuditOrigin } = {}) {
  if (actor.role !== "supervisor") throw new AppError("not-found");
  const orgs = [...actor.supervisedOrganisationIds];
  if (orgs.length === 0) return { waiting: [], mine: [], recent: [] };
  const db = systemDb();
  const joined = () =>
    db
      .select({ ...summary, reviewerId: dossier.reviewerId, professionalName: user.name })
      .from(dossier)
      .leftJoin(patient, eq(patient.id, dossier.patientId))
      .innerJoin(user, eq(user.id, dossier.professionalId));
  const waiting = await joined()
    .where(and(inArray(dossier.organisationId, orgs), eq(dossier.status, "submitted" satisfies DossierStatus)))
    .orderBy(asc(dossier.submittedAt));
  const mine = await joined()
    .where(and(inArray(dossier.organisationId, orgs), eq(dossier.status, "in_review"), eq(dossier.reviewerId, actor.id)))
    .orderBy(asc(dossier.submittedAt));
  const recent = await joined()
    .where(and(inArray(dossier.organisationId, orgs), eq(dossier.status, "completed"), isNotNull(dossier.completedAt)))
    .orderBy(desc(dossier.completedAt))
    .limit(options.recentLimit ?? 10);
  await recordListRead(actor, "supervisor-queue", [...waiting, ...mine, ...recent].map((r) => r.id), options.origin);
  return { waiting, mine, recent };
}
