/**
 * The media data layer: upload records, quota, completion, previews, and views with signed URLs. Every function
 * that reads or changes a medium takes the acting user and gets its database handle from the access layer
 * (app/server/access/media-db.server.ts) together with the check that allows it; a medium the actor may not see is
 * storage/object-not-found, exactly like one that does not exist. The sweep of abandoned uploads, which nobody
 * asks for, is a job (app/server/jobs/abandoned-uploads.server.ts).
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { ownerMayEdit, type DossierStatus } from "~/domain/dossier/lifecycle";
import { AppError } from "~/domain/errors";
import type { MediaKind } from "~/domain/media-types";
import { StorageError } from "~/domain/storage-errors";
import { config } from "../config.server";
import type { Queryable, Transaction } from "../db/client.server";
import { dossier, dossierMedium, media, organisation, type MediaMetadata } from "../db/schema";
import { inTransaction } from "../db/transaction.server";
import { objectStore } from "../storage/storage.server";
import { mediaLists, readableMedium, uploadOrganisationScope, uploadingInto } from "../access/media-db.server";
import type { Actor } from "~/domain/access/actor";
import { signMediaUrl, type MediaVariant } from "./signed-url.server";

export type MediaRow = typeof media.$inferSelect;

/** Where a medium's bytes live in the object store; every segment follows the seed's key rule. */
export function mediaObjectKey(organisationId: string, mediaId: string, variant: MediaVariant = "file"): string {
  return variant === "file" ? `org-${organisationId}/media/${mediaId}` : `org-${organisationId}/media/${mediaId}-${variant}`;
}

/** The organisation an upload goes to: a professional's own; a supervisor's or admin's must be named. */
export async function uploadOrganisation(actor: Actor, requested: string | null | undefined): Promise<string> {
  const organisationId = requested || (actor.role === "professional" ? actor.organisationId : null);
  if (!organisationId) throw new StorageError("storage/invalid-argument", { field: "organisationId", reason: "missing" });
  const [row] = await uploadingInto(actor, organisationId).select({ id: organisation.id, active: organisation.active }).from(organisation).where(eq(organisation.id, organisationId));
  if (!row || !row.active) throw new StorageError("storage/unauthorized", { reason: "organisation" });
  return row.id;
}

/** The organisations an actor may upload for, for a picker (admins: all active ones). */
export async function uploadOrganisations(actor: Actor): Promise<{ id: string; name: string }[]> {
  const { db, where } = uploadOrganisationScope(actor);
  return db
    .select({ id: organisation.id, name: organisation.name })
    .from(organisation)
    .where(and(where, eq(organisation.active, true)))
    .orderBy(asc(organisation.name));
}

export interface StorageUsage {
  usedBytes: number;
  quotaBytes: number;
}

