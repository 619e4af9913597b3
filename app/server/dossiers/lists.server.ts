/**
 * Lists of dossiers, each scoped in its own query: a professional's own dossiers (filter, search by phone, sort,
 * paginate), one patient's history within the organisation, and the supervisor's queue. Every list is paged or
 * bounded (DOSSIER_PAGE_SIZE): a page costs the same with a hundred dossiers or a hundred thousand (issue 13).
 * A page's total is counted in the same statement, up to a cap (see `paged`). Every query's conditions start from the access
 * layer's scope (dossierLists: the actor's dossier.read rule; patientRecords: patient.read), so a list's own
 * filters narrow what the actor may read and never widen it.
 */
import { asc, desc, eq, gte, isNotNull, lt, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { isWithinCalendar } from "~/domain/calendar-day";
import { DOSSIER_COUNT_LIMIT, DOSSIER_PAGE_SIZE } from "~/domain/constants";
import { toE164 } from "~/domain/phone";
import { type DossierStatus, isDossierStatus } from "~/domain/dossier/lifecycle";
import type { OwnDossierSort } from "~/domain/dossier/list-sorts";
import { AppError } from "~/domain/errors";
import { dossierLists } from "../access/dossier-list-scope.server";
import { patientRecords } from "../access/patient-scope.server";
import { dossier, patient, user } from "../db/schema";
import { type AuditOrigin } from "../audit/audit.server";
import { recordListRead, recordPatientHistoryRead } from "../audit/list-reads.server";
import { type Actor, ownOrganisation } from "./actor.server";

export const PAGE_SIZE = DOSSIER_PAGE_SIZE;

/**
 * The farthest page anyone can ask for: its count limit and offset stay exact integers the database accepts (a
 * `?page=1e21` would otherwise make a LIMIT no database takes). Past the list's end it shows the last page anyway.
 */
const MAX_PAGE = Math.floor(Number.MAX_SAFE_INTEGER / PAGE_SIZE) - 1;

/** The page asked for, from 1 to MAX_PAGE (the upper bound is checked against the total afterwards). */
export function requestedPage(page: number | undefined): number {
  return Number.isFinite(page) ? Math.min(MAX_PAGE, Math.max(1, Math.floor(page!))) : 1;
}

/**
 * A paged list: the page asked for and the number of matching rows (the page shows "page X of Y") in one
 * statement, the count a subquery of the page's own query (`matchingUpTo`, evaluated once). A stale link past the
 * end finds no rows and so no count: the first page is read for it, then the last page is shown. The count is not
 * `count(*) over ()`: a window total makes the database read and sort every matching row for each page, which at
 * 100,000 dossiers cost more than a hundred milliseconds, while the count reads an index and the page query stops
 * after a page in index order. The count stops one row past DOSSIER_COUNT_LIMIT (or past the page asked for):
 * `capped` then says there are more than `total` (decision 087).
 */
export async function paged<Row extends object>(
  page: number,
  pageOf: (page: number, matching: SQL.Aliased<number>) => Promise<Array<Row & { matching: number }>>,
  matchingUpTo: (limit: number) => SQL.Aliased<number>,
) {
  const limit = Math.max(DOSSIER_COUNT_LIMIT, page * PAGE_SIZE) + 1;
  const matching = matchingUpTo(limit);
  let current = page;
  let found = await pageOf(current, matching);
  if (found.length === 0 && current > 1) found = await pageOf((current = 1), matching);
  const counted = Number(found[0]?.matching ?? 0);
  const capped = counted >= limit;
  const total = capped ? limit - 1 : counted;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const shown = Math.min(page, pageCount);
  if (shown !== current) found = await pageOf((current = shown), matching);
  const rows = found.map(({ matching: _matching, ...row }) => row as unknown as Row);
  return { rows, total, capped, page: current, pageCount };
}

/** How many rows `ids` (a select of ids, limited) finds: a column for `paged`'s page query. */
export function matchingCount(ids: SQLWrapper): SQL.Aliased<number> {
  return sql<number>`(select count(*) from (${ids}) as "counted")`.mapWith(Number).as("matching");
}

export interface ProfessionalListQuery {
  status?: string | null;
  /** ISO dates or instants (inclusive from, exclusive to) on the last change; one outside the accepted calendar is ignored. */
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

/** A period bound, or null (the bound is left out) when it is no instant or lies outside the accepted calendar. */
function parseDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  // Year 0 or 10000 is a date to JavaScript but not to PostgreSQL: the query would fail (calendar-day.ts).
  return Number.isNaN(date.getTime()) || !isWithinCalendar(date) ? null : date;
}

export async function listOwnDossiers(actor: Actor, query: ProfessionalListQuery = {}, origin: AuditOrigin = {}, options: { recordRead?: boolean } = {}) {
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
    if (!phone) return { rows: [], total: 0, capped: false, page: 1, pageCount: 1 };
    conditions.push(eq(patient.phone, phone));
  }
  const order = {
    "updated-desc": desc(dossier.updatedAt),
    "updated-asc": asc(dossier.updatedAt),
    "created-desc": desc(dossier.createdAt),
    "created-asc": asc(dossier.createdAt),
  }[query.sort ?? "updated-desc"];
  const { db, where: scoped } = dossierLists(actor);
  const where = scoped(...conditions);
  const result = await paged(
    requestedPage(query.page),
    (page, matching) =>
      db
        .select({ ...summary, matching })
        .from(dossier)
        .leftJoin(patient, eq(patient.id, dossier.patientId))
        .where(where)
        .orderBy(order, desc(dossier.id))
        .limit(PAGE_SIZE)
        .offset((page - 1) * PAGE_SIZE),
    (limit) => matchingCount(db.select({ id: dossier.id }).from(dossier).leftJoin(patient, eq(patient.id, dossier.patientId)).where(where).limit(limit)),
  );
  if (options.recordRead !== false) await recordListRead(actor, "own-dossiers", result.rows.map((r) => r.id), origin);
  return result;
}

