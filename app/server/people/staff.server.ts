/** Supervisors and administrators for the admin pages: paged lists with invitation state, and supervisor edits. */
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { AppError } from "~/domain/errors";
import { recordAudit } from "../audit/audit.server";
import { actingAs } from "../access/actor-db.server";
import type { Queryable } from "../db/client.server";
import { organisation, supervisor, supervisorOrganisation, user } from "../db/schema";
import { inTransaction } from "../db/transaction.server";
import { releaseReviewsOf } from "../dossiers/release-reviews.server";
import { requireAdmin, type Actor, type Origin } from "./access.server";
import { invitationStates, type InvitationState } from "./invitations.server";
import { adminPage, nameOrEmailContains, type AdminListQuery, type AdminPage } from "./admin-pages.server";

const supervisorColumns = { id: user.id, name: user.name, email: user.email, banned: user.banned, specialty: supervisor.specialty };
const administratorColumns = { id: user.id, name: user.name, email: user.email, banned: user.banned, emailVerified: user.emailVerified };

/** Supervisors with their invitation state and organisations, one page at a time (by name, then id). */
export async function listSupervisors(actor: Actor, query: Partial<AdminListQuery> = {}): Promise<AdminPage<SupervisorRow>> {
  const { db } = actingAs(actor, "people.manage");
  const where = and(eq(user.role, "supervisor"), nameOrEmailContains(query.q));
  return adminPage(
    query.page ?? 1,
    async () => (await db.select({ n: count() }).from(supervisor).innerJoin(user, eq(user.id, supervisor.userId)).where(where))[0].n,
    async (limit, offset) =>
      withSupervisorDetails(
        db,
        await db.select(supervisorColumns).from(supervisor).innerJoin(user, eq(user.id, supervisor.userId)).where(where).orderBy(sql`lower(${user.name})`, asc(user.id)).limit(limit).offset(offset),
      ),
  );
}

/** One supervisor as the list shows them, or null when the id is not a supervisor's. */
export async function supervisorById(actor: Actor, id: string): Promise<SupervisorRow | null> {
  const { db } = actingAs(actor, "people.manage");
  const people = await db.select(supervisorColumns).from(supervisor).innerJoin(user, eq(user.id, supervisor.userId)).where(and(eq(user.role, "supervisor"), eq(user.id, id)));
  return (await withSupervisorDetails(db, people))[0] ?? null;
}

export type SupervisorRow = Awaited<ReturnType<typeof withSupervisorDetails>>[number];

async function withSupervisorDetails(db: Queryable, people: { id: string; name: string; email: string; banned: boolean; specialty: string }[]) {
  const links = people.length
    ? await db
        .select({ supervisorId: supervisorOrganisation.supervisorId, id: organisation.id, name: organisation.name })
        .from(supervisorOrganisation)
        .innerJoin(organisation, eq(organisation.id, supervisorOrganisation.organisationId))
        .where(inArray(supervisorOrganisation.supervisorId, people.map((p) => p.id)))
        .orderBy(sql`lower(${organisation.name})`)
    : [];
  const states = await invitationStates(db, people.map((p) => p.id));
  return people.map((p) => ({
    ...p,
    invitation: states.get(p.id) ?? "none",
    organisations: links.filter((l) => l.supervisorId === p.id).map(({ id, name }) => ({ id, name })),
  }));
}

/** Administrators with their invitation state, one page at a time (by name, then id). */
export async function listAdministrators(actor: Actor, query: Partial<AdminListQuery> = {}): Promise<AdminPage<AdministratorRow>> {
  const { db } = actingAs(actor, "people.manage");
  const where = and(eq(user.role, "admin"), nameOrEmailContains(query.q));
  return adminPage(
    query.page ?? 1,
    async () => (await db.select({ n: count() }).from(user).where(where))[0].n,
    async (limit, offset) =>
      withInvitationStates(db, await db.select(administratorColumns).from(user).where(where).orderBy(sql`lower(${user.name})`, asc(user.id)).limit(limit).offset(offset)),
  );
}

/** One administrator as the list shows them, or null when the id is not an administrator's. */
export async function administratorById(actor: Actor, id: string): Promise<AdministratorRow | null> {
  const { db } = actingAs(actor, "people.manage");
  return (await withInvitationStates(db, await db.select(administratorColumns).from(user).where(and(eq(user.role, "admin"), eq(user.id, id)))))[0] ?? null;
}

export type AdministratorRow = { id: string; name: string; email: string; banned: boolean; emailVerified: boolean; invitation: InvitationState | "none" };

async function withInvitationStates<P extends { id: string }>(db: Queryable, people: P[]): Promise<(P & { invitation: InvitationState | "none" })[]> {
  const states = await invitationStates(db, people.map((p) => p.id));
  return people.map((p) => ({ ...p, invitation: states.get(p.id) ?? "none" }));
}

/** A supervisor's specialty and organisations, replaced as a whole. */
export async function updateSupervisor(actor: Actor, supervisorId: string, input: { specialty: string; organisationIds: string[] }, origin: Origin): Promise<void> {
  requireAdmin(actor);
  const organisationIds = [...new Set(input.organisationIds)].sort();
  await inTransaction(async (tx) => {
    const [before] = await tx.select().from(supervisor).where(eq(supervisor.userId, supervisorId));
    if (!before) throw new AppError("not-found");
    const beforeOrgs = (await tx.select({ id: supervisorOrganisation.organisationId }).from(supervisorOrganisation).where(eq(supervisorOrganisation.supervisorId, supervisorId)))
      .map((r) => r.id)
      .sort();
    if (organisationIds.length) {
      const found = await tx.select({ id: organisation.id }).from(organisation).where(inArray(organisation.id, organisationIds));
      if (found.length !== organisationIds.length) throw new AppError("not-found");
    }
    await tx.update(supervisor).set({ specialty: input.specialty }).where(eq(supervisor.userId, supervisorId));
    await tx.delete(supervisorOrganisation).where(eq(supervisorOrganisation.supervisorId, supervisorId));
    if (organisationIds.length) await tx.insert(supervisorOrganisation).values(organisationIds.map((organisationId) => ({ supervisorId, organisationId })));
    // Organisations taken away: what they were reviewing there goes back to that organisation's queue.
    await releaseReviewsOf(tx, actor.id, supervisorId, beforeOrgs.filter((id) => !organisationIds.includes(id)), "supervisor-unassigned");
    await recordAudit(
      {
        action: "supervisor.updated",
        actorId: actor.id,
        subjectType: "user",
        subjectId: supervisorId,
        before: { specialty: before.specialty, organisationIds: beforeOrgs },
        after: { specialty: input.specialty, organisationIds },
      },
      origin,
      tx,
    );
  });
}
