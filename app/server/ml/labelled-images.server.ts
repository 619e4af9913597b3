/**
 * The labelled dataset: one row per image in `labelled_image`, the JPEG and its 64×64 thumbnail (made by the
 * browser when the frame is saved) in the object store. The grid pages through rows with the indexes of the
 * schema and only ever loads thumbnails, so it stays fast at 10,000 images and beyond.
 */
import { and, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import { MEDIA_MAX_DIMENSION_PX, MEDIA_MAX_DURATION_MS } from "~/domain/constants";
import { AppError } from "~/domain/errors";
import { IMAGE_SOURCES, type ImageSource, UPLOADABLE_IMAGE_SOURCES } from "~/domain/image-sources";
import { SNIFF_BYTES, sniffMediaType } from "~/domain/media-types";
import type { ImageFile } from "~/ml/api-urls";
import { recordAudit } from "../audit/audit.server";
import { dossier, frameJudgement, labelledImage, media, user } from "../db/schema";
import { objectStore } from "../storage/storage.server";
import type { Actor } from "~/domain/access/actor";
import { actingAs } from "../access/actor-db.server";

export const PAGE_SIZE = 60;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_THUMB_BYTES = 64 * 1024;

export type LabelledImageRow = typeof labelledImage.$inferSelect;
export type ImageFilters = { label?: 0 | 1; source?: ImageSource; videoId?: string };

/** Object keys may not contain "." (the seed's key rule): "image-jpg", "thumb-jpg". */
export function imageKey(id: string, file: ImageFile): string {
  return `ml/images/${id}/${file.replace(".", "-")}`;
}

export function isImageSource(value: unknown): value is ImageSource {
  return typeof value === "string" && (IMAGE_SOURCES as readonly string[]).includes(value);
}

export function parseLabel(value: unknown): 0 | 1 {
  if (value === "1" || value === 1) return 1;
  if (value === "0" || value === 0) return 0;
  throw new AppError("invalid-argument", { field: "label" });
}

/**
 * The API's filters (the dataset index, the zip export): strict, as an export of patient pictures must not widen
 * to the whole set because a filter was mistyped. Absent or empty: no filter; anything else not a label or a
 * source (another value, a repeated parameter): 400 `invalid-argument` naming the field.
 */
export function strictImageFilters(label: unknown, source: unknown): ImageFilters {
  const absent = (value: unknown) => value === undefined || value === "";
  if (!absent(source) && !isImageSource(source)) throw new AppError("invalid-argument", { field: "source" });
  return { label: absent(label) ? undefined : parseLabel(label), source: absent(source) ? undefined : (source as ImageSource) };
}

/** The grid page's filters from its address; anything unknown means "no filter" (a page, not an export). */
export function imageFilters(label: unknown, source: unknown): ImageFilters {
  return {
    label: label === "0" || label === "1" ? parseLabel(label) : undefined,
    source: isImageSource(source) ? source : undefined,
  };
}

function where(filters: ImageFilters): SQL | undefined {
  return and(
    filters.label === undefined ? undefined : eq(labelledImage.label, filters.label),
    filters.source ? eq(labelledImage.source, filters.source) : undefined,
    filters.videoId ? eq(labelledImage.videoId, filters.videoId) : undefined,
  );
}

export type NewLabelledImage = {
  label: 0 | 1;
  source: ImageSource;
  videoId?: string | null;
  timestampMs?: number | null;
  width: number;
  height: number;
  image: Buffer;
  thumbnail: Buffer;
};

export function isJpeg(bytes: Buffer): boolean {
  return sniffMediaType(bytes.subarray(0, SNIFF_BYTES))?.contentType === "image/jpeg";
}

/** A whole number from `min` to `max`: the columns are `integer`, and the browser reports whole pixels and milliseconds. */
function isWholeNumber(value: unknown, min: number, max: number): value is number {
  return Number.isInteger(value) && (value as number) >= min && (value as number) <= max;
}

export async function saveLabelledImage(actor: Actor | null, input: NewLabelledImage): Promise<LabelledImageRow> {
  const { actor: admin, db } = actingAs(actor, "model-data.manage");
  // "review" images come only from a supervisor's judgement (app/server/dossiers/frame-judgements.server.ts).
  if (!(UPLOADABLE_IMAGE_SOURCES as readonly string[]).includes(input.source)) throw new AppError("invalid-argument", { field: "source" });
  if (!input.image.byteLength || input.image.byteLength > MAX_IMAGE_BYTES) throw new AppError("invalid-argument", { field: "image" });
  if (!input.thumbnail.byteLength || input.thumbnail.byteLength > MAX_THUMB_BYTES) throw new AppError("invalid-argument", { field: "thumbnail" });
  // Both files are stored and served as image/jpeg (the browser encodes them so): their bytes must say so too,
  // as for every other upload into Casus.
  if (!isJpeg(input.image)) throw new AppError("invalid-argument", { field: "image" });
  if (!isJpeg(input.thumbnail)) throw new AppError("invalid-argument", { field: "thumbnail" });
  if (!isWholeNumber(input.width, 1, MEDIA_MAX_DIMENSION_PX)) throw new AppError("invalid-argument", { field: "width" });
  if (!isWholeNumber(input.height, 1, MEDIA_MAX_DIMENSION_PX)) throw new AppError("invalid-argument", { field: "height" });
  if (input.source === "video" && !input.videoId) throw new AppError("invalid-argument", { field: "videoId" });
  // A frame's time is the player's, in fractions of a millisecond; it is stored to the millisecond.
  const timestampMs = input.source === "video" && typeof input.timestampMs === "number" ? Math.round(input.timestampMs) : null;
  if (input.source === "video" && !isWholeNumber(timestampMs, 0, MEDIA_MAX_DURATION_MS)) throw new AppError("invalid-argument", { field: "timestampMs" });
  const id = crypto.randomUUID();
  await objectStore().put(imageKey(id, "image.jpg"), input.image, { contentType: "image/jpeg", uploadedBy: admin.id });
  await objectStore().put(imageKey(id, "thumb.jpg"), input.thumbnail, { contentType: "image/jpeg", uploadedBy: admin.id });
  const [row] = await db
    .insert(labelledImage)
    .values({
      id,
      label: input.label,
      source: input.source,
      videoId: input.source === "video" ? input.videoId! : null,
      timestampMs,
      width: input.width,
      height: input.height,
      labelledBy: admin.id,
    })
    .returning();
  return row;
}

/**
 * One page of the grid, newest first; `page` counts from 0. The offset stays an exact integer the database takes:
 * a typed `?page=99999999999999999999` made it 6e+21, which PostgreSQL refuses as a bigint (a 500); so far past the
 * end, the page is simply empty.
 */
export async function pageLabelledImages(actor: Actor | null, filters: ImageFilters, page = 0, pageSize = PAGE_SIZE) {
  const { db } = actingAs(actor, "model-data.manage");
  const size = Math.min(Math.max(1, pageSize), 500);
  const lastPage = Math.floor(Number.MAX_SAFE_INTEGER / size) - 1;
  const pageNumber = Number.isFinite(page) ? Math.min(lastPage, Math.max(0, Math.floor(page))) : 0;
  return db
    .select()
    .from(labelledImage)
    .where(where(filters))
    .orderBy(desc(labelledImage.createdAt), desc(labelledImage.id))
    .limit(size)
    .offset(pageNumber * size);
}

/** Display names of the people who labelled a page of images (at most a page's worth of ids). */
export async function labellerNames(actor: Actor | null, ids: readonly (string | null)[]): Promise<Map<string, string>> {
  const { db } = actingAs(actor, "model-data.manage");
  const unique = [...new Set(ids.filter((id): id is string => !!id))];
  if (!unique.length) return new Map();
  const rows = await db.select({ id: user.id, name: user.name }).from(user).where(inArray(user.id, unique));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * For images from a supervisor's review: the judgement they came from and what the model that scored the medium
 * said (decision 075). The dataset's pages show them beside the image; nothing about the dossier or the patient.
 */
export async function reviewFactsOf(
  actor: Actor | null,
  imageIds: readonly string[],
): Promise<Map<string, { judgement: string; modelVersion: string | null; inEarScore: number | null }>> {
  const { db } = actingAs(actor, "model-data.manage");
  if (!imageIds.length) return new Map();
  const rows = await db
    .select({ id: labelledImage.id, judgement: frameJudgement.judgement, modelVersion: frameJudgement.modelVersion, inEarScore: frameJudgement.inEarScore })
    .from(labelledImage)
    .innerJoin(frameJudgement, eq(frameJudgement.id, labelledImage.judgementId))
    .where(inArray(labelledImage.id, [...imageIds]));
  return new Map(rows.map(({ id, ...facts }) => [id, facts]));
}

/** Class balance under the filters (ignoring the label filter, so both classes always show). */
export async function classBalance(actor: Actor | null, filters: ImageFilters = {}): Promise<{ inEar: number; notInEar: number }> {
  const { db } = actingAs(actor, "model-data.manage");
  const rows = await db
    .select({ label: labelledImage.label, n: count() })
    .from(labelledImage)
    .where(where({ ...filters, label: undefined }))
    .groupBy(labelledImage.label);
  return { inEar: rows.find((r) => r.label === 1)?.n ?? 0, notInEar: rows.find((r) => r.label === 0)?.n ?? 0 };
}

export async function relabelImage(actor: Actor | null, id: string, label: 0 | 1): Promise<void> {
  const { actor: admin, db } = actingAs(actor, "model-data.manage");
  const rows = await db.update(labelledImage).set({ label, labelledBy: admin.id }).where(eq(labelledImage.id, id)).returning({ id: labelledImage.id });
  if (!rows.length) throw new AppError("not-found");
}

export async function deleteLabelledImage(actor: Actor | null, id: string): Promise<void> {
  const { actor: admin, db } = actingAs(actor, "model-data.manage");
  const rows = await db.delete(labelledImage).where(eq(labelledImage.id, id)).returning({ id: labelledImage.id });
  if (!rows.length) throw new AppError("not-found");
  await recordAudit({ action: "ml.labelled-image.delete", actorId: admin.id, subjectType: "labelled_image", subjectId: id });
  // The row is the truth; a file left behind by a failed delete is harmless garbage, not a dangling reference.
  for (const file of ["image.jpg", "thumb.jpg"] as const) await objectStore().delete(imageKey(id, file)).catch(() => undefined);
}

/** What a read of one labelled image is logged with: its source and, for a frame from a dossier, its organisation. */
export type LabelledImageForRead = { id: string; source: string; organisationId: string | null };

/**
 * One labelled image as its read is audited (app/server/audit/labelled-image-reads.server.ts): a frame from a
 * dossier — a supervisor's judgement (source "review") or a frame of a dossier video (source "video", the video
 * being a `media` row) — names the organisation whose patient it shows; a test video's, an upload's or a webcam
 * frame's has none. Unknown: not found.
 */
export async function labelledImageForRead(actor: Actor | null, id: string): Promise<LabelledImageForRead> {
  const { db } = actingAs(actor, "model-data.manage");
  const [row] = await db
    .select({ id: labelledImage.id, source: labelledImage.source, reviewOrganisation: dossier.organisationId, videoOrganisation: media.organisationId })
    .from(labelledImage)
    .leftJoin(frameJudgement, eq(frameJudgement.id, labelledImage.judgementId))
    .leftJoin(dossier, eq(dossier.id, frameJudgement.dossierId))
    .leftJoin(media, eq(media.id, labelledImage.videoId))
    .where(eq(labelledImage.id, id))
    .limit(1);
  if (!row) throw new AppError("not-found");
  return { id: row.id, source: row.source, organisationId: row.reviewOrganisation ?? row.videoOrganisation ?? null };
}

/** Every labelled moment of one video, for marking the timeline. */
export async function labelledMomentsOfVideo(actor: Actor | null, videoId: string): Promise<{ timestampMs: number; label: number }[]> {
  const { db } = actingAs(actor, "model-data.manage");
  const rows = await db
    .select({ timestampMs: labelledImage.timestampMs, label: labelledImage.label })
    .from(labelledImage)
    .where(eq(labelledImage.videoId, videoId))
    .orderBy(labelledImage.timestampMs);
  return rows.map((r) => ({ timestampMs: r.timestampMs ?? 0, label: r.label }));
}

/** Ids and labels of the whole (filtered) dataset for training and evaluation; thumbnails are the model's input size. */
export async function datasetIndex(actor: Actor | null, filters: ImageFilters = {}): Promise<{ id: string; label: number }[]> {
  const { db } = actingAs(actor, "model-data.manage");
  return db
    .select({ id: labelledImage.id, label: labelledImage.label })
    .from(labelledImage)
    .where(where(filters))
    .orderBy(desc(labelledImage.createdAt), desc(labelledImage.id));
}

/**
 * The rows of the images the zip export logged (datasetIndex's ids, in its order), in batches, without holding the
 * whole table in memory. By id rather than by page of the filter: an image relabelled or deleted during a long
 * download would shift the pages, leaving a logged image out or putting another in twice.
 */
export async function* labelledImagesInBatches(actor: Actor | null, ids: readonly string[], batch = 500): AsyncGenerator<LabelledImageRow[]> {
  const { db } = actingAs(actor, "model-data.manage");
  for (let start = 0; start < ids.length; start += batch) {
    const chunk = ids.slice(start, start + batch);
    const rows = await db.select().from(labelledImage).where(inArray(labelledImage.id, chunk));
    // In the order of the ids; an image deleted since it was listed is left out.
    const byId = new Map(rows.map((row) => [row.id, row]));
    const ordered = chunk.flatMap((id) => byId.get(id) ?? []);
    if (ordered.length) yield ordered;
  }
}
