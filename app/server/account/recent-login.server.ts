/**
 * "Requires recent login": password, e-mail, phone and second-factor changes need a sign-in within the last
 * RECENT_LOGIN_MS. A session counts as recent when it was created that recently, or when its owner confirmed
 * their identity again on the spot (password, authenticator code or backup code); that confirmation is kept as a
 * verification row for this session only, so it never outlives the window or moves to another device.
 */
import { constantTimeEqual } from "better-auth/crypto";
import { and, eq, isNotNull } from "drizzle-orm";
import { PASSWORD_MAX_LENGTH, REAUTH_ATTEMPTS, REAUTH_WINDOW_MS, RECENT_LOGIN_MS, SMS_CODE_ATTEMPTS } from "~/domain/constants";
import { AppError } from "~/domain/errors";
import { isLocale, DEFAULT_LOCALE } from "~/domain/locales";
import { type AuditOrigin, recordAudit } from "../audit/audit.server";
import { auth } from "../auth/auth.server";
import type { SessionUser } from "../auth/session.server";
import { systemDb } from "../db/client.server";
import { account, twoFactor, user as userTable } from "../db/schema";
import { countAttempt } from "../auth/plugins/address-rate-limit.server";
import { totpCodeMatches } from "./second-factor-enrolment.server";
import { issueSmsCode } from "./sms-code.server";
import type { SmsOutcome } from "../auth/plugins/sms-recipient.server";

const marker = (sessionId: string) => `recent-login-${sessionId}`;

export async function isRecentLogin(user: Pick<SessionUser, "sessionId" | "sessionCreatedAt">, now = Date.now()): Promise<boolean> {
  if (now - user.sessionCreatedAt.getTime() < RECENT_LOGIN_MS) return true;
  const ctx = await auth().$context;
  const confirmed = await ctx.internalAdapter.findVerificationValue(marker(user.sessionId));
  return Boolean(confirmed && new Date(confirmed.expiresAt).getTime() > now);
}

export type ReauthMethod = "password" | "totp" | "sms";

/**
 * True when the secret proves the user is who the session says; a success makes the session recent again. Over
 * REAUTH_ATTEMPTS in REAUTH_WINDOW_MS, right or wrong, the attempt is not checked at all: AppError too-many-requests.
 */
export async function reauthenticate(
  user: Pick<SessionUser, "id" | "sessionId">,
  input: { method: ReauthMethod; secret: string },
  origin: AuditOrigin,
): Promise<boolean> {
  const wait = await countAttempt(systemDb(), `reauth:${user.id}`, REAUTH_ATTEMPTS, REAUTH_WINDOW_MS);
  if (wait !== null) {
    await recordAudit({ action: "auth.reauthentication-failed", actorId: user.id, subjectType: "user", subjectId: user.id, after: { method: input.method, reason: "too-many-requests" } }, origin);
    throw new AppError("too-many-requests", { retryAfter: wait });
  }
  const ok =
    input.method === "password"
      ? await passwordMatches(user.id, input.secret)
      : input.method === "totp"
        ? await totpMatches(user.id, input.secret)
        : await smsMatches(user.sessionId, input.secret);
  await recordAudit({ action: ok ? "auth.reauthenticated" : "auth.reauthentication-failed", actorId: user.id, subjectType: "user", subjectId: user.id, after: { method: input.method } }, origin);
  if (!ok) return false;
  const ctx = await auth().$context;
  await ctx.internalAdapter.deleteVerificationByIdentifier(marker(user.sessionId));
  await ctx.internalAdapter.createVerificationValue({ identifier: marker(user.sessionId), value: user.id, expiresAt: new Date(Date.now() + RECENT_LOGIN_MS) });
  return true;
}

/** Whether the user has a password: asked as a yes or no, so the hash and the account's tokens are not read for it. */
export async function hasPassword(userId: string): Promise<boolean> {
  const [found] = await systemDb()
    .select({ id: account.id })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential"), isNotNull(account.password)))
    .limit(1);
  return Boolean(found);
}

async function passwordMatches(userId: string, password: string): Promise<boolean> {
  if (!password || password.length > PASSWORD_MAX_LENGTH) return false;
  const ctx = await auth().$context;
  const hash = (await ctx.internalAdapter.findCredentialAccount(userId))?.password;
  return hash ? ctx.password.verify({ hash, password }) : false;
}

async function totpMatches(userId: string, code: string): Promise<boolean> {
  if (!/^\d{6}$/.test(code.trim())) return false;
  const [row] = await systemDb().select({ secret: twoFactor.secret, verified: twoFactor.verified }).from(twoFactor).where(eq(twoFactor.userId, userId));
  if (!row || row.verified === false) return false;
  return totpCodeMatches(row.secret, code);
}

const smsKey = (sessionId: string) => `reauth-sms-${sessionId}`;

/** The user's verified phone number, if any (SMS can then prove a recent login). */
export async function verifiedPhone(userId: string): Promise<{ phoneNumber: string; locale: string } | null> {
  const [row] = await systemDb()
    .select({ phoneNumber: userTable.phoneNumber, locale: userTable.locale })
    .from(userTable)
    .where(and(eq(userTable.id, userId), eq(userTable.phoneNumberVerified, true)));
  return row?.phoneNumber ? { phoneNumber: row.phoneNumber, locale: row.locale } : null;
}

/** Sends a re-authentication code to the user's verified phone, for this session only. */
export async function sendReauthSms(user: Pick<SessionUser, "id" | "sessionId">, clientIp: string | null): Promise<SmsOutcome | "no-phone"> {
  const phone = await verifiedPhone(user.id);
  if (!phone) return "no-phone";
  const to = { phoneNumber: phone.phoneNumber, locale: isLocale(phone.locale) ? phone.locale : DEFAULT_LOCALE };
  return issueSmsCode(smsKey(user.sessionId), to, { userId: user.id, clientIp });
}

/** A few tries per code; a used, expired or used-up code is gone. */
async function smsMatches(sessionId: string, typed: string): Promise<boolean> {
  const ctx = await auth().$context;
  const row = await ctx.internalAdapter.findVerificationValue(smsKey(sessionId));
  if (!row) return false;
  const [code, tries] = row.value.split(":");
  const attempts = Number(tries) || 0;
  await ctx.internalAdapter.deleteVerificationByIdentifier(smsKey(sessionId));
  if (new Date(row.expiresAt).getTime() < Date.now() || attempts >= SMS_CODE_ATTEMPTS) return false;
  if (constantTimeEqual(new TextEncoder().encode(code), new TextEncoder().encode(typed.trim()))) return true;
  if (attempts + 1 < SMS_CODE_ATTEMPTS) {
    await ctx.internalAdapter.createVerificationValue({ identifier: smsKey(sessionId), value: `${code}:${attempts + 1}`, expiresAt: new Date(row.expiresAt) });
  }
  return false;
}
