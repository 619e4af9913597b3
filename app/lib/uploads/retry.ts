/**
 * The seed's storage retry policy for the browser: back off 1 s, 2 s, 4 s … doubling up to 64 s, and give up
 * (storage/retry-limit-exceeded) once a streak of failures has lasted 600 s for uploads or 120 s for other storage
 * operations. A streak ends when an upload makes progress.
 */
import { STORAGE_BACKOFF_MAX_MS, STORAGE_OPERATION_RETRY_MS, STORAGE_UPLOAD_RETRY_MS } from "~/domain/constants";
import { StorageError } from "~/domain/storage-errors";

export const BACKOFF_INITIAL_MS = 1000;

/** Delays that together cover `windowMs`: doubling from 1 s, capped at 64 s. */
export function backoffDelays(windowMs: number, initialMs = BACKOFF_INITIAL_MS, maxMs = STORAGE_BACKOFF_MAX_MS): number[] {
  const delays: number[] = [];
  let total = 0;
  let next = initialMs;
  while (total < windowMs) {
    delays.push(next);
    total += next;
    next = Math.min(next * 2, maxMs);
  }
  return delays;
}

/** Whether a failure streak that began at `streakStart` may wait `delayMs` more and try again. */
export function withinRetryWindow(streakStart: number, delayMs: number, windowMs: number, now = Date.now()): boolean {
  return now - streakStart + delayMs <= windowMs;
}

export const UPLOAD_RETRY_DELAYS = backoffDelays(STORAGE_UPLOAD_RETRY_MS);

/** Statuses worth another try: the network, the server, or "not now". Anything else is an answer. */
export function isRetryableStatus(status: number | null): boolean {
  return status === null || status === 0 || status === 408 || status === 409 || status === 423 || status === 425 || status === 429 || status >= 500;
}

/**
 * Runs a storage operation (metadata, previews) with the operations window: retried on network errors and
 * retryable statuses, at most 120 s in all, then storage/retry-limit-exceeded.
 */
export async function withStorageRetry<T>(
  operation: () => Promise<T>,
  options: { windowMs?: number; statusOf?: (error: unknown) => number | null; sleep?: (ms: number) => Promise<void>; now?: () => number } = {},
): Promise<T> {
  const windowMs = options.windowMs ?? STORAGE_OPERATION_RETRY_MS;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const statusOf = options.statusOf ?? ((error: unknown) => (error instanceof StorageError ? error.status : null));
  const delays = backoffDelays(windowMs);
  const start = now();
  for (let attempt = 0; ; attempt++) {
    try {
      return await operation();
    } catch (error) {
      if (!isRetryableStatus(statusOf(error))) throw error;
      const delay = delays[Math.min(attempt, delays.length - 1)];
      if (!withinRetryWindow(start, delay, windowMs, now())) throw new StorageError("storage/retry-limit-exceeded", {}, { cause: error });
      await sleep(delay);
    }
  }
}

export type UploadRetryDecision = { retry: true; streakStart: number } | { retry: false; limitExceeded: boolean };

/**
 * Whether a failed upload request is tried again: only retryable statuses, and only while the failure streak
 * (which began at `streakStart`, or now for the first failure after progress) stays within the upload window.
 */
export function decideUploadRetry(status: number | null, attempt: number, streakStart: number | null, now = Date.now()): UploadRetryDecision {
  if (!isRetryableStatus(status)) return { retry: false, limitExceeded: false };
  const start = attempt === 0 || streakStart === null ? now : streakStart;
  const delay = UPLOAD_RETRY_DELAYS[attempt];
  if (delay === undefined || !withinRetryWindow(start, delay, STORAGE_UPLOAD_RETRY_MS, now)) return { retry: false, limitExceeded: true };
  return { retry: true, streakStart: start };
}
