/**
 * A supervisor's judgement of one frame of a dossier's medium, and the labelled image it gives the in-ear model's
 * dataset (issue 14 point 5, decision 075). Lock, check, write in one transaction, as the transitions: the dossier
 * row is locked, the permission table's `frame.judge` decides (the reviewing supervisor, during and after the
 * review), the medium must be attached to the dossier, and the judgement, its labelled image and the audit row
 * are written together. The frame's JPEG and 64×64 thumbnail are made by the reviewer's browser from the picture
 * on screen, as the dataset's other frames are.
 */
import { and, asc, eq } from "drizzle-orm";
import { can } from "~/domain/access/permissions";
import { AppError } from "~/domain/errors";
import { datasetLabelOf, type FrameJudgement, MAX_FRAME_MS } from "~/domain/frame-judgements";
import { recordAudit } from "../audit/audit.server";
import { dossierReadScope } from "../access/dossier-scope.server";
import { inTransaction } from "../db/transaction.server";
import type { Transaction } from "../db/client.server";
import { dossier, dossierMedium, frameJudgement, labelledImage, media, user } from "../db/schema";
import { imageKey, isJpeg, MAX_IMAGE_BYTES, MAX_THUMB_BYTES } from "../ml/labelled-images.server";
import { objectStore } from "../storage/storage.server";
import { type Actor, relationOf } from "./actor.server";
import { isRowId } from "~/domain/row-id";
import { loadDossierFor } from "./load.server";

export interface FrameJudgementInput {
  mediaId: string;
  /** The video frame's time; ignored (0) for a still. */
  frameMs: number;
  /** "none" withdraws the judgement of this frame. */
  judgement: FrameJudgement | "none";
  /** The frame as the reviewer saw it: needed the first time a frame goes into the dataset. */
  frame?: { image: Buffer; thumbnail: Buffer; width: number; height: number };
}

export interface FrameJudgementView {
  id: string;
  mediaId: string;
  frameMs: number;
  judgement: FrameJudgement;
  /** The model version and its in-ear score (0–1) the recorder stored for the medium, when it stored them. */
  modelVersion: string | null;
  inEarScore: number | null;
  judgedBy: string | null;
  judgedAt: string;
  /** Whether the frame is in the dataset (in the ear / not in the ear; an administrator may have removed it). */
  inDataset: boolean;
}

function checkFrame(frame: NonNullable<FrameJudgementInput["frame"]>): void {
  if (!frame.image.byteLength || frame.image.byteLength > MAX_IMAGE_BYTES || !isJpeg(frame.image)) throw new AppError("invalid-argument", { field: "image" });
  if (!frame.thumbnail.byteLength || frame.thumbnail.byteLength > MAX_THUMB_BYTES || !isJpeg(frame.thumbnail)) throw new AppError("invalid-argument", { field: "thumbnail" });
  if (!(frame.width > 0 && frame.height > 0 && frame.width <= 10_000 && frame.height <= 10_000)) throw new AppError("invalid-argument", { field: "width" });
}

/** Removes the files of labelled images whose rows are gone: call it after the commit that removed them. */
export const removeImageFiles = async (ids: readonly string[]) => {
  // The rows are the truth; a file left behind by a failed delete is unreachable garbage.
  for (const id of ids) for (const file of ["image.jpg", "thumb.jpg"] as const) await objectStore().delete(imageKey(id, file)).catch(() => undefined);
};

/**
 * The owner took a medium out of the dossier (only while it is theirs to edit again, e.g. returned after a review
 * that judged it): its judgements in this dossier go, and with them their labelled images, audited as withdrawn
 * on the owner's behalf. Nobody could see or withdraw them any more — the review page shows the dossier's media —
 * and what the dataset holds of a dossier should be what the dossier holds. Runs in the caller's transaction,
 * which has locked the dossier; returns the labelled images whose files the caller removes after the commit.
 */
