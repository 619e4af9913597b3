/**
 * Changes to a person's account by an administrator: disable/enable, role change, second-factor reset.
 * The rules: nobody disables themselves or resets their own second factor (reset-second-factor.server.ts); the last
 * active administrator can be neither disabled nor demoted.
 * Disabling writes the admin plugin's ban fields (Better Auth then refuses every sign-in) and deletes the
 * person's sessions in the same serializable transaction as the last-admin check, so two admins disabling each
 * other at once cannot leave nobody in charge (decision 020).
 */
import { and, count, eq, ne } from "drizzle-orm";
import { AppError } from "~/domain/errors";
import { recordAudit } from "../audit/audit.server";
import { resetSecondFactor } from "../auth/reset-second-factor.server";
import { actingAs } from "../access/actor-db.server";
import type { Transaction } from "../db/client.server";
import { session, supervisor, user } from "../db/schema";
import { inTransaction } from "../db/transaction.server";
import { releaseReviewsOf } from "../dossiers/release-reviews.server";
import { requireAdmin, type Actor, type Origin } from "./access.server";
import { endWorkOfLostRights } from "./rights-ended.server";

const DISABLED_REASON = "disabled by an administrator";

async function otherActiveAdmins(tx: Transaction, userId: string): Promise<number> {
  const [{ n }] = await tx
    .select({ n: count() })
    .from(user)
    .where(and(eq(user.role, "admin"), eq(user.banned, false), eq(user.emailVerified, true), ne(user.id, userId)));
  return Number(n);
}

/**
 * The rule for every path that disables an account (disabling it, revoking its invitation): nobody disables
 * themselves, and the last active administrator stays. Asked inside the transaction that disables, so two
 * administrators disabling each other at once cannot both pass.
 */
export async function assertMayDisable(tx: Transaction, actor: Actor, target: { id: string; role: string }): Promise<void> {
  if (target.id === actor.id) throw new AppError("self-disable");
  if (target.role === "admin" && (await otherActiveAdmins(tx, target.id)) === 0) throw new AppError("last-admin");
}

export async function setUserDisabled(actor: Actor, userId: string, disabled: boolean, origin: Origin): Promise<void> {
  requireAdmin(actor);
  if (disabled && userId === actor.id) throw new AppError("self-disable");
  await inTransaction(async (tx) => {
    const [before] = await tx.select().from(user).where(eq(user.id, userId));
    if (!before) throw new AppError("not-found");
    if (before.banned === disabled) return;
    if (disabled) await assertMayDisable(tx, actor, before);
    await tx
      .update(user)
      .set(disabled ? { banned: true, banReason: DISABLED_REASON, banExpires: null, updatedAt: new Date() } : { banned: false, banReason: null, banExpires: null, updatedAt: new Date() })
      .where(eq(user.id, userId));
    // Signed out at once on every device.
    if (disabled) await tx.delete(session).where(eq(session.userId, userId));
    // What a disabled supervisor was reviewing goes back to the queues: nobody else could act on it.
    if (disabled && before.role === "supervisor") await releaseReviewsOf(tx, actor.id, userId, "every", "supervisor-disabled");
    if (disabled) await endWorkOfLostRights(tx, actor, userId, origin);
    await recordAudit(
      { action: disabled ? "user.disabled" : "user.enabled", actorId: actor.id, subjectType: "user", subjectId: userId, before: { disabled: before.banned }, after: { disabled } },
      origin,
      tx,
    );
  });
}

/** An administrator becomes a supervisor (specialty "other", no organisations yet). */
export async function demoteAdministrator(actor: Actor, userId: string, origin: Origin): Promise<void> {
  requireAdmin(actor);
  await inTransaction(async (tx) => {
    const [before] = await tx.select().from(user).where(eq(user.id, userId));
    if (!before || before.role !== "admin") throw new AppError("not-found");
    if ((await otherActiveAdmins(tx, userId)) === 0) throw new AppError("last-admin");
    await tx.update(user).set({ role: "supervisor", updatedAt: new Date() }).where(eq(user.id, userId));
    await tx.insert(supervisor).values({ userId, specialty: "other" }).onConflictDoNothing();
    // The old sessions carry admin rights in people's minds; start fresh.
    await tx.delete(session).where(eq(session.userId, userId));
    await endWorkOfLostRights(tx, actor, userId, origin);
    await recordAudit({ action: "user.role-changed", actorId: actor.id, subjectType: "user", subjectId: userId, before: { role: "admin" }, after: { role: "supervisor" } }, origin, tx);
  });
}

export async function resetUserSecondFactor(actor: Actor, userId: string, origin: Origin): Promise<void> {
  const { db } = actingAs(actor, "people.manage");
  const [target] = await db.select({ id: user.id }).from(user).where(eq(user.id, userId));
  if (!target) throw new AppError("not-found");
  await resetSecondFactor({ actorId: actor.id, userId }, origin);
}
