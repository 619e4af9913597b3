/**
 * Sign-in with e-mail and password through Better Auth, from a server action (works without JavaScript).
 * Unknown address and wrong password give the same answer, so nobody can probe who has an account.
 */
import { recordAudit, type AuditOrigin } from "../audit/audit.server";
import { authErrorCode, callAuth, retryAfterSeconds, sharedSignInRefusal } from "./auth-request.server";
import { auth } from "./auth.server";

export type PasswordSignInResult =
  | { ok: true; userId: string; role: string; setCookies: string[] }
  | { ok: "second-factor"; setCookies: string[] }
  | { ok: false; code: "wrong-credentials" | "user-disabled" | "organisation-inactive" | "too-many-requests"; retryAfter?: number };

/**
 * Through Better Auth's HTTP handler (callAuth) rather than `auth.api`, so that its rate limiter (per client
 * address, shared by all instances) applies to the form exactly as to its own endpoint.
 */
export async function signInWithPassword(
  input: { email: string; password: string },
  headers: Headers,
  origin: AuditOrigin,
): Promise<PasswordSignInResult> {
  const response = await callAuth({ method: "POST", path: "/sign-in/email", body: { email: input.email, password: input.password }, headers, origin });
  if (response.ok) {
    const body = (await response.json()) as { user: { id: string; role: string }; twoFactorRedirect?: boolean };
    // The twoFactor plugin replaced the session by a challenge cookie: /verify-login finishes the sign-in.
    if (body.twoFactorRedirect) {
      await recordAudit({ action: "auth.second-factor-requested", subjectType: "user", after: { method: "password" } }, origin);
      return { ok: "second-factor", setCookies: response.headers.getSetCookie() };
    }
    await recordAudit({ action: "auth.sign-in", actorId: body.user.id, subjectType: "user", subjectId: body.user.id, after: { method: "password" } }, origin);
    return { ok: true, userId: body.user.id, role: body.user.role, setCookies: response.headers.getSetCookie() };
  }
  // Disabled user and inactive organisation come from session creation, so only after a correct password (nothing revealed to a guesser).
  const code = sharedSignInRefusal(response, await authErrorCode(response)) ?? "wrong-credentials";
  // The attempted address is not stored: a typo may be someone else's address or a password.
  await recordAudit({ action: "auth.sign-in-failed", subjectType: "user", after: { method: "password", reason: code } }, origin);
  return code === "too-many-requests" ? { ok: false, code, retryAfter: retryAfterSeconds(response) } : { ok: false, code };
}

export async function signOut(headers: Headers): Promise<string[]> {
  const response = await auth().api.signOut({ headers, asResponse: true });
  return response.headers.getSetCookie();
}
