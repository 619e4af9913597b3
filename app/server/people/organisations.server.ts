/**
 * Organisations for the admin pages: list (search, sort, pages), create, edit, deactivate/reactivate (nothing is
 * deleted; a deactivated organisation's professionals lose their sessions and cannot sign in, see
 * auth/organisation-sign-in.server.ts), and assigning supervisors. Every change: one transaction, one audit entry.
 */
import { and, asc, count, desc, eq, inArray, ne, notExists, sql, type SQL } from "drizzle-orm";
import { AppError } from "~/domain/errors";
import { maskPhoneNumbers } from "~/domain/masking";
import type { OrganisationForm } from "~/domain/people-forms";
import { isRowId } from "~/domain/row-id";
import { recordAudit } from "../audit/audit.server";
import { actingAs } from "../access/actor-db.server";
import { dossier, organisation, professional, session, supervisor, supervisorOrganisation, user } from "../db/schema";
import { inTransaction } from "../db/transaction.server";
import { releaseReviewsOf } from "../dossiers/release-reviews.server";
import { requireAdmin, type Actor, type Origin } from "./access.server";
import { invitationStates } from "./invitations.server";
import { adminPage, cappedChoices, nameOrCityContains, nameOrEmailContains, type AdminListQuery, type Choices } from "./admin-pages.server";

export const ORGANISATION_SORTS = ["name", "city", "professionals", "created"] as const;
export type OrganisationSort = (typeof ORGANISATION_SORTS)[number];

export interface OrganisationListQuery {
  q?: string;
  sort?: OrganisationSort;
  dir?: "asc" | "desc";
  page?: number;
  /** "all" | "active" | "inactive" */
  status?: "all" | "active" | "inactive";
}

export interface OrganisationListRow {
  id: string;
  name: string;
  kind: string;
  city: string | null;
  active: boolean;
  professionals: number;
  supervisors: number;
}

export async function listOrganisations(actor: Actor, query: OrganisationListQuery) {
  const { db } = actingAs(actor, "people.manage");
  const where = and(
    nameOrCityContains(query.q),
    query.status === "active" ? eq(organisation.active, true) : query.status === "inactive" ? eq(organisation.active, false) : undefined,
  );
  const professionals = db.$with("pro_counts").as(db.select({ organisationId: professional.organisationId, proN: count().as("pro_n") }).from(professional).groupBy(professional.organisationId));
  const supervisors = db
    .$with("sup_counts")
    .as(db.select({ organisationId: supervisorOrganisation.organisationId, supN: count().as("sup_n") }).from(supervisorOrganisation).groupBy(supervisorOrganisation.organisationId));
  const dir = query.dir === "desc" ? desc : asc;
  const sortColumn =
    query.sort === "city" ? organisation.city : query.sort === "created" ? organisation.createdAt : query.sort === "professionals" ? sql`coalesce(${professionals.proN}, 0)` : sql`lower(${organisation.name})`;
  return adminPage(
    query.page ?? 1,
    async () => (await db.select({ total: count() }).from(organisation).where(where))[0].total,
    async (limit, offset) =>
      (await db
        .with(professionals, supervisors)
        .select({
          id: organisation.id,
          name: organisation.name,
          kind: organisation.kind,
          city: organisation.city,
          active: organisation.active,
          professionals: sql<number>`coalesce(${professionals.proN}, 0)`.mapWith(Number),
          supervisors: sql<number>`coalesce(${supervisors.supN}, 0)`.mapWith(Number),
        })
        .from(organisation)
        .leftJoin(professionals, eq(professionals.organisationId, organisation.id))
        .leftJoin(supervisors, eq(supervisors.organisationId, organisation.id))
        .where(where)
        .orderBy(dir(sortColumn), asc(organisation.id))
        .limit(limit)
        .offset(offset)) as OrganisationListRow[],
  );
}

/** Organisations of `where` as choices, by name: at most CHOICES_MAX. */
async function organisationsAsChoices(actor: Actor, where: SQL | undefined): Promise<Choices<{ id: string; name: string; city: string | null }>> {
  const { db } = actingAs(actor, "people.manage");
  return cappedChoices(
    async () => (await db.select({ total: count() }).from(organisation).where(where))[0].total,
    (limit) =>
      db.select({ id: organisation.id, name: organisation.name, city: organisation.city }).from(organisation).where(where).orderBy(sql`lower(${organisation.name})`, asc(organisation.id)).limit(limit),
  );
}

/** The organisations a professional can move to: active, not `fromOrgId`, by name or city; at most CHOICES_MAX. */
export function moveTargets(actor: Actor, fromOrgId: string, q: string) {
  return organisationsAsChoices(actor, and(eq(organisation.active, true), ne(organisation.id, fromOrgId), nameOrCityContains(q)));
}

