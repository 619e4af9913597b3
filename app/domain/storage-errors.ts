/**
 * Storage errors: the seed's storage codes (the `storage/*` entries of ERROR_STATUS, so status and message live
 * in one place) and the HTTP-status rule the browser upload client will share with the server.
 */
import { AppError, ERROR_CODES, type ErrorCode } from "./errors";

export type StorageErrorCode = Extract<ErrorCode, `storage/${string}`>;

export const STORAGE_ERROR_CODES = ERROR_CODES.filter((code): code is StorageErrorCode => code.startsWith("storage/"));

/** A refused or failed storage operation. `details` never holds secrets; `cause` keeps the back end's error for logs. */
export class StorageError extends AppError {
  declare readonly code: StorageErrorCode;
  constructor(code: StorageErrorCode, details: Record<string, unknown> = {}, options: { cause?: unknown } = {}) {
    super(code, details);
    this.name = "StorageError";
    if (options.cause !== undefined) this.cause = options.cause;
  }
}

export function isStorageError(error: unknown, code?: StorageErrorCode): error is StorageError {
  return error instanceof StorageError && (code === undefined || error.code === code);
}

/**
 * The storage code an HTTP status stands for, as the seed's storage client reads a server's answer:
 * 401 → unauthenticated, 402 → quota-exceeded, 403 → unauthorized. Any other status has no fixed meaning here
 * (null): the caller decides, e.g. retry a 503 or report storage/unknown.
 */
export function storageErrorCodeForStatus(status: number): StorageErrorCode | null {
  switch (status) {
    case 401:
      return "storage/unauthenticated";
    case 402:
      return "storage/quota-exceeded";
    case 403:
      return "storage/unauthorized";
    default:
      return null;
  }
}
