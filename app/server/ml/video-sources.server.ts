/**
 * Videos that can be labelled. Today: test videos uploaded on /debug/ml/select-videos into the object store
 * under `ml/videos/<id>`. Dossier videos (the media issue's `media` table) join this list after that issue is
 * merged: add them in listVideosForLabelling with their own `source` and the same shape.
 */
import type { Readable } from "node:stream";
import { AppError } from "~/domain/errors";
import { objectStore } from "../storage/storage.server";
import { assertMlAdmin, type MlActor } from "./actor.server";

export const VIDEO_PREFIX = "ml/videos";
const VIDEO_TYPES = ["video/webm", "video/mp4", "video/ogg", "video/quicktime", "video/x-matroska"];
/** Test videos are read into memory by the upload form (React Router's formData), so they stay modest. */
export const MAX_TEST_VIDEO_BYTES = 200 * 1024 * 1024;

export type LabellingVideo = {
  id: string;
  source: "upload";
  name: string;
  contentType: string;
  size: number;
  uploadedBy: string | null;
  uploadedAt: string;
  url: string;
};

export type VideoFilters = { name?: string; source?: "upload"; mine?: boolean };

export function videoKey(id: string): string {
  return `${VIDEO_PREFIX}/${id}`;
}

export function videoUrl(id: string): string {
  return `/api/ml/videos/${encodeURIComponent(id)}`;
}

export async function listVideosForLabelling(actor: MlActor | null, filters: VideoFilters = {}): Promise<LabellingVideo[]> {
  assertMlAdmin(actor);
  if (filters.source && filters.source !== "upload") return [];
  const store = objectStore();
  const summaries = await store.list(VIDEO_PREFIX);
  const videos = await Promise.all(
    summaries.map(async (s) => {
      const info = await store.head(s.key);
      const id = s.key.slice(VIDEO_PREFIX.length + 1);
      return {
        id,
        source: "upload" as const,
        name: info.metadata.originalName ?? id,
        contentType: info.contentType,
        size: info.size,
        uploadedBy: info.uploadedBy,
        uploadedAt: info.updatedAt.toISOString(),
        url: videoUrl(id),
      };
    }),
  );
  const needle = filters.name?.trim().toLowerCase();
  return videos
    .filter((v) => (needle ? v.name.toLowerCase().includes(needle) : true))
    .filter((v) => (filters.mine ? v.uploadedBy === actor.id : true))
    .sort((a, b) => b.uploadedAt.localeCompare(a.uploadedAt));
}

export async function findVideoForLabelling(actor: MlActor | null, id: string): Promise<LabellingVideo> {
  const videos = await listVideosForLabelling(actor);
  const video = videos.find((v) => v.id === id);
  if (!video) throw new AppError("not-found");
  return video;
}

export async function uploadTestVideo(
  actor: MlActor | null,
  file: { name: string; type: string; size: number; body: Readable | Buffer },
): Promise<string> {
  assertMlAdmin(actor);
  if (!VIDEO_TYPES.includes(file.type)) throw new AppError("invalid-argument", { field: "video" });
  if (file.size <= 0 || file.size > MAX_TEST_VIDEO_BYTES) throw new AppError("payload-too-large");
  const id = crypto.randomUUID();
  // The original name is a metadata value, trimmed so all metadata stays within the store's 1 KB.
  await objectStore().put(videoKey(id), file.body, {
    contentType: file.type,
    uploadedBy: actor.id,
    metadata: { originalName: file.name.slice(0, 120) || id },
  });
  return id;
}
