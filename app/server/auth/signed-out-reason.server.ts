/**
 * Why a request that needs a user has none. A session cookie without a valid session means the session ended
 * while the browser still held it: expired, revoked, or its user disabled (disabling deletes every session of
 * the user, on every device). The sign-in page then says so ("token-expired") instead of just asking to sign in.
 */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?casus\.session_token=[^;]/;

/** Whether the request carries a session cookie at all (Better Auth's, `casus.session_token`); sessions have no other carrier. */
export function hasSessionCookie(headers: Headers): boolean {
  return SESSION_COOKIE.test(headers.get("cookie") ?? "");
}

export function signedOutReason(headers: Headers): "token-expired" | null {
  return hasSessionCookie(headers) ? "token-expired" : null;
}
