/**
 * Keys derived from AUTH_SECRET for one purpose each (HKDF with the purpose as its label): signed media URLs and
 * app-check tokens never use the session secret itself, and a key for one purpose is no use for another. They
 * rotate with AUTH_SECRET. Cached per secret and label (tests use their own secrets). Both sign with derivedMac
 * and check what a client sent back with macMatches.
 */
import crypto from "node:crypto";

const keys = new Map<string, Buffer>();

export function derivedKey(secret: string, label: string): Buffer {
  const id = `${label}\n${secret}`;
  let key = keys.get(id);
  if (!key) {
    key = Buffer.from(crypto.hkdfSync("sha256", secret, "casus", label, 32));
    keys.set(id, key);
  }
  return key;
}

/** HMAC-SHA256 of `message`, base64url, under the key derived for `label`. */
export function derivedMac(secret: string, label: string, message: string): string {
  return crypto.createHmac("sha256", derivedKey(secret, label)).update(message).digest("base64url");
}

/** Whether the MAC a client sent is the expected one, compared in constant time (=== would leak how much matched). */
export function macMatches(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}
