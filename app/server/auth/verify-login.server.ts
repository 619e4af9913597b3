/**
 * /verify-login for e-mail links and pop-up sign-in outcomes. In the browser that asked for the link, opening it
 * signs in at once; anywhere else (another browser, a phone, a mail scanner) the page first asks for the address,
 * so a forwarded or intercepted link is not enough, and a link preview does not use the link up.
 */
import { data, redirect, type AppLoadContext } from "react-router";
import { codeForBetterAuthError, type SignInNoticeCode } from "~/domain/auth-errors";
import { localizePath, type Locale } from "~/domain/locales";
import { safeRedirectPath } from "~/domain/safe-redirect";
import { auditOrigin, recordAudit } from "../audit/audit.server";
import { systemDb } from "../db/client.server";
import { cookieHeaders } from "./auth-request.server";
import { countAddressAttempt } from "./plugins/address-rate-limit.server";
import { browserAskedForLink, completeSignInLink, discardSignInLink, pendingSignInLink, sameAddress } from "./magic-link-sign-in.server";
import { redirectAfterSignInStep } from "./sign-in-redirect.server";
import { z } from "zod";
import { rawText } from "~/domain/forms/fields";

/** Wrong addresses typed for one link; one more and the link is discarded. */
const ADDRESS_GUESSES_PER_LINK = 5;

export type VerifyLoginView =
  | { view: "popup"; outcome: { type: "done" } | { type: "error"; code: SignInNoticeCode } }
  | { view: "confirm-email"; token: string; redirectTo: string | null; error?: "email-mismatch" | SignInNoticeCode }
  | { view: "link-error"; code: SignInNoticeCode }
  | { view: "none" };

function afterSignIn(redirectTo: string | null, locale: Locale, setCookies: string[], secondFactor: boolean): never {
  if (secondFactor) redirectAfterSignInStep({ ok: "second-factor", setCookies }, redirectTo, locale);
  // The link does not tell who signed in; the sign-in page sends a signed-in user on to their home.
  throw redirect(redirectTo ?? localizePath("/", locale), { headers: cookieHeaders(setCookies) });
}

export async function verifyLoginLoader(request: Request, context: AppLoadContext, locale: Locale): Promise<VerifyLoginView> {
  const params = new URL(request.url).searchParams;
  const popup = params.get("popup");
  if (popup === "done") return { view: "popup", outcome: { type: "done" } };
  if (popup === "error") return { view: "popup", outcome: { type: "error", code: codeForBetterAuthError(params.get("error")) ?? "oidc-failed" } };
  const token = params.get("token");
  if (!token) return { view: "none" };
  const redirectTo = safeRedirectPath(params.get("redirectTo"));
  const pending = await pendingSignInLink(token);
  if (!pending) {
    await recordAudit({ action: "auth.sign-in-failed", subjectType: "user", after: { method: "magic-link", reason: "invalid-action-code" } }, auditOrigin(request, context));
    return { view: "link-error", code: "invalid-action-code" };
  }
  if (!browserAskedForLink(request.headers.get("cookie"), pending.email)) return { view: "confirm-email", token, redirectTo };
  const done = await completeSignInLink(token, request.headers, auditOrigin(request, context));
  if (!done.ok) return { view: "link-error", code: done.code };
  afterSignIn(redirectTo, locale, done.setCookies, done.secondFactor);
}

/** The e-mail-link confirmation form (the second-factor forms on the same page carry an intent). */
export const confirmLinkForm = z.object({ token: rawText.max(200).default(""), email: rawText.max(320).default(""), redirectTo: rawText.optional() });

export async function verifyLoginAction(input: z.output<typeof confirmLinkForm>, request: Request, context: AppLoadContext, locale: Locale) {
  const { token, email } = input;
  const redirectTo = safeRedirectPath(input.redirectTo);
  const pending = await pendingSignInLink(token);
  if (!pending) return data<VerifyLoginView>({ view: "link-error", code: "invalid-action-code" }, { status: 400 });
  if (!sameAddress(email, pending.email)) {
    const origin = auditOrigin(request, context);
    await recordAudit({ action: "auth.sign-in-failed", subjectType: "user", after: { method: "magic-link", reason: "email-mismatch" } }, origin);
    const wait = await countAddressAttempt(systemDb(), `link:${token}`, ADDRESS_GUESSES_PER_LINK);
    if (wait !== null) {
      // The link itself ends: otherwise the right address, typed after the refusals, still signed in, and the
      // change from 429 to a session told a guesser when they had it.
      await discardSignInLink(token);
      return data<VerifyLoginView>({ view: "link-error", code: "too-many-requests" }, { status: 429, headers: { "Retry-After": String(wait) } });
    }
    return data<VerifyLoginView>({ view: "confirm-email", token, redirectTo, error: "email-mismatch" }, { status: 400 });
  }
  const done = await completeSignInLink(token, request.headers, auditOrigin(request, context));
  if (!done.ok) return data<VerifyLoginView>({ view: "link-error", code: done.code }, { status: 400 });
  afterSignIn(redirectTo, locale, done.setCookies, done.secondFactor);
}

