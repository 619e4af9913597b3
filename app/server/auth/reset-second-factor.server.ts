/**
 * An administrator resets someone's second factor (lost phone): the TOTP secret and backup codes are removed, so
 * the user signs in with their first factor only and, where MFA_REQUIRED_ROLES asks for it, enrols again straight
 * away. Audited with the acting admin. Only an enabled admin may do this; anyone else gets not-found.
 *
 * Never on oneself: an admin's own second factor is changed on their account page, which asks for a recent sign-in
 * (PRODUCT.md: MFA is a sensitive change). Here a session of any age would do, so a stolen admin cookie could strip
 * the factor that protects the account.
 */
import { eq } from "drizzle-orm";
import { AppError } from "~/domain/errors";
import { type AuditOrigin, recordAudit } from "../audit/audit.server";
import { removeSecondFactor } from "../account/second-factor-enrolment.server";
import { systemDb } from "../db/client.server";
import { inTransaction } from "../db/transaction.server";
import { user as userTable } from "../db/schema";

export async function resetSecondFactor(input: { actorId: string; userId: string }, origin: AuditOrigin = {}): Promise<void> {
  const [actor] = await systemDb().select({ role: userTable.role, banned: userTable.banned }).from(userTable).where(eq(userTable.id, input.actorId));
  if (!actor || actor.role !== "admin" || actor.banned) throw new AppError("not-found");
  if (input.userId === input.actorId) throw new AppError("self-second-factor-reset");
  const [subject] = await systemDb().select({ id: userTable.id }).from(userTable).where(eq(userTable.id, input.userId));
  if (!subject) throw new AppError("not-found");
  // The reset and its audit row in one transaction: never one without the other.
  await inTransaction(async (tx) => {
    const hadFactor = await removeSecondFactor(tx, input.userId);
    await recordAudit({ action: "auth.second-factor-reset", actorId: input.actorId, subjectType: "user", subjectId: input.userId, before: { enrolled: hadFactor }, after: { enrolled: false } }, origin, tx);
  });
}
