/**
 * What the /debug pages load and do, in the shapes they render: plain JSON, no rows or Buffers. Route modules go
 * through these (never through server/db) and still call authorize() first; every function checks the actor.
 */
import { data } from "react-router";
import { z } from "zod";
import { calendarDayOrNull, dayEnd, dayStart } from "~/domain/calendar-day";
import { AppError } from "~/domain/errors";
import { choice, file, recordId, intent } from "~/domain/forms/fields";
import { labelledImageUrl } from "~/ml/api-urls";
import type { SessionUser } from "../auth/session.server";
import type { AuditOrigin } from "../audit/audit.server";
import { recordLabelledImageListRead } from "../audit/labelled-image-reads.server";
import { classBalance, deleteLabelledImage, imageFilters, labelledMomentsOfVideo, labellerNames, pageLabelledImages, reviewFactsOf, parseLabel, relabelImage, PAGE_SIZE, type ImageFilters } from "./labelled-images.server";
import { recordLabellingView } from "./dossier-video-views.server";
import { activateModelVersion, listModelVersions } from "./model-versions.server";
import { uploadOrganisations } from "../media/media.server";
import { findVideoForLabelling, listVideosForLabelling, MAX_TEST_VIDEO_BYTES, uploadTestVideo, VIDEO_SOURCES, type VideoSource } from "./video-sources.server";

export type VersionSummary = {
  id: string;
  name: string;
  synthetic: boolean;
  active: boolean;
  accuracy: number | null;
  accuracyOn: string | null;
  datasetSize: number;
  epochs: number | null;
  createdAt: string;
};

