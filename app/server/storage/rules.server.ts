/**
 * What the stores accept: object keys, list prefixes, metadata and content types. Both back ends call these
 * before touching anything, so a refusal is the same storage/invalid-argument whichever store is configured.
 */
import { keyProblem, utf8ByteLength } from "~/domain/limits";
import { StorageError } from "~/domain/storage-errors";
import type { ByteRange, FreeMetadata, PutOptions } from "./object-store.server";

/** S3's own key limit; a longer key could be stored on disk but never moved to S3. */
export const MAX_OBJECT_KEY_BYTES = 1024;
/** A segment becomes a file name on disk (255 bytes on common file systems) plus a ".meta.json" suffix. */
export const MAX_KEY_SEGMENT_BYTES = 200;
/**
 * Uploader, organisation and free metadata together, as JSON. S3 allows 2 KB of user metadata; this leaves room
 * for the base64 encoding and the checksum (s3-metadata.server.ts).
 */
export const MAX_METADATA_BYTES = 1024;
export const DEFAULT_CONTENT_TYPE = "application/octet-stream";

// type/subtype with optional parameters; no control characters (it becomes an HTTP header).
const CONTENT_TYPE = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+(\s*;\s*[^\u0000-\u001f\u007f]*)?$/i;

function refuse(field: string, reason: string): never {
  throw new StorageError("storage/invalid-argument", { field, reason });
}

/** Why `key` is not an object key, or null. Segments are separated by "/" and each must be a valid key. */
export function objectKeyProblem(key: string): string | null {
  if (typeof key !== "string") return "key-empty";
  if (utf8ByteLength(key) > MAX_OBJECT_KEY_BYTES) return "key-too-long";
  for (const segment of key.split("/")) {
    // Empty segments ("a//b", "/a", "a/") and "." / ".." are caught here: the key rule forbids "" and ".".
    const problem = keyProblem(segment);
    if (problem) return problem;
    if (utf8ByteLength(segment) > MAX_KEY_SEGMENT_BYTES) return "segment-too-long";
  }
  return null;
}

export function assertObjectKey(key: string): string[] {
  const problem = objectKeyProblem(key);
  if (problem) refuse("key", problem);
  return key.split("/");
}

/** "" (everything) or a key-like folder path; returns its segments. */
export function assertListPrefix(prefix: string): string[] {
  if (prefix === "") return [];
  const problem = objectKeyProblem(prefix);
  if (problem) refuse("prefix", problem);
  return prefix.split("/");
}

export function assertContentType(contentType: string): void {
  if (typeof contentType !== "string" || contentType.length > 255 || !CONTENT_TYPE.test(contentType)) refuse("contentType", "invalid");
}

/** The descriptive part of an object, checked: what put and updateMetadata store beside size and checksum. */
export interface Description {
  contentType: string;
  uploadedBy: string | null;
  organisationId: string | null;
  metadata: FreeMetadata;
}

export function checkDescription(options: PutOptions, current?: Description): Description {
  const next: Description = {
    contentType: options.contentType ?? current?.contentType ?? DEFAULT_CONTENT_TYPE,
    uploadedBy: options.uploadedBy !== undefined ? options.uploadedBy : (current?.uploadedBy ?? null),
    organisationId: options.organisationId !== undefined ? options.organisationId : (current?.organisationId ?? null),
    metadata: options.metadata ?? current?.metadata ?? {},
  };
  assertContentType(next.contentType);
  for (const field of ["uploadedBy", "organisationId"] as const) {
    const value = next[field];
    if (value !== null && (typeof value !== "string" || value === "")) refuse(field, "invalid");
  }
  assertMetadata(next.metadata);
  const bytes = utf8ByteLength(JSON.stringify({ u: next.uploadedBy, o: next.organisationId, m: next.metadata }));
  if (bytes > MAX_METADATA_BYTES) refuse("metadata", "metadata-too-large");
  return { ...next, metadata: { ...next.metadata } };
}

function assertMetadata(metadata: FreeMetadata): void {
  if (metadata === null || typeof metadata !== "object" || Array.isArray(metadata)) refuse("metadata", "invalid");
  for (const [key, value] of Object.entries(metadata)) {
    const problem = keyProblem(key);
    if (problem) refuse("metadata", problem);
    if (typeof value !== "string") refuse("metadata", "value-not-a-string");
  }
}

/** The bytes a range asks for within an object of `size` bytes (end clamped), as HTTP ranges behave. */
export function resolveRange(range: ByteRange, size: number): ByteRange {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) refuse("range", "invalid");
  if (start >= size) refuse("range", "not-satisfiable");
  return { start, end: Math.min(end, size - 1) };
}
