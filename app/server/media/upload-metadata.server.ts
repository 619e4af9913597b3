/**
 * The checks a tus upload's metadata (`Upload-Metadata`, base64 values the client chooses) passes before any of it
 * reaches the database: every value is one line of text without control characters (PostgreSQL cannot store a NUL
 * at all), and the numbers the recorder reports are whole numbers within the product's limits and their columns.
 * A refusal is a 400 `storage/invalid-argument` naming the field, like every other refused upload.
 *
 * The headers themselves are checked first, by tus's own rules: tus refuses a malformed `Upload-Metadata`,
 * `Upload-Length` or `Upload-Offset` before any hook runs, with a plain-text 400 the upload client cannot read.
 */
import type { IncomingHttpHeaders } from "node:http";
import { Metadata } from "@tus/server";
import { MEDIA_MAX_DIMENSION_PX, MEDIA_MAX_DURATION_MS } from "~/domain/constants";
import { CONTROL_CHARACTER } from "~/domain/limits";
import { StorageError } from "~/domain/storage-errors";

export type UploadMetadata = Record<string, string | null | undefined>;

/** A byte count or offset as tus reads it: the decimal digits of a non-negative integer, nothing else. */
function isByteCount(value: string): boolean {
  const number = Number(value);
  return Number.isInteger(number) && number >= 0 && String(number) === value;
}

/** `Upload-Metadata` parsed by tus's own parser (base64 values, unique keys); null when malformed. */
function parseMetadataHeader(value: string): UploadMetadata | null {
  try {
    return Metadata.parse(value);
  } catch {
    return null;
  }
}

/** The tus headers whose form tus checks itself, each with the field its refusal names. */
const HEADER_RULES = [
  { header: "upload-metadata", field: "metadata", wellFormed: (value: string) => Boolean(parseMetadataHeader(value)) },
  { header: "upload-length", field: "size", wellFormed: isByteCount },
  { header: "upload-offset", field: "offset", wellFormed: isByteCount },
] as const;

/**
 * The headers a method cannot go without, each with the field its refusal names: a new upload states its size (this
 * server does not take a size stated later: it checks the quota on creation), a chunk its offset.
 */
const REQUIRED_HEADERS: Record<string, { header: string; field: string }> = {
  POST: { header: "upload-length", field: "size" },
  PATCH: { header: "upload-offset", field: "offset" },
};

/**
 * Refuses a request whose tus headers tus would refuse as malformed (a value that is not base64, a key twice, a
 * length that is not a number, a size or offset left out), as `storage/invalid-argument` with reason `malformed`
 * and the field it concerns.
 */
export function assertWellFormedUploadHeaders(method: string, headers: IncomingHttpHeaders): void {
  const required = REQUIRED_HEADERS[method];
  if (required && headers[required.header] === undefined) throw new StorageError("storage/invalid-argument", { field: required.field, reason: "malformed" });
  for (const { header, field, wellFormed } of HEADER_RULES) {
    const value = headers[header];
    if (value === undefined) continue;
    if (typeof value !== "string" || !wellFormed(value)) throw new StorageError("storage/invalid-argument", { field, reason: "malformed" });
  }
}

/** Refuses a metadata value with a control character, whichever field it is in. */
export function assertPlainMetadata(metadata: UploadMetadata): void {
  for (const [field, value] of Object.entries(metadata)) {
    if (value && CONTROL_CHARACTER.test(value)) throw new StorageError("storage/invalid-argument", { field, reason: "control-character" });
  }
}

/** The largest value of each numeric field. */
const NUMBER_LIMITS = { durationMs: MEDIA_MAX_DURATION_MS, width: MEDIA_MAX_DIMENSION_PX, height: MEDIA_MAX_DIMENSION_PX } as const;

/** A numeric field as a whole number from 0 to its limit; null when absent. */
export function metadataNumber(metadata: UploadMetadata, field: keyof typeof NUMBER_LIMITS): number | null {
  const value = metadata[field];
  if (!value) return null;
  if (!/^\d+$/.test(value)) throw new StorageError("storage/invalid-argument", { field, reason: "not-a-number" });
  const number = Number(value);
  if (number > NUMBER_LIMITS[field]) throw new StorageError("storage/invalid-argument", { field, reason: "out-of-range" });
  return number;
}
