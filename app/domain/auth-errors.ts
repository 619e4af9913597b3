/**
 * The seed's authentication errors (SPEC.md §8) and how Better Auth's answers map onto our error codes.
 * Pure: used by server flows (sign-in page, /verify-login) and by the browser (popup sign-in).
 */
import type { ErrorCode } from "./errors";

/**
 * Every seed authentication error and the code whose message the user sees. Wrong password and unknown user
 * deliberately share one message, so the sign-in form does not reveal who has an account.
 */
export const SEED_AUTH_ERRORS = {
  "wrong-password": "wrong-credentials",
  "user-not-found": "wrong-credentials",
  "email-already-in-use": "email-already-in-use",
  "too-many-requests": "too-many-requests",
  "invalid-action-code": "invalid-action-code",
  "network-request-failed": "network-request-failed",
  "requires-recent-login": "requires-recent-login",
  "user-disabled": "user-disabled",
  "token-expired": "token-expired",
  "multi-factor-required": "multi-factor-required",
  "popup-blocked": "popup-blocked",
  "popup-closed-by-user": "popup-closed-by-user",
  "unauthorized-domain": "unauthorized-domain",
} as const satisfies Record<string, ErrorCode>;

/** Codes a sign-in page may show from its URL (`?error=` after a redirect, `?reason=` after being signed out). */
export const SIGN_IN_NOTICE_CODES = [
  "token-expired",
  "user-disabled",
  "organisation-inactive",
  "invalid-action-code",
  "unauthorized-domain",
  "popup-blocked",
  "oidc-account-unknown",
  "oidc-email-unverified",
  "oidc-failed",
  "too-many-requests",
] as const satisfies readonly ErrorCode[];
export type SignInNoticeCode = (typeof SIGN_IN_NOTICE_CODES)[number];

/**
 * The reasons a failed sign-in or second-factor step is audited with (`reason` of `auth.sign-in-failed` and
 * `auth.second-factor-failed`): one of these codes, written where the step fails (or `email-mismatch`: an e-mail link
 * opened with another address), so the audit list can show each in the admin's language (people:audit.values.reason).
 */
export const SIGN_IN_FAILURE_CODES = [...SIGN_IN_NOTICE_CODES, "wrong-credentials", "invalid-verification-code"] as const satisfies readonly ErrorCode[];
export type SignInFailureCode = (typeof SIGN_IN_FAILURE_CODES)[number];

export function isSignInNoticeCode(value: unknown): value is SignInNoticeCode {
  return typeof value === "string" && (SIGN_IN_NOTICE_CODES as readonly string[]).includes(value);
}

/**
 * Better Auth's `?error=` values after a magic-link or OAuth callback, and its API error codes, as our codes.
 * Anything unknown is a provider failure, never a message that could reveal more.
 */
export function codeForBetterAuthError(error: string | null | undefined): SignInNoticeCode | null {
  if (!error) return null;
  switch (error) {
    case "INVALID_TOKEN":
    case "EXPIRED_TOKEN":
    case "invalid_token":
      return "invalid-action-code";
    // A sign-in through the organisation's service whose state is gone (back button, another browser, too slow):
    // there is no link to ask for again, only the sign-in to try again.
    case "state_not_found":
    case "state_mismatch":
    case "please_restart_the_process":
      return "oidc-failed";
    case "BANNED_USER":
      return "user-disabled";
    // app/server/auth/organisation-sign-in.server.ts (a pure module cannot import it).
    case "ORGANISATION_INACTIVE":
      return "organisation-inactive";
    case "signup_disabled":
    case "new_user_signup_disabled":
    case "user_not_found":
      return "oidc-account-unknown";
    case "account_not_linked":
    case "email_not_verified":
      return "oidc-email-unverified";
    case "INVALID_CALLBACK_URL":
    case "INVALID_ERROR_CALLBACK_URL":
    case "INVALID_REDIRECT_URL":
      return "unauthorized-domain";
    default:
      return isSignInNoticeCode(error) ? error : "oidc-failed";
  }
}
