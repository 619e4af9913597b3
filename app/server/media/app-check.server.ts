/**
 * App check for the file storage (seed §6: storage requests carry the user's auth token AND an app-check token).
 *
 * The server issues pages of this app a short-lived token at GET /api/app-check (same-origin only; no CORS, so
 * another site's page cannot read it): `<expires ms>.<HMAC(build id, expires)>`, keyed by a key derived from
 * AUTH_SECRET (HKDF, its own label, never the secret itself). The browser sends it as `x-casus-app-check` with
 * every tus request and every preview PUT; the upload server and the media API refuse a missing, tampered or
 * expired token, or one issued to another build, with 403 storage/unauthorized-app. See decision 051.
 */
import type { Request } from "express";
import { withoutActor } from "../api/api-endpoint.server";
import { APP_CHECK_HEADER, APP_CHECK_TTL_MS } from "~/domain/constants";
import { StorageError } from "~/domain/storage-errors";
import { config } from "../config.server";
import { derivedMac, macMatches } from "./derived-key.server";

let currentBuildId = "development";

/** The build the tokens are bound to (server/app.ts installs the deployed build's id; tests their own). */
export function installAppCheckBuild(buildId: string): void {
  currentBuildId = buildId;
}

function mac(buildId: string, expires: number, secret: string): string {
  return derivedMac(secret, "casus app check v1", `${buildId}\n${expires}`);
}

export interface AppCheckOptions {
  now?: number;
  buildId?: string;
  secret?: string;
}

export function issueAppCheckToken(options: AppCheckOptions & { ttlMs?: number } = {}): { token: string; expiresAt: number } {
  const expiresAt = (options.now ?? Date.now()) + (options.ttlMs ?? APP_CHECK_TTL_MS);
  return { token: `${expiresAt}.${mac(options.buildId ?? currentBuildId, expiresAt, options.secret ?? config().authSecret)}`, expiresAt };
}

export type AppCheckProblem = "missing" | "invalid" | "expired";

/** null for a valid token of this build; otherwise why not. */
export function verifyAppCheckToken(token: unknown, options: AppCheckOptions = {}): AppCheckProblem | null {
  if (typeof token !== "string" || !token) return "missing";
  const match = /^(\d{1,16})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return "invalid";
  const expires = Number(match[1]);
  if (!macMatches(match[2], mac(options.buildId ?? currentBuildId, expires, options.secret ?? config().authSecret))) return "invalid";
  if ((options.now ?? Date.now()) > expires) return "expired";
  return null;
}

/** Throws 403 storage/unauthorized-app unless the request carries a valid app-check token. */
export function requireAppCheck(req: Pick<Request, "get">): void {
  const problem = verifyAppCheckToken(req.get(APP_CHECK_HEADER));
  if (problem) throw new StorageError("storage/unauthorized-app", { reason: problem });
}

/**
 * GET /api/app-check → `{ token, expiresAt }`. Browsers mark every request with Sec-Fetch-Site; one made for a
 * page of another site is refused (its script could not read the answer anyway, lacking CORS).
 */
export const appCheckEndpoint = withoutActor({
  handle({ req, res }) {
    const site = req.get("sec-fetch-site");
    if (site && site !== "same-origin") throw new StorageError("storage/unauthorized-app");
    res.json(issueAppCheckToken());
  },
});
