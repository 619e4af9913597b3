/**
 * One resumable upload in the browser (tus-js-client): state, progress with speed and time left, pause, resume,
 * cancel, and the seed's retry policy (retry.ts). Listeners get a fresh snapshot on every change.
 */
import * as tus from "tus-js-client";
import type { StorageErrorCode } from "~/domain/storage-errors";
import { APP_CHECK_HEADER, UPLOADS_PATH } from "~/domain/constants";
import { appCheckToken, forgetAppCheckToken } from "./app-check";
import { UPLOAD_RETRY_DELAYS, decideUploadRetry } from "./retry";
import { failureFromResponse } from "./upload-errors";

/** Each PATCH carries at most this much; a dropped connection costs at most the unconfirmed part of one chunk. */
export const UPLOAD_CHUNK_BYTES = 16 * 1024 * 1024;

export type UploadState = "uploading" | "paused" | "retrying" | "complete" | "error" | "canceled";

export interface UploadSnapshot {
  key: string;
  name: string;
  size: number;
  sent: number;
  state: UploadState;
  /** Bytes per second, smoothed; null until measured. */
  speed: number | null;
  /** Seconds left at the current speed; null when unknown. */
  secondsLeft: number | null;
  mediaId: string | null;
  error: { code: StorageErrorCode; reason?: string } | null;
}

export interface UploadTaskOptions {
  key: string;
  file: Blob;
  name: string;
  metadata: Record<string, string>;
  /** A previous upload's URL (from the offline queue): resume it instead of creating a new one. */
  uploadUrl?: string | null;
  onUrl?: (url: string) => void;
  onComplete?: (mediaId: string) => void;
}

type Listener = (snapshot: UploadSnapshot) => void;

export class UploadTask {
  private upload: tus.Upload;
  private listeners = new Set<Listener>();
  private snap: UploadSnapshot;
  private lastSample: { time: number; sent: number } | null = null;
  private streakStart: number | null = null;
  private retryLimitHit = false;

  constructor(options: UploadTaskOptions) {
    this.snap = { key: options.key, name: options.name, size: options.file.size, sent: 0, state: "uploading", speed: null, secondsLeft: null, mediaId: null, error: null };
    this.upload = new tus.Upload(options.file, {
      endpoint: UPLOADS_PATH,
      uploadUrl: options.uploadUrl ?? null,
      metadata: { filename: options.name, filetype: options.file.type, ...options.metadata },
      chunkSize: UPLOAD_CHUNK_BYTES,
      retryDelays: UPLOAD_RETRY_DELAYS,
      // The offline queue (IndexedDB) keeps what is needed to resume; no second copy in localStorage.
      storeFingerprintForResuming: false,
      // Every tus request (create, PATCH, HEAD, DELETE) carries the app-check token, fresh when it is near expiry.
      onBeforeRequest: async (request) => {
        request.setHeader(APP_CHECK_HEADER, await appCheckToken());
      },
      onUploadUrlAvailable: () => {
        if (this.upload.url) {
          this.update({ mediaId: this.upload.url.split("/").pop() ?? null });
          options.onUrl?.(this.upload.url);
        }
      },
      onShouldRetry: (error, attempt) => {
        const decision = decideUploadRetry(error.originalResponse?.getStatus() ?? null, attempt, this.streakStart);
        if (!decision.retry) {
          this.retryLimitHit = decision.limitExceeded;
          return false;
        }
        this.streakStart = decision.streakStart;
        this.update({ state: "retrying", speed: null, secondsLeft: null });
        return true;
      },
      onProgress: (sent, total) => this.progress(sent, total),
      onSuccess: () => {
        this.update({ state: "complete", sent: this.snap.size, secondsLeft: 0 });
        if (this.snap.mediaId) options.onComplete?.(this.snap.mediaId);
      },
      onError: (error) => {
        const detailed = error as tus.DetailedError;
        const response = detailed.originalResponse ?? null;
        if (response?.getStatus() === 403) forgetAppCheckToken();
        const failure = this.retryLimitHit
          ? { code: "storage/retry-limit-exceeded" as const }
          : response
            ? failureFromResponse(response.getStatus(), response.getBody())
            : { code: "storage/unknown" as const };
        this.update({ state: "error", error: failure, speed: null, secondsLeft: null });
      },
    });
  }

  get snapshot(): UploadSnapshot {
    return this.snap;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  start(): void {
    this.retryLimitHit = false;
    this.streakStart = null;
    this.lastSample = null;
    this.update({ state: "uploading", error: null });
    this.upload.start();
  }

  pause(): void {
    if (this.snap.state !== "uploading" && this.snap.state !== "retrying") return;
    void this.upload.abort(false);
    this.update({ state: "paused", speed: null, secondsLeft: null });
  }

  resume(): void {
    if (this.snap.state === "paused" || this.snap.state === "error") this.start();
  }

  /** Stops for good and asks the server to drop what it has (tus termination). */
  async cancel(): Promise<void> {
    const wasComplete = this.snap.state === "complete";
    if (wasComplete) return;
    this.update({ state: "canceled", error: { code: "storage/canceled" }, speed: null, secondsLeft: null });
    await this.upload.abort(true).catch(() => undefined);
  }

  private progress(sent: number, total: number): void {
    const now = performance.now();
    let speed = this.snap.speed;
    if (this.lastSample && now - this.lastSample.time >= 500) {
      const instant = ((sent - this.lastSample.sent) * 1000) / (now - this.lastSample.time);
      // Exponential smoothing: steady enough to read, quick enough to follow a changing network.
      speed = speed === null ? instant : speed * 0.7 + instant * 0.3;
      this.lastSample = { time: now, sent };
    } else if (!this.lastSample) {
      this.lastSample = { time: now, sent };
    }
    if (sent > this.snap.sent) this.streakStart = null;
    const secondsLeft = speed && speed > 0 ? Math.ceil((total - sent) / speed) : null;
    this.update({ sent, speed, secondsLeft, state: this.snap.state === "retrying" ? "uploading" : this.snap.state });
  }

  private update(patch: Partial<UploadSnapshot>): void {
    this.snap = { ...this.snap, ...patch };
    for (const listener of this.listeners) listener(this.snap);
  }
}
