/** S3 failures as the seed's storage codes. The SDK error is kept as `cause` for the log, never shown to users. */
import { StorageError, storageErrorCodeForStatus } from "~/domain/storage-errors";

interface SdkError {
  name?: string;
  $metadata?: { httpStatusCode?: number };
}

export function fromS3Error(error: unknown, details: Record<string, unknown>): StorageError {
  if (error instanceof StorageError) return error;
  const { name, $metadata } = (error ?? {}) as SdkError;
  const status = $metadata?.httpStatusCode;
  // A missing bucket is a configuration problem, not a missing object.
  if (name === "NoSuchBucket") return new StorageError("storage/unknown", { ...details, reason: "no-such-bucket" }, { cause: error });
  if (name === "NoSuchKey" || name === "NotFound" || status === 404) return new StorageError("storage/object-not-found", details, { cause: error });
  if (name === "InvalidRange" || status === 416) return new StorageError("storage/invalid-argument", { ...details, field: "range", reason: "not-satisfiable" }, { cause: error });
  if (name === "AbortError") return new StorageError("storage/canceled", details, { cause: error });
  const code = status ? storageErrorCodeForStatus(status) : null;
  return new StorageError(code ?? "storage/unknown", details, { cause: error });
}
