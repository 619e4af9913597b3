/**
 * /set-password serves two kinds of link: an invitation (people/invitations.server.ts) and a password reset
 * (password-reset.server.ts). The token says which: invitation tokens are stored hashed in `invitation`, reset
 * tokens in Better Auth's verification table. Signing in afterwards goes through the normal password sign-in.
 */
import type { PasswordProblem } from "~/domain/password-policy";
import type { AuditOrigin } from "../audit/audit.server";
import { acceptInvitation, invitationLinkState } from "./invitation-link.server";
import { resetPasswordWithToken, resetTokenState } from "./password-reset.server";
import { signInWithPassword } from "./password-sign-in.server";

export type SetPasswordLink =
  | { state: "valid"; kind: "invitation" | "reset"; email: string; name: string }
  | { state: "expired" }
  | { state: "invalid" };

/** `expiresHint`: the reset link's `expires` parameter (see password-reset-mail.server.ts). */
export async function setPasswordLink(token: string, expiresHint?: number | null): Promise<SetPasswordLink> {
  const invitation = await invitationLinkState(token);
  if (invitation.state === "valid") return { state: "valid", kind: "invitation", email: invitation.email, name: invitation.name };
  if (invitation.state === "expired") return invitation;
  const reset = await resetTokenState(token, expiresHint);
  if (reset.state === "valid") return { state: "valid", kind: "reset", email: reset.email, name: reset.name };
  return reset;
}

export type SetPasswordResult =
  | { ok: true; setCookies: string[]; userId: string | null; role: string | null }
  | { ok: false; code: "expired-action-code" | "invalid-action-code" }
  | { ok: false; code: "weak-password"; problem: PasswordProblem };

export async function setPasswordFromLink(token: string, password: string, headers: Headers, origin: AuditOrigin, expiresHint?: number | null): Promise<SetPasswordResult> {
  const link = await setPasswordLink(token, expiresHint);
  if (link.state === "expired") return { ok: false, code: "expired-action-code" };
  if (link.state === "invalid") return { ok: false, code: "invalid-action-code" };
  const result = link.kind === "invitation" ? await acceptInvitation(token, password, origin) : await resetPasswordWithToken(token, password, origin, expiresHint);
  if (!result.ok) return result;
  const signedIn = await signInWithPassword({ email: result.email, password }, headers, origin);
  // A second factor or a deactivated organisation may stop the sign-in; the password is set all the same.
  return signedIn.ok === true ? { ok: true, setCookies: signedIn.setCookies, userId: signedIn.userId, role: signedIn.role } : { ok: true, setCookies: [], userId: null, role: null };
}
