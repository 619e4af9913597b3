/**
 * Clinical data this browser keeps for the signed-in user: draft copies of dossier forms (localStorage, written by
 * the autosave until the server has them) and uploads not finished yet (IndexedDB, the offline queue). On a shared
 * clinic tablet none of it may outlive its user's session or reach the next user: sign-out clears it (after asking
 * when something unsent would be lost), so does a session that ends, and a different user signing in on the device
 * finds it cleared before any page reads it (the device remembers whose copies it holds).
 */
import { DRAFT_STORAGE_PREFIX } from "../use-autosave";
import { clearQueue, listQueued, offlineQueueAvailable } from "../uploads/offline-queue";

/** Whose copies this browser holds (a user id); absent when it holds none of anyone's. */
export const DEVICE_OWNER_KEY = "casus.device-owner";

export interface UnsentCopies {
  /** Dossier forms with changes the server has not received. */
  drafts: number;
  /** Uploads not finished. */
  uploads: number;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

function draftKeys(store: Storage): string[] {
  const keys: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key?.startsWith(DRAFT_STORAGE_PREFIX)) keys.push(key);
  }
  return keys;
}

/** What would be lost if the copies went now. */
export async function unsentCopies(): Promise<UnsentCopies> {
  const store = storage();
  const uploads = offlineQueueAvailable() ? (await listQueued().catch(() => [])).length : 0;
  return { drafts: store ? draftKeys(store).length : 0, uploads };
}

/** Removes every clinical copy from this browser, and its memory of whose they were. */
export async function clearClinicalCopies(): Promise<void> {
  const store = storage();
  if (store) {
    for (const key of draftKeys(store)) store.removeItem(key);
    store.removeItem(DEVICE_OWNER_KEY);
  }
  if (offlineQueueAvailable()) await clearQueue().catch(() => undefined);
}

/**
 * Before anything reads the copies for `userId`: if the device holds someone else's (or copies of nobody known,
 * left by a session that ended without this page seeing it), they go first; then the device is `userId`'s.
 */
export async function claimDevice(userId: string): Promise<void> {
  const store = storage();
  if (!store) return;
  const owner = store.getItem(DEVICE_OWNER_KEY);
  if (owner !== userId) {
    const { drafts, uploads } = await unsentCopies();
    if (owner !== null || drafts > 0 || uploads > 0) await clearClinicalCopies();
    store.setItem(DEVICE_OWNER_KEY, userId);
  }
}
