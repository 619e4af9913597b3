/**
 * The sign-in page's non-password intents: "e-mail me a sign-in link" and social sign-in by redirect. Each returns
 * what the page shows, or throws the redirect. Too many attempts answer 429 with Retry-After.
 */
import { data, redirect, type AppLoadContext } from "react-router";
import { z } from "zod";
import type { ErrorCode } from "~/domain/errors";
import type { Locale } from "~/domain/locales";
import { safeRedirectPath } from "~/domain/safe-redirect";
import { auditOrigin } from "../audit/audit.server";
import { cookieHeaders } from "./auth-request.server";
import { requestSignInLink } from "./magic-link-sign-in.server";
import { startOidcSignIn } from "./oidc-sign-in.server";

export interface SignInActionData {
  error?: ErrorCode;
  retryAfter?: number;
  email?: string;
  /** A refused form's fields: name → translation key of its problem, said beside the field. */
  fields?: Record<string, string>;
  linkSentTo?: string;
}

/** A 429 the browser can honour: Retry-After in the header, and the seconds in the page's message. */
export function tooManyRequests(retryAfter: number, extra: SignInActionData = {}) {
  return data<SignInActionData>({ ...extra, error: "too-many-requests", retryAfter }, { status: 429, headers: { "Retry-After": String(retryAfter) } });
}

// The field is "linkEmail" so it is not confused with the password form's "email" on the same page.
const linkSchema = z.object({ linkEmail: z.email().max(320), redirectTo: z.string().optional() });

export async function signInLinkAction(form: FormData, request: Request, context: AppLoadContext, locale: Locale) {
  const parsed = linkSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data<SignInActionData>({ error: "invalid-argument" }, { status: 400 });
  const redirectTo = safeRedirectPath(parsed.data.redirectTo);
  const result = await requestSignInLink({ email: parsed.data.linkEmail, redirectTo, locale }, request.headers, auditOrigin(request, context));
  if (!result.ok) {
    return result.code === "too-many-requests" ? tooManyRequests(result.retryAfter) : data<SignInActionData>({ error: result.code }, { status: 503 });
  }
  return data<SignInActionData>({ linkSentTo: parsed.data.linkEmail }, { headers: cookieHeaders(result.setCookies) });
}

const oidcSchema = z.object({ provider: z.string().max(32), redirectTo: z.string().optional() });

export async function oidcSignInAction(form: FormData, request: Request, context: AppLoadContext, locale: Locale) {
  const parsed = oidcSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data<SignInActionData>({ error: "invalid-argument" }, { status: 400 });
  const start = await startOidcSignIn(
    { providerId: parsed.data.provider, redirectTo: safeRedirectPath(parsed.data.redirectTo), locale },
    request.headers,
    auditOrigin(request, context),
  );
  if (!start.ok) return start.retryAfter ? tooManyRequests(start.retryAfter) : data<SignInActionData>({ error: start.code }, { status: 400 });
  throw redirect(start.url, { headers: cookieHeaders(start.setCookies) });
}
