/**
 * Forgotten passwords, on Better Auth's password reset (tokens in the verification table). The answer to a
 * request is the same for known and unknown addresses, and the e-mail is sent after the answer (not awaited), so
 * the response time does not tell either: both paths do one user lookup and one verification-table access.
 */
import { and, eq, isNull, like } from "drizzle-orm";
import { personalInputs } from "~/domain/password-inputs";
import type { PasswordProblem } from "~/domain/password-policy";
import { passwordProblemOf } from "./password-check.server";
import { recordAudit, type AuditOrigin } from "../audit/audit.server";
import { config } from "../config.server";
import { systemDb, type Queryable } from "../db/client.server";
import { invitation, user, verification } from "../db/schema";
import { auth, CLIENT_IP_HEADER } from "./auth.server";

/**
 * Ask for a reset link. Through Better Auth's handler (not auth.api) so its per-address rate limiter applies;
 * a 429 is the only answer that differs, and it differs for every address alike.
 */
export async function requestPasswordReset(email: string, origin: AuditOrigin): Promise<{ ok: true } | { ok: false; code: "too-many-requests" }> {
  const { baseUrl } = config();
  const response = await auth().handler(
    new Request(`${baseUrl}/api/auth/request-password-reset`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: new URL(baseUrl).origin, [CLIENT_IP_HEADER]: origin.ipAddress ?? "" },
      body: JSON.stringify({ email: email.trim().toLowerCase() }),
    }),
  );
  if (response.status === 429) return { ok: false, code: "too-many-requests" };
  // The address is not stored: it may not belong to anyone here.
  await recordAudit({ action: "auth.password-reset-requested", subjectType: "user" }, origin);
  return { ok: true };
}

export type ResetTokenState = { state: "valid"; userId: string; email: string; name: string } | { state: "expired" } | { state: "invalid" };

/** `expiresHint` (seconds since epoch, from the link) only picks "expired" over "invalid" for a vanished token. */
export async function resetTokenState(token: string, expiresHint?: number | null): Promise<ResetTokenState> {
  if (!token || token.length > 200) return { state: "invalid" };
  const ctx = await auth().$context;
  const row = await ctx.internalAdapter.findVerificationValue(`reset-password:${token}`);
  if (!row) return expiresHint && expiresHint * 1000 < Date.now() ? { state: "expired" } : { state: "invalid" };
  if (new Date(row.expiresAt) < new Date()) return { state: "expired" };
  const [person] = await systemDb().select({ id: user.id, email: user.email, name: user.name, banned: user.banned }).from(user).where(eq(user.id, row.value));
  // A disabled account (or a revoked invitation) sets no password, as it gets no link (password-reset-mail.server.ts).
  return person && !person.banned ? { state: "valid", userId: person.id, email: person.email, name: person.name } : { state: "invalid" };
}

/**
 * Deletes every pending reset link of one person (Better Auth keeps them as `reset-password:<token>` with the
 * user's id as the value). Called when a reset completes and when the e-mail address changes: a link mailed to
 * an address the person no longer uses must not set their password.
 */
export async function endResetLinks(db: Queryable, userId: string): Promise<void> {
  await db.delete(verification).where(and(like(verification.identifier, "reset-password:%"), eq(verification.value, userId)));
}

export type ResetResult = { ok: true; email: string } | { ok: false; code: "expired-action-code" | "invalid-action-code" } | { ok: false; code: "weak-password"; problem: PasswordProblem };

export async function resetPasswordWithToken(token: string, password: string, origin: AuditOrigin, expiresHint?: number | null): Promise<ResetResult> {
  const state = await resetTokenState(token, expiresHint);
  if (state.state === "expired") return { ok: false, code: "expired-action-code" };
  if (state.state === "invalid") return { ok: false, code: "invalid-action-code" };
  const problem = await passwordProblemOf(password, personalInputs(state.name, state.email));
  if (problem) return { ok: false, code: "weak-password", problem };
  try {
    await auth().api.resetPassword({ body: { token, newPassword: password } });
  } catch {
    // Consumed by a parallel request between our check and Better Auth's.
    return { ok: false, code: "invalid-action-code" };
  }
  // Following the link proved the address; an invitation still open is thereby accepted too (its link must not
  // set the password a second time).
  await systemDb().update(user).set({ emailVerified: true }).where(eq(user.id, state.userId));
  await systemDb()
    .update(invitation)
    .set({ acceptedAt: new Date() })
    .where(and(eq(invitation.userId, state.userId), isNull(invitation.acceptedAt), isNull(invitation.revokedAt)));
  // Every other reset link of this person ends with this one: an older mail must not set the password again.
  await endResetLinks(systemDb(), state.userId);
  await recordAudit({ action: "auth.password-reset", actorId: state.userId, subjectType: "user", subjectId: state.userId }, origin);
  return { ok: true, email: state.email };
}
