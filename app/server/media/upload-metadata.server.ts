/**
 * The checks a tus upload's metadata (`Upload-Metadata`, base64 values the client chooses) passes before any of it
 * reaches the database: every value is one line of text without control characters (PostgreSQL cannot store a NUL
 * at all), and the numbers the recorder reports are whole numbers within the product's limits and their columns.
 * A refusal is a 400 `storage/invalid-argument` naming the field, like every other refused upload.
 */
import { MEDIA_MAX_DIMENSION_PX, MEDIA_MAX_DURATION_MS } from "~/domain/constants";
import { CONTROL_CHARACTER } from "~/domain/limits";
import { StorageError } from "~/domain/storage-errors";

export type UploadMetadata = Record<string, string | null | undefined>;

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
