/**
 * Changing one's e-mail address (recent-login checked by the caller): the new address gets a confirmation link,
 * and only opening that link (once, within EMAIL_CHANGE_VALID_MINUTES) changes the address; the old address is
 * then told. The link's token is kept hashed in Better Auth's verification table, so a database reader cannot
 * use it. Not Better Auth's `changeEmail`: that needs a cookie session on the confirming request and, for a
 * verified address, a first link to the old address; here the link works in any browser and the old address
 * gets a notice instead (docs/decisions/040-email-change.md). A confirmed change ends the person's pending
 * password-reset links: they went to the old address, which may no longer be theirs.
 */
import { createHash } from "node:crypto";
import { generateRandomString } from "better-auth/crypto";
import { and, eq, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { EMAIL_CHANGE_VALID_MINUTES } from "~/domain/constants";
import { AppError } from "~/domain/errors";
import { DEFAULT_LOCALE, isLocale, localizePath, type Locale } from "~/domain/locales";
import { type AuditOrigin, recordAudit } from "../audit/audit.server";
import { auth } from "../auth/auth.server";
import { endResetLinks } from "../auth/password-reset.server";
import { systemDb } from "../db/client.server";
import { inTransaction } from "../db/transaction.server";
import { user as userTable } from "../db/schema";
import { delivery } from "../mail/delivery.server";
import { logger } from "../logger.server";
import { sendEmailLater } from "../jobs/queued-email.server";

const identifier = (token: string) => `email-change-${createHash("sha256").update(token).digest("base64url")}`;
const addressSchema = z.string().trim().toLowerCase().pipe(z.email().max(320));

interface Pending {
  userId: string;
  from: string;
  to: string;
}

async function addressTaken(email: string, userId: string): Promise<boolean> {
  const [row] = await systemDb()
    .select({ id: userTable.id })
    .from(userTable)
    .where(and(sql`lower(${userTable.email}) = ${email}`, ne(userTable.id, userId)));
  return Boolean(row);
}

/** Sends the confirmation link to the new address; the address itself stays as it is until the link is opened. */
export async function requestEmailChange(user: { id: string; email: string; name: string; locale: Locale }, typed: string, origin: AuditOrigin): Promise<{ to: string }> {
  const parsed = addressSchema.safeParse(typed);
  if (!parsed.success) throw new AppError("invalid-argument");
  const to = parsed.data;
  if (to === user.email.toLowerCase()) throw new AppError("invalid-argument");
  // An address another account uses gets the same answer and no mail: saying "taken" would tell whoever is signed
  // in which addresses have an account (decision 061). The audit log keeps what really happened.
  if (await addressTaken(to, user.id)) {
    await recordAudit({ action: "auth.email-change-address-taken", actorId: user.id, subjectType: "user", subjectId: user.id }, origin);
    return { to };
  }
  const token = generateRandomString(32, "a-z", "A-Z", "0-9");
  const ctx = await auth().$context;
  const value: Pending = { userId: user.id, from: user.email, to };
  await ctx.internalAdapter.createVerificationValue({
    identifier: identifier(token),
    value: JSON.stringify(value),
    expiresAt: new Date(Date.now() + EMAIL_CHANGE_VALID_MINUTES * 60_000),
  });
  const url = `${localizePath("/confirm-email", user.locale)}?token=${token}`;
  await delivery().sendEmail({ email: to, locale: user.locale }, "email-change", { name: user.name, url, minutes: EMAIL_CHANGE_VALID_MINUTES });
  await recordAudit({ action: "auth.email-change-requested", actorId: user.id, subjectType: "user", subjectId: user.id, after: { to } }, origin);
  return { to };
}

export type EmailChangeLink = { state: "valid"; to: string } | { state: "invalid" };

/** What a link is for, without using it (the page shows the new address and a button). */
export async function emailChangeLink(token: string): Promise<EmailChangeLink> {
  const pending = await readPending(token);
  return pending ? { state: "valid", to: pending.to } : { state: "invalid" };
}

async function readPending(token: string): Promise<Pending | null> {
  if (!/^[A-Za-z0-9]{32}$/.test(token)) return null;
  const ctx = await auth().$context;
  const row = await ctx.internalAdapter.findVerificationValue(identifier(token));
  if (!row || new Date(row.expiresAt).getTime() < Date.now()) return null;
  return JSON.parse(row.value) as Pending;
}

/**
 * Uses the link: the address changes (and counts as verified: the link reached it), the old address gets a
 * notice. A used, expired or unknown link, or one for an address changed meanwhile, is `invalid-action-code`.
 */
export async function confirmEmailChange(token: string, origin: AuditOrigin): Promise<{ userId: string; email: string; locale: Locale }> {
  const pending = await readPending(token);
  if (!pending) throw new AppError("invalid-action-code");
  const ctx = await auth().$context;
  await ctx.internalAdapter.deleteVerificationByIdentifier(identifier(token));
  const [current] = await systemDb().select({ email: userTable.email, name: userTable.name, locale: userTable.locale }).from(userTable).where(eq(userTable.id, pending.userId));
  if (!current || current.email !== pending.from) throw new AppError("invalid-action-code");
  // Someone may have taken the address between the request and the link.
  if (await addressTaken(pending.to, pending.userId)) throw new AppError("email-already-in-use");
  // The address, the end of the reset links mailed to the old one, and the audit row: all or nothing.
  await inTransaction(async (tx) => {
    const changed = await tx
      .update(userTable)
      .set({ email: pending.to, emailVerified: true, updatedAt: new Date() })
      .where(and(eq(userTable.id, pending.userId), eq(userTable.email, pending.from)))
      .returning({ id: userTable.id });
    if (changed.length === 0) throw new AppError("invalid-action-code");
    // A reset link to the old address would otherwise still set the password (and sign in) after the change.
    await endResetLinks(tx, pending.userId);
    await recordAudit({ action: "auth.email-changed", actorId: pending.userId, subjectType: "user", subjectId: pending.userId, before: { email: pending.from }, after: { email: pending.to } }, origin, tx);
  });
  const locale = isLocale(current.locale) ? current.locale : DEFAULT_LOCALE;
  // The notice is a warning, not a step: the change stands whatever the mail server does, and the notice goes
  // through the job queue, so a mail server that is down delays the warning rather than losing it (decision 083).
  await sendEmailLater({ email: pending.from, locale }, "email-changed", { name: current.name, url: localizePath("/", locale), newEmail: pending.to }).catch((err: unknown) =>
    logger.error({ err }, "e-mail-changed notice could not be queued"),
  );
  return { userId: pending.userId, email: pending.to, locale };
}
