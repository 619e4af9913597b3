/**
 * The media data layer: upload records, quota, completion, previews, and views with signed URLs. Every function
 * that reads or changes a medium takes the acting user and scopes its own query (access.server.ts); a medium
 * the actor may not see is storage/object-not-found, exactly like one that does not exist.
 */
import { and, asc, desc, eq, lt, sql } from "drizzle-orm";
import type { Readable } from "node:stream";
import type { MediaKind } from "~/domain/media-types";
import { StorageError } from "~/domain/storage-errors";
import { config } from "../config.server";
import { systemDb, type Queryable } from "../db/client.server";
import { media, organisation, type MediaMetadata } from "../db/schema";
import { inTransaction } from "../db/transaction.server";
import { objectStore } from "../storage/storage.server";
import { type MediaActor, actorOrganisations, mayUseOrganisation, visibleMedia } from "./access.server";
import { signMediaUrl, type MediaVariant } from "./signed-url.server";

export type MediaRow = typeof media.$inferSelect;

/** Where a medium's bytes live in the object store; every segment follows the seed's key rule. */
export function mediaObjectKey(organisationId: string, mediaId: string, variant: MediaVariant = "file"): string {
  return variant === "file" ? `org-${organisationId}/media/${mediaId}` : `org-${organisationId}/media/${mediaId}-${variant}`;
}

/** The organisation an upload goes to: a professional's own; a supervisor's or admin's must be named. */
export async function uploadOrganisation(actor: MediaActor, requested: string | null | undefined): Promise<string> {
  const organisationId = requested || (actor.role === "professional" ? actor.organisationId : null);
  if (!organisationId) throw new StorageError("storage/invalid-argument", { field: "organisationId", reason: "missing" });
  if (!mayUseOrganisation(actor, organisationId)) throw new StorageError("storage/unauthorized", { reason: "organisation" });
  const [row] = await systemDb().select({ id: organisation.id, active: organisation.active }).from(organisation).where(eq(organisation.id, organisationId));
  if (!row || !row.active) throw new StorageError("storage/unauthorized", { reason: "organisation" });
  return row.id;
}

/** The organisations an actor may upload for, for a picker (admins: all active ones). */
export async function uploadOrganisations(actor: MediaActor): Promise<{ id: string; name: string }[]> {
  const allowed = actorOrganisations(actor);
  const rows = await systemDb()
    .select({ id: organisation.id, name: organisation.name })
    .from(organisation)
    .where(eq(organisation.active, true))
    .orderBy(asc(organisation.name));
  return allowed === "all" ? rows : rows.filter((row) => allowed.includes(row.id));
}

export interface StorageUsage {
  usedBytes: number;
  quotaBytes: number;
}

/** Finished media plus the declared size of uploads in flight, against the organisation's quota. */
export async function storageUsage(organisationId: string, db: Queryable = systemDb()): Promise<StorageUsage> {
  const [org] = await db.select({ quota: organisation.storageQuotaBytes }).from(organisation).where(eq(organisation.id, organisationId));
  if (!org) throw new StorageError("storage/object-not-found");
  const [used] = await db
    .select({ bytes: sql<string>`coalesce(sum(${media.size}), 0)` })
    .from(media)
    .where(eq(media.organisationId, organisationId));
  return { usedBytes: Number(used?.bytes ?? 0), quotaBytes: org.quota };
}

export interface NewUpload {
  id: string;
  organisationId: string;
  kind: MediaKind;
  contentType: string;
  size: number;
  durationMs?: number | null;
  metadata?: MediaMetadata;
}

/**
 * Records an upload before its first byte arrives. Quota is checked and the row inserted in one serializable
 * transaction, so two uploads started at once cannot both squeeze under the quota.
 */
export async function createUploadRecord(actor: MediaActor, input: NewUpload): Promise<MediaRow> {
  if (!mayUseOrganisation(actor, input.organisationId)) throw new StorageError("storage/unauthorized", { reason: "organisation" });
  const max = config().mediaMaxBytes[input.kind];
  if (input.size > max) throw new StorageError("storage/invalid-argument", { field: "size", reason: "too-large", maxBytes: max });
  return inTransaction(async (tx) => {
    const usage = await storageUsage(input.organisationId, tx);
    if (usage.usedBytes + input.size > usage.quotaBytes) {
      throw new StorageError("storage/quota-exceeded", { usedBytes: usage.usedBytes, quotaBytes: usage.quotaBytes });
    }
    const [row] = await tx
      .insert(media)
      .values({
        id: input.id,
        organisationId: input.organisationId,
        uploaderId: actor.id,
        objectKey: mediaObjectKey(input.organisationId, input.id),
        kind: input.kind,
        contentType: input.contentType,
        size: input.size,
        durationMs: input.durationMs ?? null,
        metadata: input.metadata ?? {},
      })
      .returning();
    return row;
  });
}

