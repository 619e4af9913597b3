/** What a failed upload means, as one of the seed's storage codes, read from the server's answer. */
import { STORAGE_ERROR_CODES, type StorageErrorCode, storageErrorCodeForStatus } from "~/domain/storage-errors";

export interface UploadFailure {
  code: StorageErrorCode;
  /** The server's reason, e.g. "type-not-allowed" or "too-large", when it gave one. */
  reason?: string;
}

/** 401/402/403 by the seed's rule (403 with the body's unauthorized-app kept); otherwise the code in the JSON body; otherwise unknown. */
export function failureFromResponse(status: number | null, body: string | null): UploadFailure {
  let parsed: { code?: string; reason?: string } = {};
  try {
    parsed = body ? (JSON.parse(body) as typeof parsed) : {};
  } catch {
    parsed = {};
  }
  const fromBody = STORAGE_ERROR_CODES.find((code) => code === parsed.code) ?? null;
  // A 403 is "unauthorized" by the seed's rule, unless the server said it is the app that was refused.
  if (status === 403 && fromBody === "storage/unauthorized-app") return { code: fromBody, reason: parsed.reason };
  const fromStatus = status ? storageErrorCodeForStatus(status) : null;
  return { code: fromStatus ?? fromBody ?? (status === 404 || status === 410 ? "storage/object-not-found" : "storage/unknown"), reason: parsed.reason };
}

const NOT_RETRYABLE: ReadonlySet<StorageErrorCode> = new Set(["storage/invalid-argument", "storage/invalid-url", "storage/unauthorized"]);

/**
 * Whether sending the same file again could succeed. A refused argument (a file type that is never accepted, a file
 * too large, an upload already complete, a dossier that takes no media), a malformed address or a refused permission
 * gets the same answer every time, so the page offers no retry for them; a lost connection, a server fault, an
 * expired sign-in or app token, or a full quota may pass later.
 */
export function retryCanHelp(failure: UploadFailure): boolean {
  return !NOT_RETRYABLE.has(failure.code);
}

