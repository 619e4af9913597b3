/** The media API from the browser: a medium's stored facts and signed URLs, and its preview image. */
import { StorageError } from "~/domain/storage-errors";
import { failureFromResponse } from "./upload-errors";
import { withStorageRetry } from "./retry";
import { appCheckHeaders } from "./app-check";
import type { MediaView } from "~/server/media/media.server";
import { http } from "~/lib/http";

/** The server's view of a medium (GET /api/media/:id), the same shape the media pages' loaders send. */
export type MediaInfo = MediaView;

async function call(url: string, init: { method?: "GET" | "PUT"; body?: Blob; headers?: Record<string, string> } = {}): Promise<MediaInfo> {
  let response: Awaited<ReturnType<typeof http.raw<string>>>;
  try {
    // The storage retry policy (withStorageRetry) decides retries here, not the client's own.
    response = await http.raw<string>(url, { ...init, retry: 0, responseType: "text" });
  } catch (error) {
    // Network failure: no status, so the retry policy tries again.
    throw Object.assign(new Error("network"), { cause: error, status: null });
  }
  if (!response.ok) {
    const failure = failureFromResponse(response.status, response._data ?? "");
    throw new StorageError(failure.code, { reason: failure.reason, httpStatus: response.status });
  }
  return JSON.parse(response._data ?? "null") as MediaInfo;
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
