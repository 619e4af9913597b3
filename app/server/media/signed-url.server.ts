/**
 * Short-lived signed media URLs: `/api/media/<id>/<variant>?expires=<unix ms>&signature=<hmac>`.
 * The page's loader (or /api/media/<id>) checks access in the data layer and then signs; the download handler
 * only verifies the signature and the expiry, so a <video> element can fetch ranges without cookies and a leaked
 * URL stops working after MEDIA_URL_TTL_MS. The key is derived from AUTH_SECRET (HKDF), so it rotates with it
 * and is never the session secret itself. `signature` is one of the query names the log masks.
 */
import { MEDIA_URL_TTL_MS } from "~/domain/constants";
import { config } from "../config.server";
import { derivedMac, macMatches } from "./derived-key.server";

export const MEDIA_VARIANTS = ["file", "poster", "thumbnail"] as const;
export type MediaVariant = (typeof MEDIA_VARIANTS)[number];

function mac(mediaId: string, variant: MediaVariant, expires: number, secret: string): string {
  return derivedMac(secret, "casus media url v1", `${mediaId}\n${variant}\n${expires}`);
}

/**
 * A URL's expiry is rounded down to the minute, so every page load or revalidation within a minute signs the same URL:
 * a <video> whose source changed would load again and stop playing (a live update revalidates the review page).
 * A URL therefore works for between a minute less than MEDIA_URL_TTL_MS and MEDIA_URL_TTL_MS, never longer; the
 * review page fetches new ones well before (media-list.tsx).
 */
const EXPIRY_STEP_MS = 60_000;

export function signMediaUrl(mediaId: string, variant: MediaVariant, options: { now?: number; ttlMs?: number; secret?: string } = {}): string {
  const latest = (options.now ?? Date.now()) + (options.ttlMs ?? MEDIA_URL_TTL_MS);
  const expires = latest - (latest % EXPIRY_STEP_MS);
  const signature = mac(mediaId, variant, expires, options.secret ?? config().authSecret);
  return `/api/media/${encodeURIComponent(mediaId)}/${variant}?expires=${expires}&signature=${signature}`;
}

export type SignatureProblem = "invalid" | "expired";

/** null when the URL's signature is ours and not expired; otherwise why not. */
export function verifyMediaSignature(
  mediaId: string,
  variant: string,
  expiresParam: unknown,
  signatureParam: unknown,
  options: { now?: number; secret?: string } = {},
): SignatureProblem | null {
  if (!(MEDIA_VARIANTS as readonly string[]).includes(variant)) return "invalid";
  if (typeof expiresParam !== "string" || !/^\d{1,16}$/.test(expiresParam) || typeof signatureParam !== "string") return "invalid";
  const expires = Number(expiresParam);
  if (!macMatches(signatureParam, mac(mediaId, variant as MediaVariant, expires, options.secret ?? config().authSecret))) return "invalid";
  if ((options.now ?? Date.now()) > expires) return "expired";
  return null;
}
