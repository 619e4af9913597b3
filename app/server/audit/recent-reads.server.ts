/**
 * Reads this server process has logged, or found logged, within the collapse window (issue 13).
 *
 * Dossier views, media reads and list reads are logged once per user and subject per DOSSIER_VIEW_COLLAPSE_MS
 * (decision 048), and every page load or live refresh asked the database first whether the read was logged
 * already: one statement per list page, a serializable transaction of four for a dossier view. A user who reloads
 * within the window asks again for an answer this process already has. This memory answers "yes, logged at T"
 * for those; anything it does not know (another instance logged it, the process restarted, it was forgotten) goes
 * to the database exactly as before, so the log is never thinner than the database check makes it.
 *
 * Bounded: past READS_REMEMBERED_MAX entries the oldest is forgotten. Keys hold ids only, never patient data.
 */
import { createHash } from "node:crypto";
import type { SQL } from "drizzle-orm";
import { DOSSIER_VIEW_COLLAPSE_MS } from "~/domain/constants";
import { type AuditEntry, auditedAt } from "./audit.server";

const READS_REMEMBERED_MAX = 10_000;
const loggedAt = new Map<string, number>();

/** A short key for a read (the parts are ids and small JSON; long ones are hashed). */
export function readKey(...parts: string[]): string {
  const joined = parts.join("\u0000");
  return joined.length <= 200 ? joined : createHash("sha256").update(joined).digest("base64url");
}

/** Whether this process knows the read was logged within the window before `now`. */
export function knownLoggedWithin(key: string, now: number): boolean {
  const at = loggedAt.get(key);
  return at !== undefined && now - at < DOSSIER_VIEW_COLLAPSE_MS && at <= now;
}

/** Remembers that the read was logged at `at` (the later of what is known wins). */
export function rememberLogged(key: string, at: number): void {
  const known = loggedAt.get(key);
  if (known !== undefined) {
    loggedAt.delete(key);
    at = Math.max(at, known);
  } else if (loggedAt.size >= READS_REMEMBERED_MAX) {
    loggedAt.delete(loggedAt.keys().next().value!);
  }
  loggedAt.set(key, at);
}

/**
 * A read logged once per window: nothing when this process knows it was logged (no statement); else the database
 * is asked for a row since the window began (`auditedAt`, narrowed by `also`), `record` writes one if there is none,
 * and either way the time is remembered.
 */
export async function logReadOnce(
  key: string,
  entry: Required<Pick<AuditEntry, "action" | "actorId" | "subjectType" | "subjectId">>,
  now: number,
  record: () => Promise<void>,
  also?: SQL,
): Promise<void> {
  if (knownLoggedWithin(key, now)) return;
  const logged = await auditedAt(entry, new Date(now - DOSSIER_VIEW_COLLAPSE_MS), also);
  if (!logged) await record();
  rememberLogged(key, logged ? logged.getTime() : now);
}
