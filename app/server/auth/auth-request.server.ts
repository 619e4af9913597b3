/**
 * Calls into Better Auth's HTTP handler from our own form actions and loaders, so its rate limiters, hooks and
 * audit plugin apply exactly as to direct API calls. Carries the client address, request id and page language.
 */
import type { Locale } from "~/domain/locales";
import type { AuditOrigin } from "../audit/audit.server";
import { config } from "../config.server";
import { auth, CLIENT_IP_HEADER } from "./auth.server";
import { ORGANISATION_INACTIVE_CODE } from "./organisation-sign-in.server";
import { PAGE_LOCALE_HEADER, REQUEST_ID_HEADER } from "./request-headers.server";

export interface AuthCall {
  method: "GET" | "POST";
  /** Under /api/auth, with query string. */
  path: string;
  body?: unknown;
  /** The incoming request's headers: cookies and user agent are passed on. */
  headers: Headers;
  origin: AuditOrigin;
  locale?: Locale;
}

export async function callAuth(call: AuthCall): Promise<Response> {
  const { baseUrl } = config();
  const headers = new Headers({
    origin: new URL(baseUrl).origin,
    "user-agent": call.headers.get("user-agent") ?? "",
    [CLIENT_IP_HEADER]: call.origin.ipAddress ?? "",
    [REQUEST_ID_HEADER]: call.origin.requestId ?? "",
  });
  const cookie = call.headers.get("cookie");
  if (cookie) headers.set("cookie", cookie);
  if (call.locale) headers.set(PAGE_LOCALE_HEADER, call.locale);
  if (call.body !== undefined) headers.set("content-type", "application/json");
  return auth().handler(
    new Request(`${baseUrl}/api/auth${call.path}`, {
      method: call.method,
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      redirect: "manual",
    }),
  );
}

/** Response headers that pass Better Auth's cookies (session, challenge, sign-out) on to the browser. */
export function cookieHeaders(setCookies: string[]): Headers {
  const headers = new Headers();
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  return headers;
}

/** Seconds from Better Auth's X-Retry-After on a 429 (at least 1). */
export function retryAfterSeconds(response: Response): number {
  const value = Number(response.headers.get("x-retry-after") ?? response.headers.get("retry-after"));
  return Number.isFinite(value) && value > 0 ? Math.ceil(value) : 60;
}

/** Better Auth's error code from a failed response ("INVALID_OTP", …), or null. */
export async function authErrorCode(response: Response): Promise<string | null> {
  const body = (await response.clone().json().catch(() => ({}))) as { code?: string };
  return body.code ?? null;
}

export type SharedSignInRefusal = "too-many-requests" | "user-disabled" | "organisation-inactive";

/**
 * The refusals every sign-in step answers alike (password, phone code, second factor): Better Auth's rate limit and
 * its session-create refusals. Null for anything else, which each step names itself (wrong password, wrong code).
 */
export function sharedSignInRefusal(response: Response, errorCode: string | null): SharedSignInRefusal | null {
  if (response.status === 429) return "too-many-requests";
  if (errorCode === "BANNED_USER") return "user-disabled";
  if (errorCode === ORGANISATION_INACTIVE_CODE) return "organisation-inactive";
  return null;
}
