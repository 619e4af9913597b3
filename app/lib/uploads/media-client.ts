/** The media API from the browser: a medium's stored facts and signed URLs, and its preview image. */
import { StorageError } from "~/domain/storage-errors";
import { failureFromResponse } from "./upload-errors";
import { withStorageRetry } from "./retry";
import { appCheckHeaders } from "./app-check";
import type { MediaView } from "~/server/media/media.server";

/** The server's view of a medium (GET /api/media/:id), the same shape the media pages' loaders send. */
export type MediaInfo = MediaView;

async function call(url: string, init: RequestInit = {}): Promise<MediaInfo> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: "same-origin", ...init });
  } catch (error) {
    // Network failure: no status, so the retry policy tries again.
    throw Object.assign(new Error("network"), { cause: error, status: null });
  }
  if (!response.ok) {
    const failure = failureFromResponse(response.status, await response.text());
    throw new StorageError(failure.code, { reason: failure.reason, httpStatus: response.status });
  }
  return (await response.json()) as MediaInfo;
}

const statusOf = (error: unknown) => (error instanceof StorageError ? ((error.details.httpStatus as number | undefined) ?? error.status) : null);

export function fetchMedia(id: string): Promise<MediaInfo> {
  return withStorageRetry(() => call(`/api/media/${encodeURIComponent(id)}`), { statusOf });
}

export function putPreview(id: string, variant: "poster" | "thumbnail", image: Blob): Promise<MediaInfo> {
  return withStorageRetry(
    async () => call(`/api/media/${encodeURIComponent(id)}/${variant}`, { method: "PUT", body: image, headers: { "content-type": image.type, ...(await appCheckHeaders()) } }),
    { statusOf },
  );
}
