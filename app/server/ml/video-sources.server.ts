/**
 * Videos that can be labelled: test videos uploaded on /debug/ml/select-videos into the object store under
 * `ml/videos/<id>` (source "upload"), and videos attached to dossiers (source "dossier": complete `media` rows of
 * kind video with a `dossier_medium` row, played through a signed media URL that only the one video's lookup for
 * the labelling page signs). Admin only, checked here.
 */
import { apiPath } from "~/domain/api-table";
import { and, desc, eq, gte, inArray, lt } from "drizzle-orm";
import { AppError } from "~/domain/errors";
import { SNIFF_BYTES, sniffMediaType } from "~/domain/media-types";
import { isStorageError } from "~/domain/storage-errors";
import type { VideoSource } from "~/domain/video-sources";
import type { Database } from "../db/client.server";
import { actingAs } from "../access/actor-db.server";
import { dossierMedium, media, organisation } from "../db/schema";
import { signMediaUrl } from "../media/signed-url.server";
import type { ObjectInfo } from "../storage/object-store.server";
import { objectStore } from "../storage/storage.server";
import type { Actor } from "~/domain/access/actor";
import { assertMlAdmin } from "./actor.server";

export const VIDEO_PREFIX = "ml/videos";
/** Test videos are read into memory by the upload form (React Router's formData), so they stay modest. */
export const MAX_TEST_VIDEO_BYTES = 200 * 1024 * 1024;

export { VIDEO_SOURCES, type VideoSource } from "~/domain/video-sources";

export type LabellingVideo = {
  id: string;
  source: VideoSource;
  name: string;
  contentType: string;
  size: number;
  uploadedBy: string | null;
  uploadedAt: string;
  url: string;
  /** Dossier videos: the organisation they belong to. */
  organisationId: string | null;
  organisationName: string | null;
};

/**
 * A video as the select page lists it: without its address. A dossier video's address is a signed media URL, and
 * handing one out is a read of the patient's video (docs/security.md "What is audited"); the labelling page, which
 * logs the view in the dossier's event log (dossier-video-views.server.ts), is where it is signed.
 */
export type ListedVideo = Omit<LabellingVideo, "url">;

export type VideoFilters = {
  name?: string;
  source?: VideoSource;
  mine?: boolean;
  /** Dossier videos of this organisation only (test videos belong to none, so they drop out). */
  organisationId?: string;
  /** Uploaded on or after `from` and before `to` (ISO dates, `to` exclusive). */
  from?: Date;
  to?: Date;
};

export function videoKey(id: string): string {
  return `${VIDEO_PREFIX}/${id}`;
}

export function videoUrl(id: string): string {
  return apiPath("testVideo", { id });
}

function testVideo(id: string, info: ObjectInfo): LabellingVideo {
  return {
    id,
    source: "upload",
    name: info.metadata.originalName ?? id,
    contentType: info.contentType,
    size: info.size,
    uploadedBy: info.uploadedBy,
    uploadedAt: info.updatedAt.toISOString(),
    url: videoUrl(id),
    organisationId: null,
    organisationName: null,
  };
}

async function testVideos(): Promise<LabellingVideo[]> {
  const store = objectStore();
  const summaries = await store.list(VIDEO_PREFIX);
  return Promise.all(summaries.map(async (s) => testVideo(s.key.slice(VIDEO_PREFIX.length + 1), await store.head(s.key))));
}

/** Complete videos attached to at least one dossier; newest first, at most `limit`. */
async function dossierVideos(db: Database, filters: VideoFilters & { id?: string }, limit = 500): Promise<ListedVideo[]> {
  const conditions = [
    eq(media.kind, "video"),
    eq(media.status, "complete"),
    inArray(media.id, db.selectDistinct({ id: dossierMedium.mediaId }).from(dossierMedium)),
  ];
  if (filters.id) conditions.push(eq(media.id, filters.id));
  if (filters.organisationId) conditions.push(eq(media.organisationId, filters.organisationId));
  if (filters.from) conditions.push(gte(media.createdAt, filters.from));
  if (filters.to) conditions.push(lt(media.createdAt, filters.to));
  const rows = await db
    .select({ medium: media, organisationName: organisation.name })
    .from(media)
    .innerJoin(organisation, eq(organisation.id, media.organisationId))
    .where(and(...conditions))
    .orderBy(desc(media.createdAt))
    .limit(limit);
  return rows.map(({ medium, organisationName }) => ({
    id: medium.id,
    source: "dossier" as const,
    name: typeof medium.metadata.fileName === "string" && medium.metadata.fileName ? medium.metadata.fileName : medium.id,
    contentType: medium.contentType,
    size: medium.size,
    uploadedBy: medium.uploaderId,
    uploadedAt: medium.createdAt.toISOString(),
    organisationId: medium.organisationId,
    organisationName,
  }));
}

