/** StorageErrors as tus answers: the status from the one error map and a JSON body the upload client reads. */
import { StorageError } from "~/domain/storage-errors";

export interface TusErrorAnswer {
  status_code: number;
  body: string;
}

/** Only the code and harmless details (a reason, a limit) go to the client; never a path or a stack. */
export function storageErrorBody(error: StorageError): string {
  const { reason, field, maxBytes, quotaBytes, usedBytes } = error.details as Record<string, unknown>;
  return JSON.stringify({ code: error.code, reason, field, maxBytes, quotaBytes, usedBytes });
}

export function tusError(error: StorageError): TusErrorAnswer {
  return { status_code: error.status, body: storageErrorBody(error) };
}
