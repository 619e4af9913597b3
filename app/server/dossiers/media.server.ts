/**
 * A dossier's media: attaching a finished upload to an ear of a draft, removing it again, and the media with
 * freshly signed URLs for everyone who may read the dossier (decision 035). Scoping is the dossier's: the owner
 * changes media while the dossier is a draft or returned; a medium must be the owner's own upload in the
 * dossier's organisation; anything else is `not-found` (404), like a dossier the actor may not read.
 *
 * Attaching does not raise the dossier's `version`: it adds a row and overwrites nothing, so an open autosave
 * of the anamnesis or reasoning is not turned into a version conflict by a finishing upload.
 */
import { and, asc, eq } from "drizzle-orm";
import { type Ear, type EarSide, earsOf } from "~/domain/dossier/choices";
import { ownerMayEdit, type DossierStatus } from "~/domain/dossier/lifecycle";
import { AppError } from "~/domain/errors";
import type { Queryable } from "../db/client.server";
import { dossierDb } from "../access/dossier-db.server";
import { dossierMedium, media } from "../db/schema";
import type { Transaction } from "../db/client.server";
import { inTransaction } from "../db/transaction.server";
import { mediaView, type MediaView } from "../media/media.server";
import { type Actor, relationOf } from "./actor.server";
import { viewedDossier } from "./dossier-views.server";
import { recordDossierEvent } from "./events.server";
import { dropJudgementsOfDetachedMedium, removeImageFiles } from "./frame-judgements.server";
import { isRowId } from "~/domain/row-id";
import { type DossierRow, loadDossierFor } from "./load.server";

export interface DossierMediumView {
  id: string;
  mediaId: string;
  ear: string;
  createdAt: string;
  /** null when the stored medium cannot be shown (not complete). */
  media: MediaView | null;
}

/** The rule for adding a medium to a dossier's ear: the owner's own dossier, while they may edit it, an ear it has. */
function assertMayAttach(actor: Actor, current: DossierRow, ear: string): void {
  if (!relationOf(actor, current).isOwner) throw new AppError("not-found");
  if (!ownerMayEdit(current.status as DossierStatus)) throw new AppError("dossier/not-editable");
  if (!(earsOf(current.earSide as EarSide) as readonly string[]).includes(ear)) throw new AppError("invalid-argument", { field: "ear" });
}

/**
 * Checked when an upload that names its dossier and ear starts (tus metadata): the same rule as attaching, so an
 * upload that could never land is refused before its bytes are sent.
 */
export async function assertUploadMayAttach(actor: Actor, dossierId: string, ear: string): Promise<void> {
  await inTransaction(async (tx) => assertMayAttach(actor, await loadDossierFor(tx, actor, dossierId), ear));
}

/**
 * Attaches a finished upload inside the transaction that marks it complete (upload-server.server.ts), so an upload
 * resumed days later, from the offline queue, on any instance, still lands in its dossier. The rule is checked
 * again: a dossier submitted meanwhile keeps the medium out (false), and the upload still completes.
 */
export async function attachUploadInTransaction(tx: Transaction, actor: Actor, dossierId: string, mediaId: string, ear: string): Promise<boolean> {
  const current = await loadDossierFor(tx, actor, dossierId, { forUpdate: true }).catch(() => null);
  if (!current) return false;
  try {
    assertMayAttach(actor, current, ear);
  } catch {
    return false;
  }
  await insertMedium(tx, actor, current, mediaId, ear as Ear);
  return true;
}

async function insertMedium(tx: Transaction, actor: Actor, current: DossierRow, mediaId: string, ear: Ear): Promise<{ id: string }> {
  const [existing] = await tx
    .select({ id: dossierMedium.id })
    .from(dossierMedium)
    .where(and(eq(dossierMedium.dossierId, current.id), eq(dossierMedium.mediaId, mediaId)));
  if (existing) return existing;
  const [made] = await tx.insert(dossierMedium).values({ dossierId: current.id, mediaId, ear }).returning({ id: dossierMedium.id });
  await recordDossierEvent(tx, current, actor.id, { kind: "edit", status: current.status, detail: { sections: ["media"], attached: ear } });
  return made;
}