export async function listVideosForLabelling(actor: Actor | null, filters: VideoFilters = {}): Promise<ListedVideo[]> {
  const { actor: admin, db } = actingAs(actor, "model-data.manage");
  // Test videos belong to no organisation: a filter by organisation leaves only dossier videos.
  const wantUploads = (!filters.source || filters.source === "upload") && !filters.organisationId;
  const wantDossiers = !filters.source || filters.source === "dossier";
  const [uploads, dossiers] = await Promise.all([wantUploads ? testVideos() : [], wantDossiers ? dossierVideos(db, filters) : []]);
  const needle = filters.name?.trim().toLowerCase();
  return [...uploads.map(({ url: _url, ...listed }): ListedVideo => listed), ...dossiers]
    .filter((v) => (needle ? v.name.toLowerCase().includes(needle) : true))
    .filter((v) => (filters.mine ? v.uploadedBy === admin.id : true))
    .filter((v) => (filters.from ? v.uploadedAt >= filters.from.toISOString() : true))
    .filter((v) => (filters.to ? v.uploadedAt < filters.to.toISOString() : true))
    .sort((a, b) => b.uploadedAt.localeCompare(a.uploadedAt));
}

const isVideoId = (id: string) => /^[0-9a-f-]{36}$/.test(id);

/** The stored test video's description, or null when there is none under that id. */
async function testVideoInfo(id: string): Promise<ObjectInfo | null> {
  return objectStore()
    .head(videoKey(id))
    .catch((error: unknown) => {
      if (isStorageError(error) && error.code === "storage/object-not-found") return null;
      throw error;
    });
}

/**
 * One uploaded test video by id, for its bytes (`GET /api/ml/videos/:id`): a dossier video's id is not-found here,
 * since its bytes go out through a signed media URL (and are logged as media reads), never through this endpoint.
 */
export async function findTestVideo(actor: Actor | null, id: string): Promise<LabellingVideo> {
  actingAs(actor, "model-data.manage");
  const found = isVideoId(id) ? await testVideoInfo(id) : null;
  if (!found) throw new AppError("not-found");
  return testVideo(id, found);
}

/**
 * One video by id, as the list shows it. Looked up directly rather than by listing every video: the video
 * endpoint asks on each range request while a video plays.
 */
export async function findVideoForLabelling(actor: Actor | null, id: string): Promise<LabellingVideo> {
  const { db } = actingAs(actor, "model-data.manage");
  // Both kinds have UUID ids; anything else is not a video (and must not reach the uuid column).
  if (!isVideoId(id)) throw new AppError("not-found");
  const found = await testVideoInfo(id);
  if (found) return testVideo(id, found);
  const [video] = await dossierVideos(db, { id }, 1);
  if (!video) throw new AppError("not-found");
  return { ...video, url: signMediaUrl(video.id, "file") };
}

/**
 * A test video for labelling. Its type is read from its first bytes, as for every upload into Casus (mp4, webm,
 * mov); the declared type and the name are not trusted.
 */
export async function uploadTestVideo(actor: Actor | null, file: { name: string; size: number; body: Buffer }): Promise<string> {
  assertMlAdmin(actor);
  if (file.size <= 0 || file.size > MAX_TEST_VIDEO_BYTES) throw new AppError("payload-too-large");
  const sniffed = sniffMediaType(file.body.subarray(0, SNIFF_BYTES));
  if (sniffed?.kind !== "video") throw new AppError("invalid-argument", { field: "video" });
  const id = crypto.randomUUID();
  // The original name is a metadata value, trimmed so all metadata stays within the store's 1 KB.
  await objectStore().put(videoKey(id), file.body, {
    contentType: sniffed.contentType,
    uploadedBy: actor.id,
    metadata: { originalName: file.name.slice(0, 120) || id },
  });
  return id;
}
