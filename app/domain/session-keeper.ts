/**
 * The browser's session keeper, as pure scheduling (seed §9): refresh starts SESSION_REFRESH_LEAD_MS before the
 * session expires; a refresh that fails (or does not extend the session) is retried after 30 s, then 60 s, …,
 * at most 16 minutes apart; the session counts as expired SESSION_EXPIRY_SKEW_MS early, and then the user is
 * sent to sign in. app/components/session-keeper.tsx runs these steps with timers.
 *
 * Every time here is on the device's clock: the server's expiry is moved onto it first (device-clock.ts).
 */
import { SESSION_EXPIRY_SKEW_MS, SESSION_REFRESH_LEAD_MS, SESSION_RETRY_INITIAL_MS, SESSION_RETRY_MAX_MS } from "./constants";

export interface KeeperState {
  /** When the server will consider the session expired (ms since epoch). */
  expiresAt: number;
  /** Refresh attempts in a row that did not extend the session. */
  failures: number;
  /** When the last unsuccessful attempt ended (ms since epoch); null before any. */
  lastAttemptAt: number | null;
}

export type KeeperStep = { kind: "refresh"; at: number } | { kind: "expire"; at: number };

/** What a refresh brought back. */
export type RefreshOutcome = { type: "session"; expiresAt: number } | { type: "signed-out" } | { type: "failed" };

export function keeperStart(expiresAt: number): KeeperState {
  return { expiresAt, failures: 0, lastAttemptAt: null };
}

/** The moment the browser treats the session as expired. */
export function effectiveExpiry(expiresAt: number): number {
  return expiresAt - SESSION_EXPIRY_SKEW_MS;
}

/** 30 s after the first failure, doubling, never more than 16 minutes. */
export function retryDelay(failures: number): number {
  if (failures <= 0) return 0;
  return Math.min(SESSION_RETRY_INITIAL_MS * 2 ** (failures - 1), SESSION_RETRY_MAX_MS);
}

export function nextStep(state: KeeperState, now: number): KeeperStep {
  const expireAt = effectiveExpiry(state.expiresAt);
  if (now >= expireAt) return { kind: "expire", at: now };
  const planned = state.failures === 0 || state.lastAttemptAt === null ? state.expiresAt - SESSION_REFRESH_LEAD_MS : state.lastAttemptAt + retryDelay(state.failures);
  const at = Math.max(now, planned);
  return at >= expireAt ? { kind: "expire", at: expireAt } : { kind: "refresh", at };
}

/** The state after a refresh; null when the session is gone (signed out elsewhere, disabled, or revoked). */
export function afterRefresh(state: KeeperState, outcome: RefreshOutcome, now: number): KeeperState | null {
  if (outcome.type === "signed-out") return null;
  if (outcome.type === "session" && outcome.expiresAt > state.expiresAt) return keeperStart(outcome.expiresAt);
  const expiresAt = outcome.type === "session" ? outcome.expiresAt : state.expiresAt;
  return { expiresAt, failures: state.failures + 1, lastAttemptAt: now };
}