export async function dropJudgementsOfDetachedMedium(
  tx: Transaction,
  actor: Actor,
  current: { id: string; organisationId: string },
  mediaId: string,
): Promise<string[]> {
  const [stillAttached] = await tx
    .select({ id: dossierMedium.id })
    .from(dossierMedium)
    .where(and(eq(dossierMedium.dossierId, current.id), eq(dossierMedium.mediaId, mediaId)))
    .limit(1);
  if (stillAttached) return [];
  const ofMedium = and(eq(frameJudgement.dossierId, current.id), eq(frameJudgement.mediaId, mediaId));
  // Read before the delete: the labelled images' rows go with their judgements (the foreign key cascades).
  const images = await tx.select({ id: labelledImage.id }).from(labelledImage).innerJoin(frameJudgement, eq(frameJudgement.id, labelledImage.judgementId)).where(ofMedium);
  const gone = await tx
    .delete(frameJudgement)
    .where(ofMedium)
    .returning({ frameMs: frameJudgement.frameMs, judgement: frameJudgement.judgement });
  for (const j of gone) {
    await recordAudit(
      {
        action: "dossier.frame-judgement",
        actorId: actor.id,
        subjectType: "dossier",
        subjectId: current.id,
        organisationId: current.organisationId,
        before: { mediaId, frameMs: j.frameMs, judgement: j.judgement },
        after: { mediaId, frameMs: j.frameMs, judgement: null, reason: "medium-removed" },
      },
      {},
      tx,
    );
  }
  return images.map((i) => i.id);
}

/** Judges (or with "none" withdraws the judgement of) one frame; the judgement as now stored, or null when withdrawn. */
export async function judgeFrame(actor: Actor, dossierId: string, input: FrameJudgementInput): Promise<FrameJudgementView | null> {
  if (!isRowId(input.mediaId)) throw new AppError("not-found");
  if (!Number.isInteger(input.frameMs) || input.frameMs < 0 || input.frameMs > MAX_FRAME_MS) throw new AppError("invalid-argument", { field: "frameMs" });
  if (input.frame) checkFrame(input.frame);
  const label = input.judgement === "none" ? null : datasetLabelOf(input.judgement);
  const written: string[] = [];
  const removed: string[] = [];
  try {
    const view = await inTransaction(async (tx) => {
      removed.length = 0;
      // A retried attempt (serialization failure): the files the failed one wrote belong to no row.
      if (written.length) await removeImageFiles(written.splice(0));
      const current = await loadDossierFor(tx, actor, dossierId, { forUpdate: true });
      if (!can(actor, "frame.judge", { ...current, reviewerId: current.reviewerId ?? null })) {
        throw new AppError(relationOf(actor, current).isReviewer ? "dossier/not-editable" : "not-found");
      }
      const [medium] = await tx
        .select({ kind: media.kind, metadata: media.metadata, durationMs: media.durationMs })
        .from(dossierMedium)
        .innerJoin(media, eq(media.id, dossierMedium.mediaId))
        .where(and(eq(dossierMedium.dossierId, dossierId), eq(dossierMedium.mediaId, input.mediaId), eq(media.status, "complete")))
        .limit(1);
      if (!medium) throw new AppError("not-found");
      const frameMs = medium.kind === "video" ? input.frameMs : 0;
      if (medium.durationMs !== null && frameMs > medium.durationMs + 1_000) throw new AppError("invalid-argument", { field: "frameMs" });

      const where = and(eq(frameJudgement.dossierId, dossierId), eq(frameJudgement.mediaId, input.mediaId), eq(frameJudgement.frameMs, frameMs));
      const [before] = await tx.select().from(frameJudgement).where(where);
      const [image] = before ? await tx.select({ id: labelledImage.id }).from(labelledImage).where(eq(labelledImage.judgementId, before.id)) : [];
      const audit = (after: unknown) =>
        recordAudit(
          {
            action: "dossier.frame-judgement",
            actorId: actor.id,
            subjectType: "dossier",
            subjectId: dossierId,
            organisationId: current.organisationId,
            before: before ? { mediaId: before.mediaId, frameMs, judgement: before.judgement } : null,
            after,
          },
          {},
          tx,
        );

      if (input.judgement === "none") {
        if (!before) return null;
        // Its labelled image goes with it (the foreign key cascades); the files after the commit.
        await tx.delete(frameJudgement).where(eq(frameJudgement.id, before.id));
        if (image) removed.push(image.id);
        await audit(null);
        return null;
      }

      const modelVersion = typeof medium.metadata.modelVersion === "string" ? medium.metadata.modelVersion : null;
      const inEarScore = typeof medium.metadata.inEarScore === "number" ? medium.metadata.inEarScore : null;
      const now = new Date();
      const id = before?.id ?? crypto.randomUUID();
      const [row] = before
        ? await tx.update(frameJudgement).set({ judgement: input.judgement, judgedBy: actor.id, updatedAt: now }).where(eq(frameJudgement.id, id)).returning()
        : await tx
            .insert(frameJudgement)
            .values({ id, dossierId, mediaId: input.mediaId, frameMs, judgement: input.judgement, modelVersion, inEarScore, judgedBy: actor.id, createdAt: now, updatedAt: now })
            .returning();

      let inDataset = false;
      if (label === null) {
        if (image) {
          await tx.delete(labelledImage).where(eq(labelledImage.id, image.id));
          removed.push(image.id);
        }
      } else if (image) {
        await tx.update(labelledImage).set({ label, labelledBy: actor.id }).where(eq(labelledImage.id, image.id));
        inDataset = true;
      } else {
        if (!input.frame) throw new AppError("invalid-argument", { field: "image" });
        const imageId = crypto.randomUUID();
        written.push(imageId);
        await objectStore().put(imageKey(imageId, "image.jpg"), input.frame.image, { contentType: "image/jpeg", uploadedBy: actor.id });
        await objectStore().put(imageKey(imageId, "thumb.jpg"), input.frame.thumbnail, { contentType: "image/jpeg", uploadedBy: actor.id });
        await tx.insert(labelledImage).values({
          id: imageId,
          label,
          source: "review",
          videoId: null,
          timestampMs: medium.kind === "video" ? frameMs : null,
          width: Math.round(input.frame.width),
          height: Math.round(input.frame.height),
          labelledBy: actor.id,
          judgementId: id,
        });
        inDataset = true;
      }
      await audit({ mediaId: input.mediaId, frameMs, judgement: input.judgement, modelVersion });
      return {
        id: row.id,
        mediaId: row.mediaId,
        frameMs: row.frameMs,
        judgement: row.judgement as FrameJudgement,
        modelVersion: row.modelVersion,
        inEarScore: row.inEarScore,
        judgedBy: null,
        judgedAt: row.updatedAt.toISOString(),
        inDataset,
      } satisfies FrameJudgementView;
    });
    await removeImageFiles(removed);
    return view;
  } catch (error) {
    // Files of an image whose row never committed.
    await removeImageFiles(written);
    throw error;
  }
}

