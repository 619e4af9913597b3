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

describe("the queue in IndexedDB", () => {
  it("does not bring back an upload that was dequeued while its URL was being recorded", async () => {
    // fake-indexeddb is a complete in-memory implementation of the IndexedDB standard (Node has none).
    const fake = await import("fake-indexeddb");
    Object.assign(globalThis, { indexedDB: fake.indexedDB, IDBKeyRange: fake.IDBKeyRange });
    const { dequeue, enqueue, listQueued, setQueuedUrl } = await import("./offline-queue");
    const file = new Blob([new Uint8Array(16)], { type: "video/mp4" });
    await enqueue({ key: "refused", name: "clip.mp4", type: "video/mp4", size: 16, metadata: {}, uploadUrl: null, createdAt: 1, file });
    await enqueue({ key: "kept", name: "ear.jpg", type: "image/jpeg", size: 16, metadata: {}, uploadUrl: null, createdAt: 2, file });
    // The URL arrives and the refusal dequeues at the same moment.
    await Promise.all([setQueuedUrl("refused", "/api/uploads/a"), dequeue("refused"), setQueuedUrl("kept", "/api/uploads/b")]);
    const queued = await listQueued();
    expect(queued.map((q) => [q.key, q.uploadUrl])).toEqual([["kept", "/api/uploads/b"]]);
  });

  it("keeps bytes within the budget it is given (OFFLINE_CACHE_MB), shared by all queued uploads", async () => {
    const fake = await import("fake-indexeddb");
    Object.assign(globalThis, { indexedDB: fake.indexedDB, IDBKeyRange: fake.IDBKeyRange });
    const { dequeue, enqueue, listQueued, offlineCacheBudget } = await import("./offline-queue");
    for (const q of await listQueued()) await dequeue(q.key);
    const KiB = 1024;
    const file = (size: number) => new Blob([new Uint8Array(size)], { type: "image/jpeg" });
    const entry = (key: string, size: number, createdAt: number) => ({ key, name: `${key}.jpg`, type: "image/jpeg", size, metadata: {}, uploadUrl: null, createdAt, file: file(size) });
    // A 2 MiB budget: two files of 900 KiB fit, a third does not (it keeps only its URL).
    const budget = offlineCacheBudget(2 * 1024 * KiB);
    expect(await enqueue(entry("a", 900 * KiB, 1), budget)).toBe(true);
    expect(await enqueue(entry("b", 900 * KiB, 2), budget)).toBe(true);
    expect(await enqueue(entry("c", 900 * KiB, 3), budget)).toBe(false);
    expect((await listQueued()).map((q) => [q.key, q.blob?.size ?? null])).toEqual([["a", 900 * KiB], ["b", 900 * KiB], ["c", null]]);
    // Under the 40 MiB default the same third file would have been kept.
    await dequeue("c");
    expect(await enqueue(entry("c", 900 * KiB, 3))).toBe(true);
  });
});
