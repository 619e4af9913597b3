/**
 * The one interface every media back end implements (local disk, S3-compatible). Callers never learn which one
 * is configured; the shared contract test (object-store.contract.ts) holds both to the same behaviour.
 *
 * Every refusal or failure is a StorageError with one of the seed's storage codes (app/domain/storage-errors.ts).
 */
import type { Readable } from "node:stream";

/** Free metadata: keys follow the seed's key rule (keyProblem), values are strings. */
export type FreeMetadata = Record<string, string>;

export interface ObjectInfo {
  key: string;
  /** Bytes, counted while the object was written. */
  size: number;
  contentType: string;
  /** SHA-256 of the bytes, lower-case hex, computed while the object was written. */
  sha256: string;
  /** The user id of whoever uploaded it, when known. */
  uploadedBy: string | null;
  organisationId: string | null;
  metadata: FreeMetadata;
  updatedAt: Date;
}

export interface PutOptions {
  /** Default application/octet-stream. */
  contentType?: string;
  uploadedBy?: string | null;
  organisationId?: string | null;
  metadata?: FreeMetadata;
}

export interface PutFileOptions extends PutOptions {
  /**
   * The file's size and SHA-256 when the caller has computed them already (the upload server hashes staged bytes as
   * they arrive): the disk store records them instead of reading the file again, unless the file's size differs. A
   * store that reads the file anyway (S3) records its own.
   */
  digest?: { size: number; sha256: string };
}

/** What updateMetadata may change; size and checksum belong to the bytes and cannot. `metadata` replaces the whole map. */
export type MetadataUpdate = PutOptions;

/** Inclusive byte positions, as in an HTTP Range header; `end` past the last byte means "to the end". */
export interface ByteRange {
  start: number;
  end: number;
}

export interface ObjectDownload {
  body: Readable;
  info: ObjectInfo;
  /** The bytes `body` carries (a clamped range), or null for the whole object. */
  range: ByteRange | null;
  /** Bytes in `body`. */
  contentLength: number;
}

export interface ObjectSummary {
  key: string;
  size: number;
  updatedAt: Date;
}

export interface ObjectStore {
  readonly kind: "disk" | "s3";
  /** Stores the bytes under `key`, replacing any object there; memory stays bounded however large the stream. */
  put(key: string, body: Readable | Buffer, options?: PutOptions): Promise<ObjectInfo>;
  /**
   * Stores a file's bytes under `key` (a finished upload's staged file). The file stays where it is, unchanged: the
   * disk store links it into place when it is on the same file system (one write of the bytes instead of two),
   * otherwise it is read like any body.
   */
  putFile(key: string, file: string, options?: PutFileOptions): Promise<ObjectInfo>;
  get(key: string, options?: { range?: ByteRange }): Promise<ObjectDownload>;
  head(key: string): Promise<ObjectInfo>;
  updateMetadata(key: string, update: MetadataUpdate): Promise<ObjectInfo>;
  /** storage/object-not-found when there is nothing to delete (as the seed's storage does). */
  delete(key: string): Promise<void>;
  /** Every object under `prefix` taken as a folder ("" for all, "org-1" for "org-1/…"), sorted by key. */
  list(prefix?: string): Promise<ObjectSummary[]>;
  /**
   * Removes the partial copies of writes that stopped (the process died mid-write) and were last touched more than
   * ABANDONED_WRITE_MS before `now`; returns how many. Start-up calls it.
   */
  removeAbandonedTemp(now?: number): Promise<number>;
}

/**
 * A partial copy untouched for this long belongs to a write that will never finish: a write in progress keeps
 * writing, and even a gigabyte moves from the upload staging area within seconds. (Another instance may be writing
 * right now, so start-up does not simply remove every partial copy.)
 */
export const ABANDONED_WRITE_MS = 10 * 60_000;
