/**
 * Admin action "reset second factor". PLACEHOLDER: this version only records the audit entry; the two-factor
 * branch (helper B) replaces this file with the real reset (TOTP secret, backup codes, verified phone as factor).
 * Keep the signature: the admin pages call it.
 */
import { recordAudit } from "../audit/audit.server";

export async function resetSecondFactor(input: { actorId: string; userId: string }): Promise<void> {
  await recordAudit({ action: "auth.second-factor-reset", actorId: input.actorId, subjectType: "user", subjectId: input.userId });
}
