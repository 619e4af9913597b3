/**
 * Sign-in with an SMS code, from the sign-in page's form (works without JavaScript). Step one always answers
 * "code sent" for a valid number, whether or not it belongs to anyone (no user enumeration); step two signs in
 * or, for a user with a second factor, starts the challenge on /verify-login.
 */
import { AppError } from "~/domain/errors";
import { toE164 } from "~/domain/phone";
import { type AuditOrigin, recordAudit } from "../audit/audit.server";
import { authErrorCode, callAuth, sharedSignInRefusal } from "./auth-request.server";

export type PhoneSignInResult =
  | { ok: true; userId: string; role: string; setCookies: string[] }
  | { ok: "second-factor"; setCookies: string[] }
  | { ok: false; code: "invalid-phone-number" | "invalid-verification-code" | "invalid-action-code" | "too-many-requests" | "user-disabled" | "organisation-inactive" };

/** The canonical number to carry to step two. Throws invalid-phone-number / too-many-requests. */
export async function requestPhoneSignInCode(typed: string, headers: Headers, origin: AuditOrigin): Promise<string> {
  const phoneNumber = toE164(typed);
  if (!phoneNumber) throw new AppError("invalid-phone-number");
  const response = await callAuth({ method: "POST", path: "/phone-number/send-otp", body: { phoneNumber }, headers, origin });
  if (response.status === 429) throw new AppError("too-many-requests");
  if (!response.ok) throw new AppError("invalid-phone-number");
  return phoneNumber;
}

export async function verifyPhoneSignInCode(phoneNumber: string, code: string, headers: Headers, origin: AuditOrigin): Promise<PhoneSignInResult> {
  const response = await callAuth({ method: "POST", path: "/phone-number/verify", body: { phoneNumber, code: code.trim() }, headers, origin });
  const setCookies = response.headers.getSetCookie();
  if (response.ok) {
    const body = (await response.json()) as { twoFactorRedirect?: boolean; user?: { id: string; role: string } };
    if (body.twoFactorRedirect || !body.user) {
      await recordAudit({ action: "auth.second-factor-requested", subjectType: "user", after: { method: "phone" } }, origin);
      return { ok: "second-factor", setCookies };
    }
    await recordAudit({ action: "auth.sign-in", actorId: body.user.id, subjectType: "user", subjectId: body.user.id, after: { method: "phone" } }, origin);
    return { ok: true, userId: body.user.id, role: body.user.role, setCookies };
  }
  const errorCode = await authErrorCode(response);
  const code_ = sharedSignInRefusal(response, errorCode) ?? (errorCode === "INVALID_OTP" ? "invalid-verification-code" : "invalid-action-code");
  await recordAudit({ action: "auth.sign-in-failed", subjectType: "user", after: { method: "phone", reason: code_ } }, origin);
  return { ok: false, code: code_ };
}