/**
 * The organisations the supervisors page offers as checkboxes (a supervisor's assignments): at most CHOICES_MAX, by
 * name or city. The selected supervisor's own organisations are added by the page, so a save never drops one.
 */
export function organisationChoices(actor: Actor, q = "") {
  return organisationsAsChoices(actor, nameOrCityContains(q));
}

/** The supervisors not yet assigned to `orgId`, by name or e-mail; at most CHOICES_MAX. */
export async function assignableSupervisors(actor: Actor, orgId: string, q: string): Promise<Choices<{ id: string; name: string; email: string }>> {
  const { db } = actingAs(actor, "people.manage");
  const unassigned = notExists(
    db
      .select({ one: sql`1` })
      .from(supervisorOrganisation)
      .where(and(eq(supervisorOrganisation.supervisorId, supervisor.userId), eq(supervisorOrganisation.organisationId, orgId))),
  );
  const where = and(unassigned, nameOrEmailContains(q));
  return cappedChoices(
    async () => (await db.select({ total: count() }).from(supervisor).innerJoin(user, eq(user.id, supervisor.userId)).where(where))[0].total,
    (limit) =>
      db
        .select({ id: user.id, name: user.name, email: user.email })
        .from(supervisor)
        .innerJoin(user, eq(user.id, supervisor.userId))
        .where(where)
        .orderBy(sql`lower(${user.name})`, asc(user.id))
        .limit(limit),
  );
}

/**
 * An organisation's page: the organisation, a page of its professionals (searched by name or e-mail), a page of its
 * assigned supervisors (`supervisorPage`; `confirmSupervisorId`, the one whose unassignment is being confirmed, is
 * read by id wherever they are in the list) and the supervisors that can still be assigned (at most CHOICES_MAX,
 * searched by `assignQuery`).
 */
export async function organisationDetail(
  actor: Actor,
  orgId: string,
  query: Partial<AdminListQuery> = {},
  assignQuery = "",
  { supervisorPage = 1, confirmSupervisorId = null }: { supervisorPage?: number; confirmSupervisorId?: string | null } = {},
) {
  const { db } = actingAs(actor, "people.manage");
  if (!isRowId(orgId)) throw new AppError("not-found");
  const [org] = await db.select().from(organisation).where(eq(organisation.id, orgId));
  if (!org) throw new AppError("not-found");
  const search = nameOrEmailContains(query.q);
  const ofOrganisation = eq(professional.organisationId, orgId);
  const where = and(ofOrganisation, search);
  const professionalCount = async (condition: SQL | undefined) =>
    (await db.select({ n: count() }).from(professional).innerJoin(user, eq(user.id, professional.userId)).where(condition))[0].n;
  const prosPage = await adminPage(
    query.page ?? 1,
    () => professionalCount(where),
    (limit, offset) =>
      db
        .select({ id: user.id, name: user.name, email: user.email, jobTitle: professional.jobTitle, banned: user.banned })
        .from(professional)
        .innerJoin(user, eq(user.id, professional.userId))
        .where(where)
        .orderBy(sql`lower(${user.name})`, asc(user.id))
        .limit(limit)
        .offset(offset),
  );
  const latest = await invitationStates(db, prosPage.rows.map((p) => p.id));
  const assignedHere = eq(supervisorOrganisation.organisationId, orgId);
  const assignedRows = () =>
    db
      .select({ id: user.id, name: user.name, email: user.email, specialty: supervisor.specialty, banned: user.banned })
      .from(supervisorOrganisation)
      .innerJoin(supervisor, eq(supervisor.userId, supervisorOrganisation.supervisorId))
      .innerJoin(user, eq(user.id, supervisor.userId));
  const assigned = await adminPage(
    supervisorPage,
    async () => (await db.select({ n: count() }).from(supervisorOrganisation).where(assignedHere))[0].n,
    (limit, offset) => assignedRows().where(assignedHere).orderBy(sql`lower(${user.name})`, asc(user.id)).limit(limit).offset(offset),
  );
  const [confirmSupervisor] = confirmSupervisorId
    ? await assignedRows().where(and(assignedHere, eq(supervisorOrganisation.supervisorId, confirmSupervisorId)))
    : [];
  return {
    organisation: { ...org, createdAt: org.createdAt.toISOString(), updatedAt: org.updatedAt.toISOString() },
    professionals: { ...prosPage, rows: prosPage.rows.map((p) => ({ ...p, invitation: latest.get(p.id) ?? "none" })) },
    /** Every professional of the organisation, whatever the search: the deactivation asks about all of them. */
    professionalTotal: search ? await professionalCount(ofOrganisation) : prosPage.total,
    supervisors: assigned,
    /** The assigned supervisor whose unassignment is being confirmed; null when not assigned here. */
    confirmSupervisor: confirmSupervisor ?? null,
    assignable: await assignableSupervisors(actor, orgId, assignQuery),
  };
}

