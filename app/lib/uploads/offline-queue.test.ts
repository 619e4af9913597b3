import { describe, expect, it } from "vitest";
import { OFFLINE_CACHE_DEFAULT_BYTES, OFFLINE_CACHE_MIN_BYTES } from "~/domain/constants";
import { fitsOfflineCache, offlineCacheBudget } from "./offline-queue";

describe("offline cache budget", () => {
  it("is 40 MB by default and never below 1 MB", () => {
    expect(offlineCacheBudget()).toBe(40 * 1024 * 1024);
    expect(OFFLINE_CACHE_DEFAULT_BYTES).toBe(40 * 1024 * 1024);
    expect(offlineCacheBudget(10)).toBe(OFFLINE_CACHE_MIN_BYTES);
    expect(offlineCacheBudget(5 * 1024 * 1024)).toBe(5 * 1024 * 1024);
  });

  it("keeps a file's bytes only while the queue stays within the budget", () => {
    expect(fitsOfflineCache(30 * 1024 * 1024, 0)).toBe(true);
    expect(fitsOfflineCache(30 * 1024 * 1024, 15 * 1024 * 1024)).toBe(false);
    expect(fitsOfflineCache(2 * 1024 * 1024, 0, offlineCacheBudget(1))).toBe(false);
  });
});
