/**
 * A job whose data must hold something secret — an SMS code and the number it goes to — carries it sealed:
 * AES-256-GCM under a key derived from AUTH_SECRET for this purpose only (derived-key.server.ts). The queue's
 * tables, its archive and the jobs page then hold ciphertext; only a process with the secret opens it.
 */
import crypto from "node:crypto";
import { config } from "../config.server";
import { derivedKey } from "../media/derived-key.server";

const LABEL = "job payload";

export function seal(value: unknown, secret = config().authSecret): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", derivedKey(secret, LABEL), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

/** The sealed value, or null when it was not sealed with this secret or was altered. */
export function unseal<T>(sealed: string, secret = config().authSecret): T | null {
  try {
    const raw = Buffer.from(sealed, "base64url");
    const decipher = crypto.createDecipheriv("aes-256-gcm", derivedKey(secret, LABEL), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8")) as T;
  } catch {
    return null;
  }
}

/** A queued message's payload, or why it is not sent: sealed under another secret, or its code or link lapsed. */
export function openQueuedMessage<T>(sealed: string, expiresAt: string | null, now = Date.now()): { payload: T } | { skip: "unreadable" | "lapsed"; payload?: T } {
  const payload = unseal<T>(sealed);
  if (!payload) return { skip: "unreadable" };
  if (expiresAt && now >= Date.parse(expiresAt)) return { skip: "lapsed", payload };
  return { payload };
}