export async function versionSummaries(user: SessionUser): Promise<VersionSummary[]> {
  const rows = await listModelVersions(user);
  return rows.map((row) => {
    const m = row.metrics as { accuracy?: unknown; accuracyOn?: unknown; training?: { epochs?: unknown }; epochs?: unknown };
    const epochs = m.training?.epochs ?? m.epochs;
    return {
      id: row.id,
      name: row.name,
      synthetic: row.synthetic,
      active: row.active,
      accuracy: typeof m.accuracy === "number" ? m.accuracy : null,
      accuracyOn: typeof m.accuracyOn === "string" ? m.accuracyOn : null,
      datasetSize: row.datasetSize,
      epochs: typeof epochs === "number" ? epochs : null,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

export async function modelOverview(user: SessionUser) {
  return { versions: await versionSummaries(user), balance: await classBalance(user) };
}

/** The model page's one form: make a version the active one. */
export const activateVersionForm = z.object({ versionId: recordId });

export async function activateFromForm(user: SessionUser, input: z.output<typeof activateVersionForm>): Promise<void> {
  await activateModelVersion(user, input.versionId);
}

export function filtersFromUrl(url: URL): ImageFilters & { page: number } {
  return {
    ...imageFilters(url.searchParams.get("label"), url.searchParams.get("source")),
    page: Math.max(0, Number.parseInt(url.searchParams.get("page") ?? "0", 10) || 0),
  };
}

/**
 * The grid: a page of images with what came from their dossier (a review's judgement and model score, a video
 * frame's time), so the view is a logged read of the images shown (app/server/audit/labelled-image-reads.server.ts).
 */
export async function labelledImagesPage(user: SessionUser, url: URL, origin: AuditOrigin) {
  const filters = filtersFromUrl(url);
  const [rows, balance] = await Promise.all([pageLabelledImages(user, filters, filters.page), classBalance(user, filters)]);
  const [names, reviews] = await Promise.all([
    labellerNames(user, rows.map((r) => r.labelledBy)),
    reviewFactsOf(user, rows.filter((r) => r.source === "review").map((r) => r.id)),
  ]);
  await recordLabelledImageListRead(user, rows.map((r) => r.id), origin);
  const total = filters.label === undefined ? balance.inEar + balance.notInEar : filters.label === 1 ? balance.inEar : balance.notInEar;
  return {
    filters: { label: filters.label ?? null, source: filters.source ?? null },
    page: filters.page,
    pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    total,
    balance,
    images: rows.map((r) => ({
      id: r.id,
      label: r.label,
      source: r.source,
      videoId: r.videoId,
      timestampMs: r.timestampMs,
      labelledBy: (r.labelledBy && names.get(r.labelledBy)) || null,
      review: reviews.get(r.id) ?? null,
      thumbUrl: labelledImageUrl(r.id, "thumb.jpg"),
      imageUrl: labelledImageUrl(r.id, "image.jpg"),
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** The grid's forms: relabel or delete one image. */
export const labelledImageForm = z.discriminatedUnion("intent", [
  z.object({ intent: intent("delete"), imageId: recordId }),
  z.object({ intent: intent("relabel"), imageId: recordId, label: choice(["0", "1"]) }),
]);

export async function changeLabelledImage(user: SessionUser, input: z.output<typeof labelledImageForm>): Promise<void> {
  if (input.intent === "delete") return deleteLabelledImage(user, input.imageId);
  return relabelImage(user, input.imageId, parseLabel(input.label));
}

/** A few recent labelled images to choose from on the test and explanation pages. */
export async function recentImages(user: SessionUser, count = 12) {
  const rows = await pageLabelledImages(user, {}, 0, count);
  return rows.map((r) => ({ id: r.id, label: r.label, thumbUrl: labelledImageUrl(r.id, "thumb.jpg"), imageUrl: labelledImageUrl(r.id, "image.jpg") }));
}

/** Runs a page action: success is `{ ok: true }`; an AppError becomes `{ error: code }` with its status. */
export async function pageAction(work: () => Promise<void>) {
  try {
    await work();
    return { ok: true as const, error: null };
  } catch (error) {
    if (error instanceof AppError) return data({ ok: false as const, error: error.code }, { status: error.status });
    throw error;
  }
}

/** A day of the query string, or undefined (the filter is ignored) when it is not one the product accepts. */
const dayParam = (value: string | null) => calendarDayOrNull(value) ?? undefined;

/** Test and dossier videos for the select page, filtered by the query string (name, mine, source, organisation, period). */
export async function videosPage(user: SessionUser, url: URL) {
  const p = url.searchParams;
  const source = p.get("source");
  const from = dayParam(p.get("from"));
  const until = dayParam(p.get("to"));
  const filters = {
    name: p.get("q") ?? "",
    mine: p.get("mine") === "1",
    source: (VIDEO_SOURCES as readonly string[]).includes(source ?? "") ? (source as VideoSource) : undefined,
    organisationId: p.get("organisation") || undefined,
    from: from ? dayStart(from) : undefined,
    // The "to" day is included: the query ends at the next midnight.
    to: until ? dayEnd(until) : undefined,
  };
  const videos = await listVideosForLabelling(user, filters);
  return {
    filters: { name: filters.name, mine: filters.mine, source: filters.source ?? "", organisationId: filters.organisationId ?? "", from: p.get("from") ?? "", to: p.get("to") ?? "" },
    organisations: await uploadOrganisations(user),
    videos,
  };
}

/** The upload form of the select page: one test video into the object store. */
export const testVideoForm = z.object({ video: file.refine((f) => f.size > 0, "field-required") });

export async function uploadVideoFromForm(user: SessionUser, input: z.output<typeof testVideoForm>): Promise<void> {
  const file = input.video;
  await uploadTestVideo(user, { name: file.name, size: file.size, body: Buffer.from(await file.arrayBuffer()) });
}

/** The labelling page: the chosen video and its already-labelled moments. */
export async function labellingPage(user: SessionUser, url: URL) {
  const id = url.searchParams.get("video");
  if (!id) return { video: null, moments: [] };
  const video = await findVideoForLabelling(user, id);
  await recordLabellingView(user, video);
  return { video, moments: await labelledMomentsOfVideo(user, video.id) };
}

/** The test-prediction page: versions to choose from and recent images to pick. */
export async function predictionPage(user: SessionUser) {
  const [versions, recent] = await Promise.all([versionSummaries(user), recentImages(user)]);
  return { versions, recent };
}
