/**
 * The process's object store: created from the settings at start-up (server/app.ts) and installed, like auth().
 * S3 when S3_BUCKET is set, otherwise local disk under DATA_DIR/objects.
 */
import path from "node:path";
import { S3Client } from "@aws-sdk/client-s3";
import type { Config, S3Settings } from "../config.server";
import { DiskObjectStore } from "./disk-store.server";
import type { ObjectStore } from "./object-store.server";
import { S3ObjectStore } from "./s3-store.server";

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint ?? undefined,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // The SDK's default adds CRC checksums in trailing, chunk-encoded bodies, which many S3-compatible servers
    // refuse; our own SHA-256 covers integrity.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

export function createObjectStore(config: Pick<Config, "dataDir" | "s3">): ObjectStore {
  if (config.s3) return new S3ObjectStore(createS3Client(config.s3), config.s3.bucket);
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