/** An organisation as its audit rows show it. Phone numbers are kept masked in the audit log, as everywhere it records one. */
function snapshot(org: typeof organisation.$inferSelect) {
  return {
    name: org.name,
    kind: org.kind,
    city: org.city,
    contactEmail: org.contactEmail,
    contactPhone: org.contactPhone ? maskPhoneNumbers(org.contactPhone) : null,
    storageQuotaBytes: org.storageQuotaBytes,
    active: org.active,
  };
}

export async function createOrganisation(actor: Actor, input: OrganisationForm, origin: Origin): Promise<{ id: string }> {
  requireAdmin(actor);
  return inTransaction(async (tx) => {
    const { storageQuota, ...rest } = input;
    const [row] = await tx.insert(organisation).values({ ...rest, storageQuotaBytes: storageQuota }).returning();
    await recordAudit({ action: "organisation.created", actorId: actor.id, subjectType: "organisation", subjectId: row.id, organisationId: row.id, after: snapshot(row) }, origin, tx);
    return { id: row.id };
  });
}

export async function updateOrganisation(actor: Actor, orgId: string, input: OrganisationForm, origin: Origin): Promise<void> {
  requireAdmin(actor);
  await inTransaction(async (tx) => {
    const [before] = await tx.select().from(organisation).where(eq(organisation.id, orgId));
    if (!before) throw new AppError("not-found");
    const { storageQuota, ...rest } = input;
    const [after] = await tx.update(organisation).set({ ...rest, storageQuotaBytes: storageQuota, updatedAt: new Date() }).where(eq(organisation.id, orgId)).returning();
    await recordAudit({ action: "organisation.updated", actorId: actor.id, subjectType: "organisation", subjectId: orgId, organisationId: orgId, before: snapshot(before), after: snapshot(after) }, origin, tx);
  });
}

/** Deactivate (its professionals are signed out everywhere and cannot sign in) or reactivate. */
export async function setOrganisationActive(actor: Actor, orgId: string, active: boolean, origin: Origin): Promise<void> {
  requireAdmin(actor);
  await inTransaction(async (tx) => {
    const [before] = await tx.select().from(organisation).where(eq(organisation.id, orgId));
    if (!before) throw new AppError("not-found");
    if (before.active === active) return;
    await tx.update(organisation).set({ active, updatedAt: new Date() }).where(eq(organisation.id, orgId));
    if (!active) {
      await tx.delete(session).where(inArray(session.userId, tx.select({ id: professional.userId }).from(professional).where(eq(professional.organisationId, orgId))));
    }
    await recordAudit(
      { action: active ? "organisation.reactivated" : "organisation.deactivated", actorId: actor.id, subjectType: "organisation", subjectId: orgId, organisationId: orgId, before: { active: before.active }, after: { active } },
      origin,
      tx,
    );
  });
}

export async function assignSupervisor(actor: Actor, orgId: string, supervisorId: string, origin: Origin): Promise<void> {
  requireAdmin(actor);
  await inTransaction(async (tx) => {
    const [org] = await tx.select({ id: organisation.id }).from(organisation).where(eq(organisation.id, orgId));
    const [sup] = await tx.select({ id: supervisor.userId }).from(supervisor).where(eq(supervisor.userId, supervisorId));
    if (!org || !sup) throw new AppError("not-found");
    const inserted = await tx.insert(supervisorOrganisation).values({ supervisorId, organisationId: orgId }).onConflictDoNothing().returning();
    if (inserted.length) {
      await recordAudit({ action: "supervisor.assigned", actorId: actor.id, subjectType: "user", subjectId: supervisorId, organisationId: orgId, after: { organisationId: orgId } }, origin, tx);
    }
  });
}

export async function unassignSupervisor(actor: Actor, orgId: string, supervisorId: string, origin: Origin): Promise<void> {
  requireAdmin(actor);
  await inTransaction(async (tx) => {
    const removed = await tx
      .delete(supervisorOrganisation)
      .where(and(eq(supervisorOrganisation.organisationId, orgId), eq(supervisorOrganisation.supervisorId, supervisorId)))
      .returning();
    if (!removed.length) throw new AppError("not-found");
    // What they were reviewing there goes back to the organisation's queue: they can no longer act on it.
    await releaseReviewsOf(tx, actor.id, supervisorId, [orgId], "supervisor-unassigned");
    await recordAudit({ action: "supervisor.unassigned", actorId: actor.id, subjectType: "user", subjectId: supervisorId, organisationId: orgId, before: { organisationId: orgId } }, origin, tx);
  });
}

/** Dossier counts per status for one organisation or all. */
export async function dossierCounts(actor: Actor, orgId?: string): Promise<Record<string, number>> {
  const { db } = actingAs(actor, "people.manage");
  const rows = await db
    .select({ status: dossier.status, n: count() })
    .from(dossier)
    .where(orgId ? eq(dossier.organisationId, orgId) : undefined)
    .groupBy(dossier.status);
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}