/** The frame judgements of a dossier the actor may read (404 otherwise), in media and frame order, with the judges' names. */
export async function frameJudgementsOf(actor: Actor, dossierId: string): Promise<FrameJudgementView[]> {
  if (!isRowId(dossierId)) throw new AppError("not-found");
  const { db, visible } = dossierReadScope(actor);
  const [readable] = await db.select({ id: dossier.id }).from(dossier).where(and(eq(dossier.id, dossierId), visible));
  if (!readable) throw new AppError("not-found");
  const rows = await db
    .select({ j: frameJudgement, judge: user.name, image: labelledImage.id })
    .from(frameJudgement)
    .leftJoin(user, eq(user.id, frameJudgement.judgedBy))
    .leftJoin(labelledImage, eq(labelledImage.judgementId, frameJudgement.id))
    .where(eq(frameJudgement.dossierId, dossierId))
    .orderBy(asc(frameJudgement.mediaId), asc(frameJudgement.frameMs));
  return rows.map(({ j, judge, image }) => ({
    id: j.id,
    mediaId: j.mediaId,
    frameMs: j.frameMs,
    judgement: j.judgement as FrameJudgement,
    modelVersion: j.modelVersion,
    inEarScore: j.inEarScore,
    judgedBy: judge ?? null,
    judgedAt: j.updatedAt.toISOString(),
    inDataset: image !== null,
  }));
}
