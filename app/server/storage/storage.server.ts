/**
 * The process's object store: created from the settings at start-up (server/app.ts) and installed, like auth().
 * S3 when S3_BUCKET is set, otherwise local disk under DATA_DIR/objects.
 */
import path from "node:path";
import type { Config } from "../config.server";
import { DiskObjectStore } from "./disk-store.server";
import type { ObjectStore } from "./object-store.server";

/**
 * The S3 SDK (about 20 MB of a process's memory) is loaded only when S3 is configured: a laptop or clinic server on
 * disk storage never needs it (issue 13: idle memory).
 */
export async function createObjectStore(config: Pick<Config, "dataDir" | "s3">): Promise<ObjectStore> {
  if (config.s3) {
    const { S3ObjectStore, createS3Client } = await import("./s3-store.server");
    return new S3ObjectStore(createS3Client(config.s3), config.s3.bucket);
  }
  return new DiskObjectStore(path.join(config.dataDir, "objects"));
}

const STORE_KEY = Symbol.for("casus.objectStore");
type StoreHolder = { [STORE_KEY]?: ObjectStore };

export function installObjectStore(store: ObjectStore): void {
  (globalThis as StoreHolder)[STORE_KEY] = store;
}

export function objectStore(): ObjectStore {
  const store = (globalThis as StoreHolder)[STORE_KEY];
  if (!store) throw new Error("The object store is not initialised yet (start-up creates it before serving requests).");
  return store;
}

/** Whether start-up installed a store (demo data in tests without one records media rows without bytes). */
export function hasObjectStore(): boolean {
  return Boolean((globalThis as StoreHolder)[STORE_KEY]);
}
