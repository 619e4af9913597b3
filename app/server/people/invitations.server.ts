/**
 * Invitations (PRODUCT.md "People and organisations"): an admin invites a person by e-mail with a role (and
 * organisation); the person's user row is created at once, without a password; the link leads to /set-password,
 * where accepting sets the password, verifies the address and signs in. Links expire after INVITATION_VALID_DAYS,
 * can be resent (a new link; the old one stops working) and revoked (the account is disabled until re-sent).
 * Opening and accepting a link is in app/server/auth/invitation-link.server.ts (keyed by its token, no actor yet).
 */
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, inArray, isNull, notExists, sql } from "drizzle-orm";
import { can } from "~/domain/access/permissions";
import { INVITATION_VALID_DAYS } from "~/domain/constants";
import { AppError } from "~/domain/errors";
import { localizePath, type Locale } from "~/domain/locales";
import { isRole, type Role } from "~/domain/roles";
import { personMay } from "../access/person-may.server";
import { recordAudit } from "../audit/audit.server";
import type { Queryable, Transaction } from "../db/client.server";
import { auditLog, invitation, organisation, professional, session, supervisor, supervisorOrganisation, user } from "../db/schema";
import { inTransaction } from "../db/transaction.server";
import { releaseReviewsOf } from "../dossiers/release-reviews.server";
import { delivery } from "../mail/delivery.server";
import { requireAdmin, type Actor, type Origin } from "./access.server";
import { endWorkOfLostRights } from "./rights-ended.server";
import { assertMayDisable } from "./users.server";

const DAY_MS = 24 * 3600 * 1000;
/** The ban reason a revoked invitation leaves, which a resend takes back (and no other). */
const INVITATION_REVOKED = "invitation revoked";

export interface InvitationInput {
  name: string;
  email: string;
  role: Role;
  locale: Locale;
  /** Professionals: their one organisation. */
  organisationId?: string | null;
  jobTitle?: string | null;
  /** Supervisors: the organisations they supervise, and their specialty. */
  organisationIds?: string[];
  specialty?: string | null;
}

/** What the mail needs once the transaction has committed. */
export interface PendingMail {
  userId: string;
  email: string;
  name: string;
  locale: Locale;
  role: Role;
  token: string;
  organisationName: string | null;
}

function newToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Create the invitee and their invitation inside the caller's transaction; the mail is sent after commit. */
export async function createInvitationInTx(tx: Queryable, actor: Actor, input: InvitationInput, origin: Origin): Promise<PendingMail> {
  requireAdmin(actor);
  const email = input.email.trim().toLowerCase();
  const [taken] = await tx.select({ id: user.id }).from(user).where(sql`lower(${user.email}) = ${email}`);
  if (taken) throw new AppError("email-already-in-use", { field: "email" });
  let organisationName: string | null = null;
  if (input.role === "professional") {
    if (!input.organisationId) throw new AppError("invalid-argument", { field: "organisationId" });
    const [org] = await tx.select().from(organisation).where(eq(organisation.id, input.organisationId));
    if (!org) throw new AppError("not-found");
    if (!org.active) throw new AppError("organisation-inactive");
    organisationName = org.name;
  }
  const userId = crypto.randomUUID();
  await tx.insert(user).values({ id: userId, name: input.name.trim(), email, emailVerified: false, role: input.role, locale: input.locale });
  if (input.role === "professional") {
    await tx.insert(professional).values({ userId, organisationId: input.organisationId!, jobTitle: input.jobTitle?.trim() || null });
  } else if (input.role === "supervisor") {
    await tx.insert(supervisor).values({ userId, specialty: input.specialty ?? "other" });
    const ids = [...new Set(input.organisationIds ?? [])];
    if (ids.length) {
      const found = await tx.select({ id: organisation.id }).from(organisation).where(inArray(organisation.id, ids));
      if (found.length !== ids.length) throw new AppError("not-found");
      await tx.insert(supervisorOrganisation).values(ids.map((organisationId) => ({ supervisorId: userId, organisationId })));
    }
  }
  const { token, tokenHash } = newToken();
  const [row] = await tx
    .insert(invitation)
    .values({ userId, role: input.role, tokenHash, invitedBy: actor.id, expiresAt: new Date(Date.now() + INVITATION_VALID_DAYS * DAY_MS) })
    .returning({ id: invitation.id });
  await recordAudit(
    {
      action: "invitation.created",
      actorId: actor.id,
      subjectType: "user",
      subjectId: userId,
      organisationId: input.organisationId ?? null,
      after: { invitationId: row.id, name: input.name.trim(), role: input.role, locale: input.locale, organisationIds: input.organisationIds ?? undefined },
    },
    origin,
    tx,
  );
  return { userId, email, name: input.name.trim(), locale: input.locale, role: input.role, token, organisationName };
}

