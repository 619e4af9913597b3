/**
 * A professional as the admin sees them (`/admin/organisaties/{orgId}/professional/{proId}`). A proId that is
 * not in that orgId answers not-found, exactly like one that does not exist.
 */
import { and, count, desc, eq } from "drizzle-orm";
import { AppError } from "~/domain/errors";
import { recordAudit } from "../audit/audit.server";
import { systemDb } from "../db/client.server";
import { dossier, organisation, professional, session, user } from "../db/schema";
import { inTransaction } from "../db/transaction.server";
import { requireAdmin, type Actor, type Origin } from "./access.server";
import { latestInvitation } from "./invitations.server";

export async function professionalDetail(actor: Actor, orgId: string, proId: string) {
  requireAdmin(actor);
  const db = systemDb();
  const [row] = await db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      locale: user.locale,
      banned: user.banned,
      createdAt: user.createdAt,
      jobTitle: professional.jobTitle,
      registrationNumber: professional.registrationNumber,
      organisationId: organisation.id,
      organisationName: organisation.name,
      organisationActive: organisation.active,
    })
    .from(professional)
    .innerJoin(user, eq(user.id, professional.userId))
    .innerJoin(organisation, eq(organisation.id, professional.organisationId))
    .where(and(eq(professional.userId, proId), eq(professional.organisationId, orgId)));
  if (!row) throw new AppError("not-found");
  const invitation = await latestInvitation(db, proId);
  const dossiers = await db
    .select({ id: dossier.id, status: dossier.status, createdAt: dossier.createdAt, updatedAt: dossier.updatedAt })
    .from(dossier)
    .where(eq(dossier.professionalId, proId))
    .orderBy(desc(dossier.updatedAt));
  return {
    professional: { ...row, createdAt: row.createdAt.toISOString() },
    invitation: invitation && { ...invitation, sentAt: invitation.sentAt.toISOString(), expiresAt: invitation.expiresAt.toISOString() },
    dossiers: dossiers.map((d) => ({ ...d, createdAt: d.createdAt.toISOString(), updatedAt: d.updatedAt.toISOString() })),
  };
}

/** What a move takes along, for the confirmation. */
export async function movePreview(actor: Actor, orgId: string, proId: string, targetOrganisationId: string) {
  requireAdmin(actor);
  const db = systemDb();
  const [pro] = await db.select({ name: user.name }).from(professional).innerJoin(user, eq(user.id, professional.userId)).where(and(eq(professional.userId, proId), eq(professional.organisationId, orgId)));
  const [from] = await db.select({ name: organisation.name }).from(organisation).where(eq(organisation.id, orgId));
  const [to] = await db.select({ name: organisation.name, active: organisation.active }).from(organisation).where(eq(organisation.id, targetOrganisationId));
  if (!pro || !from || !to || targetOrganisationId === orgId) throw new AppError("not-found");
  const [{ n }] = await db.select({ n: count() }).from(dossier).where(eq(dossier.professionalId, proId));
  return { name: pro.name, from: from.name, to: to.name, toActive: to.active, dossiers: Number(n) };
}

/** The professional and all their dossiers move to another (active) organisation. */
export async function moveProfessional(actor: Actor, orgId: string, proId: string, targetOrganisationId: string, origin: Origin): Promise<void> {
  requireAdmin(actor);
  await inTransaction(async (tx) => {
    const [pro] = await tx.select().from(professional).where(and(eq(professional.userId, proId), eq(professional.organisationId, orgId)));
    const [target] = await tx.select().from(organisation).where(eq(organisation.id, targetOrganisationId));
    if (!pro || !target || targetOrganisationId === orgId) throw new AppError("not-found");
    if (!target.active) throw new AppError("organisation-inactive");
    await tx.update(professional).set({ organisationId: targetOrganisationId }).where(eq(professional.userId, proId));
    const moved = await tx.update(dossier).set({ organisationId: targetOrganisationId, updatedAt: new Date() }).where(eq(dossier.professionalId, proId)).returning({ id: dossier.id });
    // Their open pages were built for the old organisation; a fresh sign-in gets the new one everywhere.
    await tx.delete(session).where(eq(session.userId, proId));
    await recordAudit(
      { action: "professional.moved", actorId: actor.id, subjectType: "user", subjectId: proId, organisationId: targetOrganisationId, before: { organisationId: orgId }, after: { organisationId: targetOrganisationId, dossiers: moved.length } },
      origin,
      tx,
    );
  });
}
