/**
 * A signed-in user sets a new password (recent-login checked by the caller). Every other session ends, so a
 * device that knew the old password is signed out. The hash is made by Better Auth and never leaves the server.
 */
import { AppError } from "~/domain/errors";
import { passwordProblemOf } from "../auth/password-check.server";
import { type AuditOrigin, recordAudit } from "../audit/audit.server";
import { auth } from "../auth/auth.server";
import { revokeOtherSessions } from "./sessions.server";

export async function changePassword(user: { id: string; sessionId: string; name: string; email: string }, newPassword: string, origin: AuditOrigin): Promise<void> {
  const problem = await passwordProblemOf(newPassword, [user.name, user.email]);
  if (problem) throw new AppError("weak-password", { problem });
  const ctx = await auth().$context;
  const hash = await ctx.password.hash(newPassword);
  if (await ctx.internalAdapter.findCredentialAccount(user.id)) await ctx.internalAdapter.updatePassword(user.id, hash);
  else await ctx.internalAdapter.createAccount({ userId: user.id, providerId: "credential", accountId: user.id, password: hash });
  await recordAudit({ action: "auth.password-changed", actorId: user.id, subjectType: "user", subjectId: user.id }, origin);
  await revokeOtherSessions(user, origin);
}
