/**
 * Opening and accepting an invitation link (/set-password): keyed by the link's token, before there is an actor —
 * like the other credential work in this folder. Accepting sets the password, verifies the address and closes
 * the invitation in one transaction; the caller signs the person in.
 */
import { and, eq } from "drizzle-orm";
import { personalInputs } from "~/domain/password-inputs";
import type { PasswordProblem } from "~/domain/password-policy";
import { passwordProblemOf } from "./password-check.server";
import { recordAudit } from "../audit/audit.server";
import { systemDb } from "../db/client.server";
import { account, invitation, user } from "../db/schema";
import { inTransaction } from "../db/transaction.server";
import { hashToken, invitationState, inviterMayInvite } from "../people/invitations.server";
import type { Origin } from "../people/access.server";
import { auth } from "./auth.server";

export type InvitationLink = { state: "valid"; userId: string; email: string; name: string } | { state: "expired" } | { state: "invalid" };

/** What /set-password shows for an invitation token. Used, revoked and unknown links are all "invalid". */
export async function invitationLinkState(token: string): Promise<InvitationLink> {
  if (!token || token.length > 200) return { state: "invalid" };
  const [row] = await systemDb()
    .select({ inv: invitation, email: user.email, name: user.name })
    .from(invitation)
    .innerJoin(user, eq(user.id, invitation.userId))
    .where(eq(invitation.tokenHash, hashToken(token)));
  if (!row) return { state: "invalid" };
  const state = invitationState(row.inv);
  if (state === "expired") return { state: "expired" };
  if (state !== "pending") return { state: "invalid" };
  if (!(await inviterMayInvite(systemDb(), row.inv.invitedBy))) return { state: "invalid" };
  return { state: "valid", userId: row.inv.userId, email: row.email, name: row.name };
}

export type AcceptResult =
  | { ok: true; email: string }
  | { ok: false; code: "expired-action-code" | "invalid-action-code" }
  | { ok: false; code: "weak-password"; problem: PasswordProblem };

/** Set the password, verify the address, close the invitation: one transaction. The caller signs the person in. */
export async function acceptInvitation(token: string, password: string, origin: Origin): Promise<AcceptResult> {
  const link = await invitationLinkState(token);
  if (link.state === "expired") return { ok: false, code: "expired-action-code" };
  if (link.state === "invalid") return { ok: false, code: "invalid-action-code" };
  const problem = await passwordProblemOf(password, personalInputs(link.name, link.email));
  if (problem) return { ok: false, code: "weak-password", problem };
  const hash = await (await auth().$context).password.hash(password);
  const accepted = await inTransaction(async (tx) => {
    // Re-read inside the transaction: a parallel accept or a revoke may have won.
    const [row] = await tx.select().from(invitation).where(and(eq(invitation.tokenHash, hashToken(token))));
    if (!row || invitationState(row) !== "pending" || !(await inviterMayInvite(tx, row.invitedBy))) return false;
    await tx.update(invitation).set({ acceptedAt: new Date() }).where(eq(invitation.id, row.id));
    const [credential] = await tx.select({ id: account.id }).from(account).where(and(eq(account.userId, row.userId), eq(account.providerId, "credential")));
    if (credential) await tx.update(account).set({ password: hash, updatedAt: new Date() }).where(eq(account.id, credential.id));
    else await tx.insert(account).values({ id: crypto.randomUUID(), accountId: row.userId, providerId: "credential", userId: row.userId, password: hash });
    await tx.update(user).set({ emailVerified: true, updatedAt: new Date() }).where(eq(user.id, row.userId));
    await recordAudit({ action: "invitation.accepted", actorId: row.userId, subjectType: "user", subjectId: row.userId, before: { state: "pending" }, after: { state: "accepted", emailVerified: true } }, origin, tx);
    return true;
  });
  return accepted ? { ok: true, email: link.email } : { ok: false, code: "invalid-action-code" };
}
