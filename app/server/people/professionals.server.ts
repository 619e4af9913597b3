/**
 * A professional as the admin sees them (`/admin/organisaties/{orgId}/professional/{proId}`). A proId that is
 * not in that orgId answers not-found, exactly like one that does not exist.
 */
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { DOSSIER_PAGE_SIZE } from "~/domain/constants";
import { AppError } from "~/domain/errors";
import { isRowId } from "~/domain/row-id";
import { recordAudit } from "../audit/audit.server";
import { actingAs } from "../access/actor-db.server";
import { dossier, dossierMedium, media, organisation, patient, professional, session, user } from "../db/schema";
import type { Transaction } from "../db/client.server";
import { patientFor } from "../dossiers/create.server";
import { announceDossierEvent, recordDossierEvent } from "../dossiers/events.server";
import { inTransaction } from "../db/transaction.server";
import { requireAdmin, type Actor, type Origin } from "./access.server";
import { latestInvitation } from "./invitations.server";

export async function professionalDetail(actor: Actor, orgId: string, proId: string, page = 1) {
  const { db } = actingAs(actor, "people.manage");
  if (!isRowId(orgId) || !isRowId(proId)) throw new AppError("not-found");
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
  // A page of the professional's dossiers, newest change first, with the total (issue 13: no unbounded list). A
  // page past the end (a stale link) shows the last page.
  const [{ n: dossierTotal }] = await db.select({ n: count() }).from(dossier).where(eq(dossier.professionalId, proId));
  const dossierPageCount = Math.max(1, Math.ceil(dossierTotal / DOSSIER_PAGE_SIZE));
  const dossierPageNumber = Math.min(Number.isFinite(page) ? Math.max(1, Math.floor(page)) : 1, dossierPageCount);
  const dossiers = await db
    .select({ id: dossier.id, status: dossier.status, createdAt: dossier.createdAt, updatedAt: dossier.updatedAt, initials: patient.initials, birthYear: patient.birthYear })
    .from(dossier)
    .leftJoin(patient, eq(patient.id, dossier.patientId))
    .where(eq(dossier.professionalId, proId))
    .orderBy(desc(dossier.updatedAt), desc(dossier.id))
    .limit(DOSSIER_PAGE_SIZE)
    .offset((dossierPageNumber - 1) * DOSSIER_PAGE_SIZE);
  return {
    professional: { ...row, createdAt: row.createdAt.toISOString() },
    invitation: invitation && { ...invitation, sentAt: invitation.sentAt.toISOString(), expiresAt: invitation.expiresAt.toISOString() },
    dossiers: dossiers.map((d) => ({ ...d, createdAt: d.createdAt.toISOString(), updatedAt: d.updatedAt.toISOString() })),
    dossierPage: { page: dossierPageNumber, pageCount: dossierPageCount },
  };
}

/** What a move takes along, for the confirmation. */
export async function movePreview(actor: Actor, orgId: string, proId: string, targetOrganisationId: string) {
  const { db } = actingAs(actor, "people.manage");
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
    const moved = await moveDossiers(tx, actor.id, proId, orgId, targetOrganisationId);
    // Their open pages were built for the old organisation; a fresh sign-in gets the new one everywhere.
    await tx.delete(session).where(eq(session.userId, proId));
    await recordAudit(
      { action: "professional.moved", actorId: actor.id, subjectType: "user", subjectId: proId, organisationId: targetOrganisationId, before: { organisationId: orgId }, after: { organisationId: targetOrganisationId, dossiers: moved.length } },
      origin,
      tx,
    );
  });
}

/**
 * Moves a professional's dossiers to the target organisation, each with a `move` event (announced to both
 * organisations). A patient is a phone within one organisation, so each dossier is re-linked to the target
 * organisation's patient with that phone (created from the old row's facts when new); the old patient row stays
 * for the old organisation's other dossiers. A dossier in review was claimed by a supervisor of the old
 * organisation who can no longer act on it: it is released back to submitted first (a `release` event), so the
 * new organisation's supervisors can claim it. The media attached to the dossiers move with them.
 */
async function moveDossiers(tx: Transaction, actorId: string, proId: string, fromOrganisationId: string, toOrganisationId: string) {
  const rows = await tx.select().from(dossier).where(eq(dossier.professionalId, proId)).for("update");
  const patientIds = [...new Set(rows.map((d) => d.patientId).filter((id): id is string => id !== null))];
  const oldPatients = patientIds.length ? await tx.select().from(patient).where(inArray(patient.id, patientIds)) : [];
  const newPatientId = new Map<string, string>();
  for (const old of oldPatients) {
    const found = await patientFor(tx, toOrganisationId, old.phone, old);
    newPatientId.set(old.id, found.patient.id);
  }
  for (const d of rows) {
    const released = d.status === "in_review";
    const now = new Date();
    if (released) {
      await recordDossierEvent(tx, d, actorId, { kind: "release", fromStatus: "in_review", toStatus: "submitted", status: "submitted", detail: { reason: "professional-moved" } });
    }
    const status = released ? "submitted" : d.status;
    await tx
      .update(dossier)
      .set({
        organisationId: toOrganisationId,
        patientId: d.patientId ? (newPatientId.get(d.patientId) ?? d.patientId) : null,
        updatedAt: now,
        version: sql`${dossier.version} + 1`,
        ...(released ? { status, reviewerId: null } : {}),
      })
      .where(eq(dossier.id, d.id));
    const movedTo = { id: d.id, organisationId: toOrganisationId, professionalId: proId };
    const seq = await recordDossierEvent(tx, movedTo, actorId, { kind: "move", status, detail: { fromOrganisationId, toOrganisationId } });
    // The old organisation's pages (its supervisors' queue) must drop the dossier too.
    await announceDossierEvent(tx, seq, { ...movedTo, organisationId: fromOrganisationId }, "move", status);
  }
  // The dossiers' media go along: a medium is read within its organisation, so left behind it would vanish from
  // the moved dossier (and still count against the old organisation's quota). The stored object stays where it
  // is: the row keeps its object key.
  if (rows.length) {
    const attached = tx.select({ id: dossierMedium.mediaId }).from(dossierMedium).where(inArray(dossierMedium.dossierId, rows.map((d) => d.id)));
    await tx
      .update(media)
      .set({ organisationId: toOrganisationId })
      .where(and(eq(media.organisationId, fromOrganisationId), inArray(media.id, attached)));
  }
  return rows;
}
