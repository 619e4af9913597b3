/**
 * Keys derived from AUTH_SECRET for one purpose each (HKDF with the purpose as its label): signed media URLs and
 * app-check tokens never use the session secret itself, and a key for one purpose is no use for another. They
 * rotate with AUTH_SECRET. Cached per secret and label (tests use their own secrets).
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