/** Finished media plus the declared size of uploads in flight, against the organisation's quota. */
export async function storageUsage(organisationId: string, db: Queryable): Promise<StorageUsage> {
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
export async function createUploadRecord(actor: Actor, input: NewUpload): Promise<MediaRow> {
  uploadingInto(actor, input.organisationId);
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
export async function mediaForActor(actor: Actor, id: string): Promise<MediaRow> {
  return (await readableMedium(actor, id)).row;
}

/**
 * The latest media the actor may read, newest first, narrowed in the query: by organisation, by uploader, to
 * finished uploads, to one source ("recorder", "picker"), so a caller gets `limit` rows of its kind rather than
 * fewer out of everyone's latest.
 */
export async function listMedia(
  actor: Actor,
  options: { organisationId?: string; uploaderId?: string; complete?: boolean; source?: string; limit?: number } = {},
): Promise<MediaRow[]> {
  const { db, where } = mediaLists(actor);
  return db
    .select()
    .from(media)
    .where(
      where(
        options.organisationId ? eq(media.organisationId, options.organisationId) : undefined,
        options.uploaderId ? eq(media.uploaderId, options.uploaderId) : undefined,
        options.complete ? eq(media.status, "complete") : undefined,
        options.source ? sql`${media.metadata} ->> 'source' = ${options.source}` : undefined,
      ),
    )
    .orderBy(desc(media.createdAt))
    .limit(options.limit ?? 50);
}

/**
 * Moves a fully staged upload into the object store and marks it complete. `staged.file` is the staged file's path
 * (the disk store links it into place instead of copying it); `staged.digest`, when given, its size and SHA-256
 * computed by the upload server as the bytes arrived, which the disk store records instead of reading the file again.
 * `alsoInTransaction` runs in the same transaction as the mark (attaching it to the dossier the upload named):
 * both happen, or neither. Called by the upload server for the actor whose upload it is.
 */
export async function completeUpload(
  actor: Actor,
  id: string,
  staged: { file: string; digest?: { size: number; sha256: string } },
  contentType: string,
  alsoInTransaction?: (tx: Transaction, row: MediaRow) => Promise<void>,
): Promise<MediaRow> {
  const { row } = await readableMedium(actor, id);
  if (row.status === "complete") return row;
  const description = { contentType, uploadedBy: row.uploaderId, organisationId: row.organisationId, metadata: { mediaId: row.id, kind: row.kind } };
  const info = await objectStore().putFile(row.objectKey, staged.file, { ...description, digest: staged.digest });
  return inTransaction(async (tx) => {
    const [updated] = await tx
      .update(media)
      .set({ status: "complete", contentType, size: info.size, sha256: info.sha256, completedAt: new Date() })
      .where(and(eq(media.id, id), eq(media.status, "uploading")))
      .returning();
    // Another request finished it meanwhile (two instances answering one client): theirs stands.
    if (!updated) return (await tx.select().from(media).where(eq(media.id, id)))[0];
    await alsoInTransaction?.(tx, updated);
    return updated;
  });
}

/** Forgets an upload that was cancelled (its staged bytes are the upload server's to remove). */
export async function deleteUploadRecord(actor: Actor, id: string): Promise<void> {
  const { row, db } = await readableMedium(actor, id);
  if (row.status === "complete") throw new StorageError("storage/invalid-argument", { reason: "already-complete" });
  if (row.uploaderId !== actor.id && actor.role !== "admin") throw new StorageError("storage/unauthorized");
  await db.delete(media).where(eq(media.id, id));
}

/**
 * Stores a browser-made poster frame (video) or thumbnail (image) beside the medium. Only the uploader's browser
 * makes one; others who may see the medium (its supervisor, an administrator) may not replace what it shows. And
 * only while every dossier it is attached to is still the owner's to edit (draft or returned): a submitted
 * dossier's supervisor must see what was submitted. A medium attached to no dossier yet (just uploaded) takes one.
 *
 * Lock, check, write, as the transitions do. The medium's row is locked first: attaching it inserts a link whose
 * foreign key takes a key-share lock on that row, so an attach waits for this write or this write for the attach.
 * Then the dossiers it is attached to are locked for share, so no transition (which locks its dossier for update)
 * submits one between the check and the write; the bytes (at most MEDIA_PREVIEW_MAX_BYTES) are written while the
 * locks are held, since they replace the old preview in place. Read committed, so the check, made after waiting
 * for the lock, sees an attach that committed meanwhile; a serializable snapshot would predate the wait.
 */
export async function storePreview(actor: Actor, id: string, variant: "poster" | "thumbnail", body: Buffer, contentType: string): Promise<MediaRow> {
  const { row } = await readableMedium(actor, id);
  if (row.uploaderId !== actor.id) throw new StorageError("storage/unauthorized");
  const key = mediaObjectKey(row.organisationId, row.id, variant);
  return inTransaction(
    async (tx) => {
      await tx.select({ id: media.id }).from(media).where(eq(media.id, id)).for("update");
      const attachedTo = await tx
        .select({ status: dossier.status })
        .from(dossierMedium)
        .innerJoin(dossier, eq(dossier.id, dossierMedium.dossierId))
        .where(eq(dossierMedium.mediaId, id))
        .for("share", { of: dossier });
      if (attachedTo.some((d) => !ownerMayEdit(d.status as DossierStatus))) throw new AppError("dossier/not-editable");
      await objectStore().put(key, body, { contentType, uploadedBy: actor.id, organisationId: row.organisationId, metadata: { mediaId: row.id, variant } });
      const [updated] = await tx
        .update(media)
        .set(variant === "poster" ? { posterKey: key } : { thumbnailKey: key })
        .where(eq(media.id, id))
        .returning();
      return updated;
    },
    { isolationLevel: "read committed" },
  );
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
