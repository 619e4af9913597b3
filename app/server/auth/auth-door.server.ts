/**
 * The one door to Better Auth from outside (issue 12, decision 060). Better Auth and its plugins register some
 * seventy endpoints under /api/auth; the browser needs five of them. Everything else the product does with
 * Better Auth (sign-in forms, second factor, admin changes to people, password reset) runs on the server through
 * `auth().api.*` or `callAuth`, which do not pass this mount, behind the product's own rules. So the mount is an
 * allow-list: anything not named here answers 404, including endpoints a future plugin adds (fail closed).
 */
import express, { type Request, type Response, type Router } from "express";
import { fromNodeHeaders, toNodeHandler } from "better-auth/node";
import { AppError } from "~/domain/errors";
import { sendApiError } from "../http/api-error.server";
import type { Auth } from "./auth.server";
import { CLIENT_IP_HEADER, REQUEST_ID_HEADER } from "./request-headers.server";

export const AUTH_BASE_PATH = "/api/auth";

interface PublicAuthEndpoint {
  method: "GET" | "POST";
  /** Under AUTH_BASE_PATH; `:name` matches one path segment. */
  path: string;
  /** Who calls it from the browser, so nobody removes it by accident and nobody adds one without a reason. */
  usedBy: string;
}

export const PUBLIC_AUTH_ENDPOINTS: readonly PublicAuthEndpoint[] = [
  { method: "GET", path: "/get-session", usedBy: "the session keeper (app/components/session-keeper.tsx); answered without tokens" },
  { method: "POST", path: "/sign-out", usedBy: "the session keeper, when the session runs out" },
  { method: "POST", path: "/sign-in/social", usedBy: "the OIDC pop-up sign-in (app/lib/oidc-popup.ts)" },
  { method: "GET", path: "/callback/:id", usedBy: "the OIDC provider's redirect back after sign-in" },
  { method: "POST", path: "/callback/:id", usedBy: "the OIDC provider's form_post response mode" },
];

function segmentsMatch(pattern: string, path: string): boolean {
  const want = pattern.split("/");
  const got = path.split("/");
  if (want.length !== got.length) return false;
  return want.every((segment, i) => (segment.startsWith(":") ? got[i].length > 0 : segment === got[i]));
}

/** A path under AUTH_BASE_PATH without its trailing slash (Better Auth's router treats both alike). */
function withoutTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
}

/** Whether a request to `path` (under AUTH_BASE_PATH, without query) with `method` may reach Better Auth. */
export function isPublicAuthEndpoint(method: string, path: string): boolean {
  const normalised = withoutTrailingSlash(path);
  return PUBLIC_AUTH_ENDPOINTS.some((e) => e.method === method.toUpperCase() && segmentsMatch(e.path, normalised));
}

/**
 * get-session answers with the session row, token included; the browser only needs to know when the session ends.
 * Set-Cookie is passed on: reading the session may extend it.
 */
async function sessionExpiry(auth: Auth, req: Request, res: Response): Promise<void> {
  const response = await auth.api.getSession({ headers: fromNodeHeaders(req.headers), asResponse: true });
  const body = (await response.json().catch(() => null)) as { session?: { expiresAt?: string } } | null;
  for (const cookie of response.headers.getSetCookie()) res.append("Set-Cookie", cookie);
  res
    .status(response.status)
    .set("Cache-Control", "no-store")
    .json(body?.session?.expiresAt ? { session: { expiresAt: body.session.expiresAt } } : null);
}

/**
 * The path as Better Auth will read it: it builds a WHATWG URL from the request line, which turns `\` into `/` and
 * resolves `.`, `..` and `%2e` segments. Express's `req.path` is the raw text, so `/callback/..\admin\list-users`
 * is one allowed callback to Express and the admin plugin's user list to Better Auth. A request whose path reads
 * differently the two ways is not let through at all.
 */
export function pathBothRead(originalUrl: string, expressPath: string): string | null {
  let parsed: string;
  try {
    parsed = new URL(originalUrl, "http://casus.invalid").pathname;
  } catch {
    return null;
  }
  return parsed === expressPath ? parsed : null;
}

/** The /api/auth mount of server/app.ts. */
export function authDoor(auth: Auth): Router {
  const router = express.Router();
  const handler = toNodeHandler(auth);
  router.all(`${AUTH_BASE_PATH}/{*rest}`, (req, res, next) => {
    const full = pathBothRead(req.originalUrl, req.path);
    const path = full === null ? null : withoutTrailingSlash(full.slice(AUTH_BASE_PATH.length) || "/");
    if (path === null || !isPublicAuthEndpoint(req.method, path)) return sendApiError(req, res, new AppError("not-found"));
    // Better Auth rate-limits by this address; overwrite whatever the client sent.
    req.headers[CLIENT_IP_HEADER] = req.ip ?? "";
    req.headers[REQUEST_ID_HEADER] = String(req.id ?? "");
    if (path === "/get-session") return void sessionExpiry(auth, req, res).catch(next);
    void handler(req, res).catch(next);
  });
  return router;
}