/**
 * The first rows of the professional's own dossiers without a total (the home page shows no count): `limit` rows
 * in the order of `query`. The caller records the list read (the home page records both of its lists as one).
 */
export async function firstOwnDossiers(actor: Actor, query: { status?: DossierStatus; sort: "updated-asc" | "updated-desc"; excludeStatus?: DossierStatus }, limit: number) {
  ownOrganisation(actor);
  const conditions: SQL[] = [eq(dossier.professionalId, actor.id)];
  if (query.status) conditions.push(eq(dossier.status, query.status));
  if (query.excludeStatus) conditions.push(sql`${dossier.status} <> ${query.excludeStatus}`);
  const { db, where } = dossierLists(actor);
  return db
    .select(summary)
    .from(dossier)
    .leftJoin(patient, eq(patient.id, dossier.patientId))
    .where(where(...conditions))
    .orderBy(query.sort === "updated-asc" ? asc(dossier.updatedAt) : desc(dossier.updatedAt), desc(dossier.id))
    .limit(limit);
}

/** One patient's dossiers in the professional's organisation, newest first, a page at a time; `canonical` is the E.164 path form. */
export async function patientHistory(actor: Actor, typedPhone: string, origin: AuditOrigin = {}, page = 1) {
  const organisationId = ownOrganisation(actor);
  const canonical = toE164(typedPhone);
  if (!canonical) throw new AppError("invalid-phone-number");
  const records = patientRecords(actor);
  const db = records.db;
  const [found] = await db
    .select()
    .from(patient)
    .where(records.patients(eq(patient.organisationId, organisationId), eq(patient.phone, canonical)));
  if (!found) return { canonical, patient: null, rows: [], total: 0, capped: false, page: 1, pageCount: 1 };
  const where = records.history(eq(dossier.patientId, found.id), eq(dossier.organisationId, organisationId));
  const result = await paged(
    requestedPage(page),
    (current, matching) =>
      db
        .select({ ...summary, professionalName: user.name, matching })
        .from(dossier)
        .innerJoin(patient, eq(patient.id, dossier.patientId))
        .innerJoin(user, eq(user.id, dossier.professionalId))
        .where(where)
        .orderBy(desc(dossier.createdAt), desc(dossier.id))
        .limit(PAGE_SIZE)
        .offset((current - 1) * PAGE_SIZE),
    (limit) => matchingCount(db.select({ id: dossier.id }).from(dossier).where(where).limit(limit)),
  );
  await recordPatientHistoryRead(actor, found.id, result.rows.map((r) => r.id), origin);
  return { canonical, patient: found, ...result };
}

/**
 * The supervisor's queue: submitted dossiers of their organisations (oldest first: the longest wait comes first),
 * a page at a time with the total waiting; their own in-review work and recently completed reviews, each bounded.
 */
export async function supervisorQueue(actor: Actor, options: { recentLimit?: number; origin?: AuditOrigin; page?: number } = {}) {
  if (actor.role !== "supervisor") throw new AppError("not-found");
  if (actor.supervisedOrganisationIds.length === 0) return { waiting: [], waitingTotal: 0, waitingCapped: false, page: 1, pageCount: 1, mine: [], recent: [] };
  const { db, where } = dossierLists(actor);
  const columns = { ...summary, reviewerId: dossier.reviewerId, professionalName: user.name };
  const joined = () => db.select(columns).from(dossier).leftJoin(patient, eq(patient.id, dossier.patientId)).innerJoin(user, eq(user.id, dossier.professionalId));
  const waitingWhere = where(eq(dossier.status, "submitted" satisfies DossierStatus));
  const waiting = await paged(
    requestedPage(options.page),
    (page, matching) =>
      db
        .select({ ...columns, matching })
        .from(dossier)
        .leftJoin(patient, eq(patient.id, dossier.patientId))
        .innerJoin(user, eq(user.id, dossier.professionalId))
        .where(waitingWhere)
        .orderBy(asc(dossier.submittedAt), asc(dossier.id))
        .limit(PAGE_SIZE)
        .offset((page - 1) * PAGE_SIZE),
    (limit) => matchingCount(db.select({ id: dossier.id }).from(dossier).where(waitingWhere).limit(limit)),
  );
  // A supervisor claims one dossier at a time, so a page of their own reviews is plenty; the bound is a guard.
  const mine = await joined()
    .where(where(eq(dossier.status, "in_review"), eq(dossier.reviewerId, actor.id)))
    .orderBy(asc(dossier.submittedAt), asc(dossier.id))
    .limit(PAGE_SIZE);
  const recent = await joined()
    .where(where(eq(dossier.status, "completed"), isNotNull(dossier.completedAt)))
    .orderBy(desc(dossier.completedAt))
    .limit(options.recentLimit ?? 10);
  await recordListRead(actor, "supervisor-queue", [...waiting.rows, ...mine, ...recent].map((r) => r.id), options.origin);
  return { waiting: waiting.rows, waitingTotal: waiting.total, waitingCapped: waiting.capped, page: waiting.page, pageCount: waiting.pageCount, mine, recent };
}