/** Send invitation mails; a failed one is reported, the invitation stays and can be resent. */
export async function sendInvitationMails(actor: Actor, mails: PendingMail[]): Promise<{ failed: string[] }> {
  const failed: string[] = [];
  for (const mail of mails) {
    try {
      await delivery().sendEmail({ email: mail.email, locale: mail.locale }, "invitation", {
        name: mail.name,
        url: invitationPath(mail.token, mail.locale),
        days: INVITATION_VALID_DAYS,
        inviter: actor.name ?? "Casus",
        role: mail.role,
        organisation: mail.organisationName,
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      failed.push(mail.userId);
    }
  }
  return { failed };
}

function invitationPath(token: string, locale: Locale): string {
  return `${localizePath("/set-password", locale)}?token=${encodeURIComponent(token)}`;
}

export async function invitePerson(actor: Actor, input: InvitationInput, origin: Origin): Promise<{ userId: string; mailFailed: boolean }> {
  requireAdmin(actor);
  const mail = await inTransaction((tx) => createInvitationInTx(tx, actor, input, origin));
  const { failed } = await sendInvitationMails(actor, [mail]);
  return { userId: mail.userId, mailFailed: failed.length > 0 };
}

export type InvitationState = "pending" | "expired" | "accepted" | "revoked" | "none";

export interface InvitationSummary {
  id: string;
  state: InvitationState;
  sentAt: Date;
  sendCount: number;
  expiresAt: Date;
  acceptedAt: Date | null;
  revokedAt: Date | null;
}

export function invitationState(row: { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date }, now = new Date()): InvitationState {
  if (row.acceptedAt) return "accepted";
  if (row.revokedAt) return "revoked";
  return row.expiresAt < now ? "expired" : "pending";
}

/** Each user's latest invitation state, for the people lists (a user never invited is not in the map). */
export async function invitationStates(db: Queryable, userIds: string[]): Promise<Map<string, InvitationState>> {
  const states = new Map<string, InvitationState>();
  if (!userIds.length) return states;
  const rows = await db.select().from(invitation).where(inArray(invitation.userId, userIds)).orderBy(desc(invitation.createdAt));
  for (const row of rows) if (!states.has(row.userId)) states.set(row.userId, invitationState(row));
  return states;
}

/** The latest invitation of a user, for the detail pages. */
export async function latestInvitation(db: Queryable, userId: string): Promise<InvitationSummary | null> {
  const [row] = await db.select().from(invitation).where(eq(invitation.userId, userId)).orderBy(sql`${invitation.createdAt} desc`).limit(1);
  if (!row) return null;
  return { id: row.id, state: invitationState(row), sentAt: row.sentAt, sendCount: row.sendCount, expiresAt: row.expiresAt, acceptedAt: row.acceptedAt, revokedAt: row.revokedAt };
}

/** A new link with a fresh period; the old link stops working. Also re-opens a revoked invitation. */
export async function resendInvitation(actor: Actor, userId: string, origin: Origin): Promise<{ mailFailed: boolean }> {
  requireAdmin(actor);
  const mail = await inTransaction(async (tx) => {
    const [row] = await tx.select().from(invitation).where(eq(invitation.userId, userId)).orderBy(sql`${invitation.createdAt} desc`).limit(1);
    if (!row) throw new AppError("not-found");
    if (row.acceptedAt) throw new AppError("conflict");
    const [person] = await tx.select().from(user).where(eq(user.id, userId));
    if (!person) throw new AppError("not-found");
    const { token, tokenHash } = newToken();
    const expiresAt = new Date(Date.now() + INVITATION_VALID_DAYS * DAY_MS);
    await tx
      .update(invitation)
      // The resending administrator now vouches for the grant (the first sender may since have lost the right).
      .set({ tokenHash, expiresAt, sentAt: new Date(), sendCount: row.sendCount + 1, revokedAt: null, invitedBy: actor.id })
      .where(eq(invitation.id, row.id));
    // Undo what the revocation did, and only that: an account an administrator disabled stays disabled.
    if (row.revokedAt && person.banReason === INVITATION_REVOKED) await tx.update(user).set({ banned: false, banReason: null }).where(eq(user.id, userId));
    await recordAudit(
      { action: "invitation.resent", actorId: actor.id, subjectType: "user", subjectId: userId, before: { state: invitationState(row) }, after: { state: "pending", sendCount: row.sendCount + 1 } },
      origin,
      tx,
    );
    const organisationName = await organisationNameOf(tx, userId);
    return { userId, email: person.email, name: person.name, locale: person.locale as Locale, role: person.role as Role, token, organisationName };
  });
  const { failed } = await sendInvitationMails(actor, [mail]);
  return { mailFailed: failed.length > 0 };
}

async function organisationNameOf(tx: Queryable, userId: string): Promise<string | null> {
  const [row] = await tx.select({ name: organisation.name }).from(professional).innerJoin(organisation, eq(organisation.id, professional.organisationId)).where(eq(professional.userId, userId));
  return row?.name ?? null;
}

/**
 * The link stops working and the account is disabled (no other sign-in method can get in either). Disabling is
 * disabling whichever way it comes: an invitee can be an active account before accepting (signed in by e-mail link,
 * which verifies the address), so the rules of disabling apply — not oneself, not the last active administrator.
 */
export async function revokeInvitation(actor: Actor, userId: string, origin: Origin): Promise<void> {
  requireAdmin(actor);
  await inTransaction(async (tx) => {
    const [row] = await tx.select().from(invitation).where(eq(invitation.userId, userId)).orderBy(sql`${invitation.createdAt} desc`).limit(1);
    if (!row) throw new AppError("not-found");
    if (row.acceptedAt || row.revokedAt) throw new AppError("conflict");
    const [person] = await tx.select({ id: user.id, role: user.role, banned: user.banned }).from(user).where(eq(user.id, userId));
    if (!person) throw new AppError("not-found");
    await revokeInTransaction(tx, actor, row, person, origin, { after: { state: "revoked" } });
  });
}

/**
 * What revoking does, by hand or because the sender lost the right: the link dies, the account is disabled (keeping
 * an earlier reason, so a later resend does not enable what an administrator disabled), its sessions end, an invited
 * supervisor's claimed reviews go back to the queue, and what the invitee set going ends with their rights.
 */
async function revokeInTransaction(
  tx: Transaction,
  actor: Actor,
  row: typeof invitation.$inferSelect,
  person: { id: string; role: string; banned: boolean | null },
  origin: Origin,
  // Written as `after: {…}` where it is called: the audit page's test finds the recorded fields by that shape.
  { after }: { after: Record<string, unknown> },
): Promise<void> {
  await assertMayDisable(tx, actor, person);
  await tx.update(invitation).set({ revokedAt: new Date() }).where(eq(invitation.id, row.id));
  if (!person.banned) await tx.update(user).set({ banned: true, banReason: INVITATION_REVOKED }).where(eq(user.id, person.id));
  await tx.delete(session).where(eq(session.userId, person.id));
  // An invited supervisor already signed in (by e-mail link) may have claimed a dossier: it goes back to the queue.
  if (person.role === "supervisor") await releaseReviewsOf(tx, actor.id, person.id, "every", "supervisor-disabled");
  await endWorkOfLostRights(tx, actor, person.id, origin);
  await recordAudit({ action: "invitation.revoked", actorId: actor.id, subjectType: "user", subjectId: person.id, before: { state: invitationState(row) }, after }, origin, tx);
}

/**
 * An invitation is an administrator's grant of a role, and it holds only while they may grant it: when their
 * rights end (made a supervisor, disabled, their own invitation revoked), every invitation of theirs not yet
 * accepted is revoked in the same transaction, as `revokeInvitation` would (link dead, account disabled — the
 * invitee's account exists from the invitation and could otherwise be used by e-mail link or a reset). Another
 * administrator who still vouches for the person resends it. The rules of disabling hold: never the acting
 * administrator themselves (skipped: they are using the account), never the last active administrator.
 *
 * Only invitations nobody has taken up: an invitee who has signed in (by e-mail link, SMS code or single sign-on,
 * none of which marks the invitation accepted) is using the account another administrator could see on the people
 * pages all along; disabling them, ending their sessions and releasing their reviews because their inviter left would
 * lock out working people (a whole organisation, after one CSV import). Every sign-in is audited as `auth.sign-in`.
 */
export async function revokeInvitationsSentBy(tx: Transaction, actor: Actor, inviterId: string, origin: Origin): Promise<void> {
  const signedIn = tx
    .select({ one: sql`1` })
    .from(auditLog)
    .where(and(eq(auditLog.actorId, invitation.userId), eq(auditLog.action, "auth.sign-in")));
  const open = await tx
    .select()
    .from(invitation)
    .where(and(eq(invitation.invitedBy, inviterId), isNull(invitation.acceptedAt), isNull(invitation.revokedAt), notExists(signedIn)));
  for (const row of open) {
    if (row.userId === actor.id) continue;
    const [person] = await tx.select({ id: user.id, role: user.role, banned: user.banned }).from(user).where(eq(user.id, row.userId));
    if (!person) continue;
    await revokeInTransaction(tx, actor, row, person, origin, { after: { state: "revoked", reason: "inviter-lost-rights", inviter: inviterId } });
  }
}

/**
 * Whether the invitation's sender may still grant roles, asked when the link is opened and accepted: covers a right
 * that went outside the product (by hand in the database), which revokeInvitationsSentBy did not see.
 */
export const inviterMayInvite = (db: Queryable, inviterId: string | null): Promise<boolean> => personMay(db, inviterId, "people.manage");
