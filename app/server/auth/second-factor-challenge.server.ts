/**
 * The second-factor step of sign-in on /verify-login: after any first factor, a user with a second factor holds
 * only Better Auth's signed "two_factor" challenge cookie (10 minutes). These functions finish it with an
 * authenticator code, a backup code or an SMS code, through the twoFactor plugin's own endpoints (attempt limits,
 * account lock-out and rate limits included), and audit every outcome.
 */
import type { SignInFailureCode } from "~/domain/auth-errors";
import { type AuditOrigin, recordAudit } from "../audit/audit.server";
import { TOTP_CODE_REUSE_WINDOW_MS } from "~/domain/constants";
import { systemDb } from "../db/client.server";
import { authErrorCode, callAuth, sharedSignInRefusal } from "./auth-request.server";
import { countAttempt, hashedKey } from "./plugins/address-rate-limit.server";
import { auth } from "./auth.server";
import type { PendingSecondFactor } from "./plugins/second-factor-gate.server";

export type ChallengeMethod = "totp" | "backup-code" | "sms";

export type ChallengeResult =
  | { ok: true; userId: string; role: string; setCookies: string[] }
  | { ok: false; code: "invalid-verification-code" | "invalid-action-code" | "too-many-requests" | "user-disabled" | "organisation-inactive"; setCookies: string[] };

export async function pendingSecondFactor(headers: Headers): Promise<PendingSecondFactor | null> {
  return (await auth().api.pendingSecondFactor({ headers })) ?? null;
}

const VERIFY_PATH: Record<ChallengeMethod, string> = {
  totp: "/two-factor/verify-totp",
  "backup-code": "/two-factor/verify-backup-code",
  sms: "/two-factor/verify-otp",
};

export async function sendSecondFactorSms(headers: Headers, origin: AuditOrigin): Promise<boolean> {
  const pending = await pendingSecondFactor(headers);
  if (!pending?.smsPossible) return false;
  const response = await callAuth({ method: "POST", path: "/two-factor/send-otp", body: {}, headers, origin });
  return response.ok;
}

/**
 * An authenticator code is taken once (RFC 6238 §5.2): it stays valid for up to 90 seconds (the plugin accepts the
 * step before and after), and a second sign-in with the same code in that time is refused. Counted before it is
 * checked, in one statement, so two requests with one code cannot both pass.
 */
async function totpCodeAlreadyTaken(userId: string, code: string): Promise<boolean> {
  return (await countAttempt(systemDb(), `totp-code:${hashedKey(`${userId}:${code}`)}`, 1, TOTP_CODE_REUSE_WINDOW_MS)) !== null;
}

export async function completeSecondFactor(method: ChallengeMethod, code: string, headers: Headers, origin: AuditOrigin): Promise<ChallengeResult> {
  const pending = await pendingSecondFactor(headers);
  if (method === "totp" && pending && (await totpCodeAlreadyTaken(pending.userId, code.trim()))) {
    await recordAudit({ action: "auth.second-factor-failed", actorId: pending.userId, subjectType: "user", subjectId: pending.userId, after: { method, reason: "invalid-verification-code" } }, origin);
    return { ok: false, code: "invalid-verification-code", setCookies: [] };
  }
  const response = await callAuth({ method: "POST", path: VERIFY_PATH[method], body: { code: code.trim() }, headers, origin });
  const setCookies = response.headers.getSetCookie();
  if (response.ok) {
    const body = (await response.json()) as { user: { id: string; role: string } };
    await recordAudit({ action: "auth.sign-in", actorId: body.user.id, subjectType: "user", subjectId: body.user.id, after: { secondFactor: method } }, origin);
    return { ok: true, userId: body.user.id, role: body.user.role, setCookies };
  }
  const errorCode = await authErrorCode(response);
  const code_ =
    sharedSignInRefusal(response, errorCode) ??
    (errorCode === "INVALID_CODE" || errorCode === "INVALID_BACKUP_CODE" ? "invalid-verification-code" : "invalid-action-code");
  // The user is known here (the challenge cookie names them), unlike a failed first factor. The reason is our code,
  // as for every failed sign-in step: never Better Auth's own code or an HTTP status, which the audit list cannot name.
  const reason: SignInFailureCode = code_;
  await recordAudit({ action: "auth.second-factor-failed", actorId: pending?.userId ?? null, subjectType: "user", subjectId: pending?.userId ?? null, after: { method, reason } }, origin);
  return { ok: false, code: code_, setCookies };
}
