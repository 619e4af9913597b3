/**
 * Sign-in with e-mail and password through Better Auth, from a server action (works without JavaScript).
 * Unknown address and wrong password give the same answer, so nobody can probe who has an account.
 */
import { recordAudit, type AuditOrigin } from "../audit/audit.server";
import { auth } from "./auth.server";

export type PasswordSignInResult =
  | { ok: true; userId: string; role: string; setCookies: string[] }
  | { ok: false; code: "wrong-credentials" | "user-disabled" | "too-many-requests" };

export async function signInWithPassword(
  input: { email: string; password: string },
  headers: Headers,
  origin: AuditOrigin,
): Promise<PasswordSignInResult> {
  const response = await auth().api.signInEmail({ body: { email: input.email, password: input.password }, headers, asResponse: true });
  if (response.ok) {
    const body = (await response.json()) as { user: { id: string; role: string } };
    await recordAudit({ action: "auth.sign-in", actorId: body.user.id, subjectType: "user", subjectId: body.user.id, after: { method: "password" } }, origin);
    return { ok: true, userId: body.user.id, role: body.user.role, setCookies: response.headers.getSetCookie() };
  }
  const body = (await response.json().catch(() => ({}))) as { code?: string };
  const code = response.status === 429 ? "too-many-requests" : body.code === "BANNED_USER" ? "user-disabled" : "wrong-credentials";
  // The attempted address is not stored: a typo may be someone else's address or a password.
  await recordAudit({ action: "auth.sign-in-failed", subjectType: "user", after: { method: "password", reason: code } }, origin);
  return { ok: false, code };
}

export async function signOut(headers: Headers): Promise<string[]> {
  const response = await auth().api.signOut({ headers, asResponse: true });
  return response.headers.getSetCookie();
}
