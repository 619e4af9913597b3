/**
 * Adding or changing one's phone number from the account page: a code goes by SMS to the new number, and the
 * number is stored (E.164, verified) only when that code comes back. The check itself is Better Auth's
 * phoneNumber plugin (/phone-number/verify with updatePhoneNumber, server-side only), so attempts are limited
 * the same way as for sign-in. Full numbers never reach the audit log or the logs.
 */
import { eq } from "drizzle-orm";
import { APIError } from "better-auth/api";
import { AppError } from "~/domain/errors";
import type { Locale } from "~/domain/locales";
import { maskPhoneNumbers } from "~/domain/masking";
import { type AuditOrigin, recordAudit } from "../audit/audit.server";
import { auth } from "../auth/auth.server";
import { systemDb } from "../db/client.server";
import { user as userTable } from "../db/schema";
import { issueSmsCode } from "./sms-code.server";

/**
 * Sends the code whether or not another account already has the number: saying "in use" here would tell anyone
 * signed in which numbers are registered (decision 061). Only whoever holds the phone gets the code, and
 * confirming it says "in use" then — to the number's holder, who learns nothing new.
 */
export async function sendPhoneVerification(user: { id: string; locale: Locale }, phoneNumber: string, origin: AuditOrigin): Promise<void> {
  // Under the number itself, as the phoneNumber plugin keeps its codes, so its verify endpoint checks it.
  const outcome = await issueSmsCode(phoneNumber, { phoneNumber, locale: user.locale }, { userId: user.id, clientIp: origin.ipAddress ?? null });
  if (outcome === "limited") throw new AppError("too-many-requests");
  if (outcome === "failed") throw new AppError("mail-delivery-failed");
  await recordAudit({ action: "auth.phone-verification-sent", actorId: user.id, subjectType: "user", subjectId: user.id, after: { phoneNumber: maskPhoneNumbers(phoneNumber) } }, origin);
}

export async function confirmPhoneNumber(user: { id: string }, phoneNumber: string, code: string, headers: Headers, origin: AuditOrigin): Promise<void> {
  const [before] = await systemDb().select({ phoneNumber: userTable.phoneNumber }).from(userTable).where(eq(userTable.id, user.id));
  try {
    await auth().api.verifyPhoneNumber({ body: { phoneNumber, code: code.trim(), updatePhoneNumber: true, disableSession: true }, headers });
  } catch (error) {
    await recordAudit({ action: "auth.phone-verification-failed", actorId: user.id, subjectType: "user", subjectId: user.id }, origin);
    throw phoneError(error);
  }
  await recordAudit(
    {
      action: "auth.phone-changed",
      actorId: user.id,
      subjectType: "user",
      subjectId: user.id,
      before: { phoneNumber: before?.phoneNumber ? maskPhoneNumbers(before.phoneNumber) : null },
      after: { phoneNumber: maskPhoneNumbers(phoneNumber) },
    },
    origin,
  );
}

export async function removePhoneNumber(user: { id: string }, origin: AuditOrigin): Promise<void> {
  const [before] = await systemDb().select({ phoneNumber: userTable.phoneNumber }).from(userTable).where(eq(userTable.id, user.id));
  await systemDb().update(userTable).set({ phoneNumber: null, phoneNumberVerified: false, updatedAt: new Date() }).where(eq(userTable.id, user.id));
  await recordAudit(
    { action: "auth.phone-removed", actorId: user.id, subjectType: "user", subjectId: user.id, before: { phoneNumber: before?.phoneNumber ? maskPhoneNumbers(before.phoneNumber) : null } },
    origin,
  );
}

/** Better Auth's phone errors as our codes: expired or used up → invalid-action-code; wrong → invalid-verification-code. */
export function phoneError(error: unknown): AppError {
  if (!(error instanceof APIError)) return error instanceof AppError ? error : new AppError("internal");
  const code = (error.body as { code?: string } | undefined)?.code;
  if (code === "PHONE_NUMBER_EXIST") return new AppError("phone-number-already-in-use");
  if (code === "INVALID_OTP") return new AppError("invalid-verification-code");
  if (code === "OTP_EXPIRED" || code === "OTP_NOT_FOUND" || code === "TOO_MANY_ATTEMPTS") return new AppError("invalid-action-code");
  if (error.statusCode === 429) return new AppError("too-many-requests");
  return new AppError("invalid-verification-code");
}
