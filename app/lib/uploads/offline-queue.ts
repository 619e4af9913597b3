/**
 * Uploads that have not finished, kept in the browser (IndexedDB) so they resume when the page is opened again.
 * The bytes are kept only within the offline cache (OFFLINE_CACHE_MB, from the public config; the seed's 40 MB by
 * default, never less than 1 MB) shared by all queued uploads; a larger file keeps just its upload URL and resumes
 * when the same file is picked again.
 */
import { OFFLINE_CACHE_DEFAULT_BYTES, OFFLINE_CACHE_MIN_BYTES } from "~/domain/constants";

export interface QueuedUpload {
  key: string;
  name: string;
  type: string;
  size: number;
  /** tus metadata (organisation, duration, …) to send again if the upload has to be created anew. */
  metadata: Record<string, string>;
  uploadUrl: string | null;
  /** The bytes, when they fit in the offline cache; null: pick the same file again to resume. */
  blob: Blob | null;
  createdAt: number;
}

const DB_NAME = "casus-uploads";
const STORE = "queue";

export function offlineCacheBudget(requestedBytes?: number | null): number {
  if (requestedBytes === undefined || requestedBytes === null || !Number.isFinite(requestedBytes)) return OFFLINE_CACHE_DEFAULT_BYTES;
  return Math.max(OFFLINE_CACHE_MIN_BYTES, Math.floor(requestedBytes));
}

/** Whether a file of `size` bytes may be cached beside `cachedBytes` already cached. */
export function fitsOfflineCache(size: number, cachedBytes: number, budgetBytes = offlineCacheBudget()): boolean {
  return cachedBytes + size <= budgetBytes;
}

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "key" });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const transaction = db.transaction(STORE, mode);
      const request = work(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
  } finally {
    db.close();
  }
}

export function offlineQueueAvailable(): boolean {
  return typeof indexedDB !== "undefined";
}

export async function listQueued(): Promise<QueuedUpload[]> {
  if (!offlineQueueAvailable()) return [];
  const all = await run("readonly", (store) => store.getAll() as IDBRequest<QueuedUpload[]>);
  return all.sort((a, b) => a.createdAt - b.createdAt);
}

/** Queues an upload, with its bytes if they fit the budget. Returns whether the bytes were kept. */
export async function enqueue(entry: Omit<QueuedUpload, "blob"> & { file: Blob }, budgetBytes = offlineCacheBudget()): Promise<boolean> {
  if (!offlineQueueAvailable()) return false;
  const cached = (await listQueued()).reduce((sum, item) => sum + (item.blob?.size ?? 0), 0);
  const keep = fitsOfflineCache(entry.file.size, cached, budgetBytes);
  const { file, ...rest } = entry;
  await run("readwrite", (store) => store.put({ ...rest, blob: keep ? file : null } satisfies QueuedUpload));
  return keep;
}

/**
 * Records the tus URL of a queued upload. Read and write happen in ONE transaction: with two, a `dequeue` in
 * between (an upload refused at its first bytes) was undone by the write, and the refused upload came back on
 * the next visit.
 */
export async function setQueuedUrl(key: string, uploadUrl: string): Promise<void> {
  if (!offlineQueueAvailable()) return;
  await run("readwrite", (store) => {
    const request = store.get(key) as IDBRequest<QueuedUpload | undefined>;
    request.onsuccess = () => {
      if (request.result) store.put({ ...request.result, uploadUrl });
    };
    return request;
  });
}

export async function dequeue(key: string): Promise<void> {
  if (!offlineQueueAvailable()) return;
  await run("readwrite", (store) => store.delete(key));
}

/** Forgets every queued upload (sign-out, or another user on this device). */
export async function clearQueue(): Promise<void> {
  if (!offlineQueueAvailable()) return;
  await run("readwrite", (store) => store.clear());
}