export async function attachMedium(actor: Actor, dossierId: string, input: { mediaId: string; ear: string }): Promise<{ id: string }> {
  return inTransaction(async (tx) => {
    const current = await loadDossierFor(tx, actor, dossierId, { forUpdate: true });
    assertMayAttach(actor, current, input.ear);
    if (!isRowId(input.mediaId)) throw new AppError("not-found");
    // The medium must be this professional's own finished upload in the dossier's organisation.
    const [row] = await tx
      .select({ id: media.id })
      .from(media)
      .where(
        and(
          eq(media.id, input.mediaId),
          eq(media.organisationId, current.organisationId),
          eq(media.uploaderId, actor.id),
          eq(media.status, "complete"),
        ),
      );
    if (!row) throw new AppError("not-found");
    return insertMedium(tx, actor, current, input.mediaId, input.ear as Ear);
  });
}

/**
 * Removes a medium from a draft or returned dossier (the stored medium stays; it may be attached again), and the
 * frame judgements its review made of it, with their labelled images (decision 075).
 */
export async function detachMedium(actor: Actor, dossierId: string, dossierMediumId: string): Promise<void> {
  const imagesGone = await inTransaction(async (tx) => {
    const current = await loadDossierFor(tx, actor, dossierId, { forUpdate: true });
    if (!relationOf(actor, current).isOwner) throw new AppError("not-found");
    if (!ownerMayEdit(current.status as DossierStatus)) throw new AppError("dossier/not-editable");
    if (!isRowId(dossierMediumId)) throw new AppError("not-found");
    const removed = await tx
      .delete(dossierMedium)
      .where(and(eq(dossierMedium.id, dossierMediumId), eq(dossierMedium.dossierId, dossierId)))
      .returning({ ear: dossierMedium.ear, mediaId: dossierMedium.mediaId });
    if (removed.length === 0) throw new AppError("not-found");
    await recordDossierEvent(tx, current, actor.id, {
      kind: "edit",
      status: current.status,
      detail: { sections: ["media"], detached: removed[0].ear },
    });
    // A returned dossier's medium may have been judged in its review (decision 075): the judgements go with it.
    return dropJudgementsOfDetachedMedium(tx, actor, current, removed[0].mediaId);
  });
  await removeImageFiles(imagesGone);
}

/**
 * The dossier's media with signed URLs, for anyone who may read the dossier (the same rule as reading it; 404
 * otherwise). Only media of the dossier's own organisation are signed, whatever a row points at. Handing out the
 * URLs is a read of the dossier's media, so it is logged as a view of the dossier like opening it (once per user
 * and window: the review page's refresh within the window of its own view writes nothing).
 */
export async function dossierMediaViews(actor: Actor, dossierId: string, now = Date.now()): Promise<DossierMediumView[]> {
  const { row } = await viewedDossier(actor, dossierId);
  return mediaViewsOf(dossierDb(actor, row), row, now);
}

/** The media views of a dossier row the caller has already loaded for the actor (so access is checked). */
export async function mediaViewsOf(db: Queryable, readable: Pick<DossierRow, "id" | "organisationId">, now = Date.now()): Promise<DossierMediumView[]> {
  const rows = await db
    .select({ link: dossierMedium, medium: media })
    .from(dossierMedium)
    .innerJoin(media, eq(media.id, dossierMedium.mediaId))
    .where(and(eq(dossierMedium.dossierId, readable.id), eq(media.organisationId, readable.organisationId)))
    .orderBy(asc(dossierMedium.createdAt));
  return rows.map(({ link, medium }) => ({
    id: link.id,
    mediaId: link.mediaId,
    ear: link.ear,
    createdAt: link.createdAt.toISOString(),
    media: medium.status === "complete" ? mediaView(medium, now) : null,
  }));
}

/** The ids of the media attached to a dossier (a review's drawings may only name these). */
export async function attachedMediaIds(db: Queryable, dossierId: string): Promise<Set<string>> {
  const rows = await db.select({ mediaId: dossierMedium.mediaId }).from(dossierMedium).where(eq(dossierMedium.dossierId, dossierId));
  return new Set(rows.map((r) => r.mediaId));
}