/** The medium if the actor may see it; otherwise storage/object-not-found (also for "does not exist"). */
export async function mediaForActor(actor: MediaActor, id: string): Promise<MediaRow> {
  const [row] = await systemDb()
    .select()
    .from(media)
    .where(and(eq(media.id, id), visibleMedia(actor)));
  if (!row) throw new StorageError("storage/object-not-found");
  return row;
}

/** For the download handler, after it verified a signed URL (the signature is the authorisation). */
export async function mediaById(id: string): Promise<MediaRow> {
  const [row] = await systemDb().select().from(media).where(eq(media.id, id));
  if (!row) throw new StorageError("storage/object-not-found");
  return row;
}

export async function listMedia(actor: MediaActor, options: { organisationId?: string; limit?: number } = {}): Promise<MediaRow[]> {
  const conditions = [visibleMedia(actor)];
  if (options.organisationId) conditions.push(eq(media.organisationId, options.organisationId));
  return systemDb()
    .select()
    .from(media)
    .where(and(...conditions))
    .orderBy(desc(media.createdAt))
    .limit(options.limit ?? 50);
}

/**
 * Moves a finished upload's bytes into the object store (streamed; the store counts size and SHA-256) and marks
 * the row complete. Called by the upload server only, with the row it already checked.
 */
export async function completeUpload(id: string, body: Readable, contentType: string): Promise<MediaRow> {
  const row = await mediaById(id);
  if (row.status === "complete") return row;
  const info = await objectStore().put(row.objectKey, body, {
    contentType,
    uploadedBy: row.uploaderId,
    organisationId: row.organisationId,
    metadata: { mediaId: row.id, kind: row.kind },
  });
  const [updated] = await systemDb()
    .update(media)
    .set({ status: "complete", contentType, size: info.size, sha256: info.sha256, completedAt: new Date() })
    .where(eq(media.id, id))
    .returning();
  return updated;
}

/** Unfinished uploads created before `before`: the upload server's sweep drops them. */
export async function unfinishedUploadIds(before: Date): Promise<string[]> {
  const rows = await systemDb()
    .select({ id: media.id })
    .from(media)
    .where(and(eq(media.status, "uploading"), lt(media.createdAt, before)));
  return rows.map((row) => row.id);
}

/** Forgets an upload that will not finish (refused at its first bytes, or abandoned); a finished medium stays. */
export async function dropUnfinishedUpload(id: string): Promise<void> {
  await systemDb().delete(media).where(and(eq(media.id, id), eq(media.status, "uploading")));
}

/** Forgets an upload that was cancelled (its staged bytes are the upload server's to remove). */
export async function deleteUploadRecord(actor: MediaActor, id: string): Promise<void> {
  const row = await mediaForActor(actor, id);
  if (row.status === "complete") throw new StorageError("storage/invalid-argument", { reason: "already-complete" });
  if (row.uploaderId !== actor.id && actor.role !== "admin") throw new StorageError("storage/unauthorized");
  await systemDb().delete(media).where(eq(media.id, id));
}

/** Stores a browser-made poster frame (video) or thumbnail (image) beside the medium. */
export async function storePreview(actor: MediaActor, id: string, variant: "poster" | "thumbnail", body: Buffer, contentType: string): Promise<MediaRow> {
  const row = await mediaForActor(actor, id);
  const key = mediaObjectKey(row.organisationId, row.id, variant);
  await objectStore().put(key, body, { contentType, uploadedBy: actor.id, organisationId: row.organisationId, metadata: { mediaId: row.id, variant } });
  const [updated] = await systemDb()
    .update(media)
    .set(variant === "poster" ? { posterKey: key } : { thumbnailKey: key })
    .where(eq(media.id, id))
    .returning();
  return updated;
}

export interface MediaView {
  id: string;
  organisationId: string;
  uploaderId: string;
  kind: string;
  contentType: string;
  size: number;
  sha256: string | null;
  durationMs: number | null;
  metadata: MediaMetadata;
  status: string;
  createdAt: string;
  completedAt: string | null;
  /** Signed, short-lived; null until there is something to fetch. */
  urls: { file: string | null; poster: string | null; thumbnail: string | null };
}

/** What the browser may know of a medium the actor may see, with freshly signed URLs. */
export function mediaView(row: MediaRow, now = Date.now()): MediaView {
  return {
    id: row.id,
    organisationId: row.organisationId,
    uploaderId: row.uploaderId,
    kind: row.kind,
    contentType: row.contentType,
    size: row.size,
    sha256: row.sha256,
    durationMs: row.durationMs,
    metadata: row.metadata,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    urls: {
      file: row.status === "complete" ? signMediaUrl(row.id, "file", { now }) : null,
      poster: row.posterKey ? signMediaUrl(row.id, "poster", { now }) : null,
      thumbnail: row.thumbnailKey ? signMediaUrl(row.id, "thumbnail", { now }) : null,
    },
  };
}
