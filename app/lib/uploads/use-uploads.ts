/**
 * The upload queue of a page: starts uploads (after probing each file for its poster/thumbnail and duration),
 * keeps them in the offline queue until they finish, resumes queued ones when the page opens again, and fetches
 * each finished medium's stored facts.
 */
import { claimDevice } from "../device/clinical-copies";
import { useShellUser } from "../use-shell-user";
import { useCallback, useEffect, useRef, useState } from "react";
import { appCheckHeaders } from "./app-check";
import { probe, type Probe } from "./media-probe";
import { fetchMedia, putPreview, type MediaInfo } from "./media-client";
import { usePublicConfig } from "../public-config";
import { dequeue, enqueue, listQueued, offlineCacheBudget, setQueuedUrl, type QueuedUpload } from "./offline-queue";
import { UploadTask, type UploadSnapshot } from "./upload-task";
import { http } from "~/lib/http";

export interface UploadItem {
  key: string;
  snapshot: UploadSnapshot;
  media: MediaInfo | null;
  /** Queued from an earlier visit without its bytes (too large for the offline cache): pick the file again. */
  needsFile: boolean;
  /** An object URL of the preview made before upload, for the list. */
  previewUrl: string | null;
}

export interface AddOptions {
  organisationId?: string | null;
  /** Where the file came from: "picker" or "recorder". */
  source?: string;
  /** The in-ear model's probability for this medium (a still's own, a recording's mean) and the model version. */
  inEarScore?: number;
  modelVersion?: string;
  /** The dossier and ear the medium is for: the server attaches it when the upload completes, whenever that is. */
  dossierId?: string;
  ear?: string;
}

const RETRYABLE_LATER = new Set(["storage/retry-limit-exceeded", "storage/unknown"]);

function metadataFrom(facts: Probe | null, options: AddOptions): Record<string, string> {
  const metadata: Record<string, string> = {};
  if (options.organisationId) metadata.organisationId = options.organisationId;
  if (options.source) metadata.source = options.source;
  if (options.inEarScore !== undefined && Number.isFinite(options.inEarScore)) metadata.inEarScore = options.inEarScore.toFixed(4);
  if (options.modelVersion) metadata.modelVersion = options.modelVersion;
  if (options.dossierId && options.ear) {
    metadata.dossierId = options.dossierId;
    metadata.ear = options.ear;
  }
  if (facts?.durationMs) metadata.durationMs = String(facts.durationMs);
  if (facts?.width) metadata.width = String(facts.width);
  if (facts?.height) metadata.height = String(facts.height);
  return metadata;
}

export function useUploads() {
  // The offline cache budget is a setting (OFFLINE_CACHE_MB), delivered in the public config.
  const cacheBudget = offlineCacheBudget(usePublicConfig().offlineCacheBytes);
  const userId = useShellUser()?.id ?? null;
  const [items, setItems] = useState<UploadItem[]>([]);
  const tasks = useRef(new Map<string, UploadTask>());

  const patch = useCallback((key: string, change: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const launch = useCallback(
    (entry: { key: string; file: Blob; name: string; metadata: Record<string, string>; uploadUrl: string | null; preview: Blob | null }) => {
      const task = new UploadTask({
        key: entry.key,
        file: entry.file,
        name: entry.name,
        metadata: entry.metadata,
        uploadUrl: entry.uploadUrl,
        onUrl: (url) => void setQueuedUrl(entry.key, url).catch(() => undefined),
        onComplete: async (mediaId) => {
          try {
            if (entry.preview) await putPreview(mediaId, entry.file.type.startsWith("video/") ? "poster" : "thumbnail", entry.preview).catch(() => undefined);
            patch(entry.key, { media: await fetchMedia(mediaId) });
          } finally {
            await dequeue(entry.key).catch(() => undefined);
          }
        },
      });
      task.subscribe((snapshot) => {
        patch(entry.key, { snapshot });
        if ((snapshot.state === "error" && snapshot.error && !RETRYABLE_LATER.has(snapshot.error.code)) || snapshot.state === "canceled") {
          void dequeue(entry.key).catch(() => undefined);
        }
      });
      tasks.current.set(entry.key, task);
      const item: UploadItem = {
        key: entry.key,
        snapshot: task.snapshot,
        media: null,
        needsFile: false,
        previewUrl: entry.preview ? URL.createObjectURL(entry.preview) : null,
      };
      setItems((current) => (current.some((i) => i.key === entry.key) ? current.map((i) => (i.key === entry.key ? item : i)) : [...current, item]));
      task.start();
    },
    [patch],
  );

  const add = useCallback(
    async (file: Blob, name: string, options: AddOptions = {}) => {
      const facts = await probe(file);
      const key = crypto.randomUUID();
      const metadata = metadataFrom(facts, options);
      await enqueue({ key, name, type: file.type, size: file.size, metadata, uploadUrl: null, createdAt: Date.now(), file }, cacheBudget).catch(() => false);
      launch({ key, file, name, metadata, uploadUrl: null, preview: facts?.preview ?? null });
      return key;
    },
    [launch, cacheBudget],
  );

  // Queued uploads of an earlier visit: resume those whose bytes were kept; list the others. Only the signed-in
  // user's: another user's copies on this device are cleared first (claimDevice), and nobody's are shown signed out.
  useEffect(() => {
    let active = true;
    if (!userId) return;
    void claimDevice(userId)
      .then(() => listQueued())
      .then(async (queued: QueuedUpload[]) => {
        for (const entry of queued) {
          if (!active || tasks.current.has(entry.key)) continue;
          if (entry.blob) {
            const facts = await probe(entry.blob);
            launch({ key: entry.key, file: entry.blob, name: entry.name, metadata: entry.metadata, uploadUrl: entry.uploadUrl, preview: facts?.preview ?? null });
          } else {
            const snapshot: UploadSnapshot = { key: entry.key, name: entry.name, size: entry.size, sent: 0, state: "paused", speed: null, secondsLeft: null, mediaId: null, error: null };
            setItems((current) => [...current, { key: entry.key, snapshot, media: null, needsFile: true, previewUrl: null }]);
          }
        }
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [launch, userId]);

  /** Continues a queued upload whose bytes were not kept, with the same file picked again. */
  const reattach = useCallback(
    async (key: string, file: File) => {
      const entry = (await listQueued()).find((q) => q.key === key);
      if (!entry || entry.size !== file.size || entry.name !== file.name) return false;
      const facts = await probe(file);
      launch({ key, file, name: entry.name, metadata: entry.metadata, uploadUrl: entry.uploadUrl, preview: facts?.preview ?? null });
      return true;
    },
    [launch],
  );

  const pause = useCallback((key: string) => tasks.current.get(key)?.pause(), []);
  const resume = useCallback((key: string) => tasks.current.get(key)?.resume(), []);
  const cancel = useCallback(async (key: string) => {
    const task = tasks.current.get(key);
    if (task) await task.cancel();
    else {
      // Queued from an earlier visit without its bytes: ask the server to drop what it has (tus termination).
      const entry = (await listQueued().catch(() => [])).find((q) => q.key === key);
      if (entry?.uploadUrl) await appCheckHeaders()
          .then((headers) => http.raw(entry.uploadUrl!, { method: "DELETE", headers: { "Tus-Resumable": "1.0.0", ...headers } }))
          .catch(() => undefined);
      await dequeue(key).catch(() => undefined);
      setItems((current) => current.filter((item) => item.key !== key));
    }
  }, []);

  return { items, add, pause, resume, cancel, reattach };
}
