/**
 * E-mail-link sign-in from the sign-in page and /verify-login: request a link, look up what a link is for, and
 * complete it. The requesting browser gets a marker cookie (an HMAC of the address, so it holds nothing
 * readable); a browser without it must type the address again before the link signs anyone in.
 */
import crypto from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import { MAGIC_LINK_MARKER_COOKIE, MAGIC_LINK_TTL_MINUTES } from "~/domain/constants";
import type { Locale } from "~/domain/locales";
import { codeForBetterAuthError, type SignInNoticeCode } from "~/domain/auth-errors";
import type { AuditOrigin } from "../audit/audit.server";
import { config } from "../config.server";
import { systemDb } from "../db/client.server";
import { verification } from "../db/schema";
import { callAuth, retryAfterSeconds } from "./auth-request.server";

export type LinkRequestResult =
  | { ok: true; setCookies: string[] }
  | { ok: false; code: "too-many-requests"; retryAfter: number }
  | { ok: false; code: "mail-delivery-failed" | "internal" };

function marker(email: string): string {
  return crypto.createHmac("sha256", config().authSecret).update(`sign-in-link:${email.trim().toLowerCase()}`).digest("base64url");
}

function markerCookie(value: string, maxAgeSeconds: number): string {
  const secure = config().secureCookies ? "; Secure" : "";
  return `${MAGIC_LINK_MARKER_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`;
}

/** Asks Better Auth to send a link. The answer is the same whether or not the address has an account. */
export async function requestSignInLink(
  input: { email: string; redirectTo: string | null; locale: Locale },
  headers: Headers,
  origin: AuditOrigin,
): Promise<LinkRequestResult> {
  const response = await callAuth({
    method: "POST",
    path: "/sign-in/magic-link",
    body: { email: input.email, callbackURL: input.redirectTo ?? "/" },
    headers,
    origin,
    locale: input.locale,
  });
  if (response.status === 429) return { ok: false, code: "too-many-requests", retryAfter: retryAfterSeconds(response) };
  if (!response.ok) return { ok: false, code: response.status >= 500 ? "mail-delivery-failed" : "internal" };
  return { ok: true, setCookies: [markerCookie(marker(input.email), MAGIC_LINK_TTL_MINUTES * 60)] };
}

/** Where Better Auth keeps a link's token (hashed, so the table alone signs nobody in); null for no token of ours. */
function linkIdentifier(token: string): string | null {
  if (!/^[A-Za-z0-9]{16,128}$/.test(token)) return null;
  return `magic-link:${crypto.createHash("sha256").update(token).digest("base64url")}`;
}

/** The address a still-valid link was sent to, without using the link up; null when unknown, used or expired. */
export async function pendingSignInLink(token: string): Promise<{ email: string } | null> {
  const identifier = linkIdentifier(token);
  if (!identifier) return null;
  const [row] = await systemDb()
    .select({ value: verification.value })
    .from(verification)
    .where(and(eq(verification.identifier, identifier), gt(verification.expiresAt, new Date())));
  if (!row) return null;
  try {
    const value = JSON.parse(row.value) as { email?: unknown };
    return typeof value.email === "string" ? { email: value.email } : null;
  } catch {
    return null;
  }
}

/** Whether this browser is the one that asked for a link to `email`. */
export function browserAskedForLink(cookieHeader: string | null, email: string): boolean {
  const value = cookieHeader
    ?.split(";")
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${MAGIC_LINK_MARKER_COOKIE}=`))
    ?.slice(MAGIC_LINK_MARKER_COOKIE.length + 1);
  if (!value) return false;
  const expected = Buffer.from(marker(email));
  const given = Buffer.from(value);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** The typed address matches the link's (case-insensitive, constant time). */
export function sameAddress(typed: string, linked: string): boolean {
  const a = crypto.createHash("sha256").update(typed.trim().toLowerCase()).digest();
  const b = crypto.createHash("sha256").update(linked.trim().toLowerCase()).digest();
  return crypto.timingSafeEqual(a, b);
}

/** `secondFactor`: the link was right, but the user has a second factor; /verify-login asks for it next. */
export type LinkCompletion = { ok: true; setCookies: string[]; secondFactor: boolean } | { ok: false; code: SignInNoticeCode };

/** Uses the link up and signs in (Better Auth's verify endpoint, audited by the sign-in-audit plugin). */
export async function completeSignInLink(token: string, headers: Headers, origin: AuditOrigin): Promise<LinkCompletion> {
  const query = new URLSearchParams({ token, callbackURL: "/", errorCallbackURL: "/" });
  const response = await callAuth({ method: "GET", path: `/magic-link/verify?${query}`, headers, origin });
  if (response.status === 429) return { ok: false, code: "too-many-requests" };
  const location = response.headers.get("location");
  const error = location ? new URL(location, config().baseUrl).searchParams.get("error") : null;
  if (response.status >= 400 || error || !location) {
    const body = (await response.json().catch(() => ({}))) as { code?: string };
    return { ok: false, code: codeForBetterAuthError(error ?? body.code ?? "INVALID_TOKEN") ?? "invalid-action-code" };
  }
  // The second-factor gate redirects to /verify-login (in some language) instead of signing in.
  const secondFactor = new URL(location, config().baseUrl).pathname.endsWith("/verify-login");
  return { ok: true, setCookies: [...response.headers.getSetCookie(), markerCookie("", 0)], secondFactor };
}

/** Ends a link before its time (too many wrong addresses typed for it): it signs nobody in any more. */
export async function discardSignInLink(token: string): Promise<void> {
  const identifier = linkIdentifier(token);
  if (identifier) await systemDb().delete(verification).where(eq(verification.identifier, identifier));
}
