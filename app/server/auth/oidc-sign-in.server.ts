/**
 * Social sign-in from the sign-in page's form (the redirect flow, works without JavaScript): asks Better Auth for
 * the provider's authorization URL and the state cookie, which the action sends on with its redirect. Popups start
 * the same endpoint from the browser (app/lib/oidc-popup.ts). Both only ever pass same-site paths as callbacks.
 */
import { codeForBetterAuthError, type SignInNoticeCode } from "~/domain/auth-errors";
import { localizePath, type Locale } from "~/domain/locales";
import type { AuditOrigin } from "../audit/audit.server";
import { config } from "../config.server";
import { callAuth, retryAfterSeconds } from "./auth-request.server";

export interface OidcButton {
  id: string;
  name: string;
}

/** What the sign-in page shows: id and label of each configured provider (never secrets). */
export function oidcButtons(): OidcButton[] {
  return config().oidcProviders.map((p) => ({ id: p.id, name: p.name }));
}

/** Where Better Auth sends the browser after the provider: the page to return to, or the sign-in page with ?error=. */
function oidcCallbackUrls(locale: Locale, redirectTo: string | null): { callbackURL: string; errorCallbackURL: string } {
  const signIn = localizePath("/", locale);
  const back = redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : "";
  return { callbackURL: redirectTo ?? signIn, errorCallbackURL: `${signIn}${back}` };
}

export type OidcStart = { ok: true; url: string; setCookies: string[] } | { ok: false; code: SignInNoticeCode; retryAfter?: number };

export async function startOidcSignIn(
  input: { providerId: string; redirectTo: string | null; locale: Locale },
  headers: Headers,
  origin: AuditOrigin,
): Promise<OidcStart> {
  if (!config().oidcProviders.some((p) => p.id === input.providerId)) return { ok: false, code: "oidc-failed" };
  const response = await callAuth({
    method: "POST",
    path: "/sign-in/social",
    body: { provider: input.providerId, ...oidcCallbackUrls(input.locale, input.redirectTo), disableRedirect: true },
    headers,
    origin,
  });
  if (response.status === 429) return { ok: false, code: "too-many-requests", retryAfter: retryAfterSeconds(response) };
  const body = (await response.json().catch(() => ({}))) as { url?: string; code?: string };
  if (!response.ok || !body.url) return { ok: false, code: codeForBetterAuthError(body.code ?? "unknown") ?? "oidc-failed" };
  return { ok: true, url: body.url, setCookies: response.headers.getSetCookie() };
}
