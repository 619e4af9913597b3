/** Supervisors and administrators for the admin pages: lists with invitation state, and supervisor edits. */
import { desc, eq, inArray, sql } from "drizzle-orm";
import { AppError } from "~/domain/errors";
import { recordAudit } from "../audit/audit.server";
import { actingAs } from "../access/actor-db.server";
import type { Queryable } from "../db/client.server";
import { invitation, organisation, supervisor, supervisorOrganisation, user } from "../db/schema";
import { inTransaction } from "../db/transaction.server";
import { requireAdmin, type Actor, type Origin } from "./access.server";
import { invitationState, type InvitationState } from "./invitations.server";

async function invitationStates(db: Queryable, userIds: string[]): Promise<Map<string, InvitationState>> {
  const states = new Map<string, InvitationState>();
  if (!userIds.length) return states;
  const rows = await db.select().from(invitation).where(inArray(invitation.userId, userIds)).orderBy(desc(invitation.createdAt));
  for (const row of rows) if (!states.has(row.userId)) states.set(row.userId, invitationState(row));
  return states;
}

export async function listSupervisors(actor: Actor) {
  const { db } = actingAs(actor, "people.manage");
  const people = await db
    .select({ id: user.id, name: user.name, email: user.email, banned: user.banned, specialty: supervisor.specialty })
    .from(supervisor)
    .innerJoin(user, eq(user.id, supervisor.userId))
    .where(eq(user.role, "supervisor"))
    .orderBy(sql`lower(${user.name})`);
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

export async function listAdministrators(actor: Actor) {
  const { db } = actingAs(actor, "people.manage");
  const people = await db
    .select({ id: user.id, name: user.name, email: user.email, banned: user.banned, emailVerified: user.emailVerified })
    .from(user)
    .where(eq(user.role, "admin"))
    .orderBy(sql`lower(${user.name})`);
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
