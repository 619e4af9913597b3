import { describe, expect, it } from "vitest";
import { StorageError } from "~/domain/storage-errors";
import { UPLOAD_RETRY_DELAYS, backoffDelays, decideUploadRetry, withStorageRetry } from "./retry";

describe("storage retry policy", () => {
  it("doubles from 1 s up to 64 s and covers the upload window of 600 s", () => {
    expect(UPLOAD_RETRY_DELAYS.slice(0, 8)).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 64000, 64000]);
    expect(Math.max(...UPLOAD_RETRY_DELAYS)).toBe(64000);
    const total = UPLOAD_RETRY_DELAYS.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThanOrEqual(600_000);
    expect(total - UPLOAD_RETRY_DELAYS.at(-1)!).toBeLessThan(600_000);
    expect(backoffDelays(120_000).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(120_000);
  });

  it("gives up with retry-limit-exceeded after 120 s of failures, on a clock it does not wait for", async () => {
    let clock = 0;
    const waits: number[] = [];
    let calls = 0;
    const failure = withStorageRetry(
      async () => {
        calls++;
        throw new StorageError("storage/unknown");
      },
      { now: () => clock, sleep: async (ms) => void (waits.push(ms), (clock += ms)) },
    );
    await expect(failure).rejects.toMatchObject({ code: "storage/retry-limit-exceeded" });
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 64000].filter((_, i, all) => all.slice(0, i + 1).reduce((a, b) => a + b, 0) <= 120_000));
    expect(calls).toBe(waits.length + 1);
  });

  it("does not retry an answer: 401, 402, 403 or 404", async () => {
    for (const code of ["storage/unauthenticated", "storage/quota-exceeded", "storage/unauthorized", "storage/object-not-found"] as const) {
      let calls = 0;
      await expect(
        withStorageRetry(async () => {
          calls++;
          throw new StorageError(code);
        }),
      ).rejects.toMatchObject({ code });
      expect(calls).toBe(1);
    }
  });
});

describe("upload retry decisions", () => {
  it("retry network failures and server errors while the streak stays within 600 s, then report the limit", () => {
    let start: number | null = null;
    let clock = 0;
    let attempt = 0;
    for (;;) {
      const decision = decideUploadRetry(null, attempt, start, clock);
      if (!decision.retry) {
        expect(decision.limitExceeded).toBe(true);
        break;
      }
      start = decision.streakStart;
      clock += UPLOAD_RETRY_DELAYS[attempt];
      attempt++;
    }
    expect(clock).toBeLessThanOrEqual(600_000);
    expect(clock + 64_000).toBeGreaterThan(600_000);
  });

  it("start a new streak after progress (attempt 0), and never retry refusals", () => {
    expect(decideUploadRetry(503, 0, 5, 1_000_000)).toEqual({ retry: true, streakStart: 1_000_000 });
    expect(decideUploadRetry(409, 3, 0, 10_000)).toEqual({ retry: true, streakStart: 0 });
    for (const status of [400, 401, 402, 403, 404, 413]) expect(decideUploadRetry(status, 0, null)).toEqual({ retry: false, limitExceeded: false });
  });
});
