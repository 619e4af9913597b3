/**
 * Where a successful step of sign-in leads: signed in → the safe redirectTo or the user's home; a second factor
 * is due → /verify-login (in the same language, keeping redirectTo). The auth cookies travel on the redirect.
 */
import { redirect } from "react-router";
import { localizePath, type Locale } from "~/domain/locales";
import { homePath, isRole } from "~/domain/roles";
import { safeRedirectPath } from "~/domain/safe-redirect";
import { cookieHeaders } from "./auth-request.server";

export type SignInStep = { ok: true; userId: string; role: string; setCookies: string[] } | { ok: "second-factor"; setCookies: string[] };

export function redirectAfterSignInStep(result: SignInStep, redirectTo: string | null | undefined, locale: Locale): never {
  const headers = cookieHeaders(result.setCookies);
  const safe = safeRedirectPath(redirectTo ?? null);
  if (result.ok === "second-factor") {
    const query = safe ? `?redirectTo=${encodeURIComponent(safe)}` : "";
    throw redirect(`${localizePath("/verify-login", locale)}${query}`, { headers });
  }
  const home = isRole(result.role) ? homePath({ id: result.userId, role: result.role }) : "/";
  throw redirect(safe ?? localizePath(home, locale), { headers });
}
