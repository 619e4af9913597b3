/**
 * Editing a dossier's content. The owner edits anamnesis, ear side and reasoning while it is a draft or returned;
 * the reviewing supervisor edits the review while it is in review. Every save names the version it was based on:
 * a save based on an older version is refused with `dossier/version-conflict` (nothing is silently overwritten).
 */
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { EAR_SIDES } from "~/domain/dossier/choices";
import { anamnesisSchema, reasoningSchema, reviewSchema } from "~/domain/dossier/content";
import { ownerMayEdit, type DossierStatus } from "~/domain/dossier/lifecycle";
import { AppError } from "~/domain/errors";
import type { Transaction } from "../db/client.server";
import { dossier } from "../db/schema";
import { inTransaction } from "../db/transaction.server";
import { type Actor, relationOf } from "./actor.server";
import { recordDossierEvent } from "./events.server";
import { type DossierRow, loadDossierFor } from "./load.server";
import { attachedMediaIds } from "./media.server";

export const draftPatchSchema = z
  .object({
    earSide: z.enum(EAR_SIDES).optional(),
    anamnesis: anamnesisSchema.optional(),
    reasoning: reasoningSchema.optional(),
  })
  .strict();

/** Writes an edit of a locked dossier row the actor may change: version check, the change, a new version, the event. */
async function applyEdit(
  tx: Transaction,
  actor: Actor,
  current: DossierRow,
  expectedVersion: number,
  changes: Partial<typeof dossier.$inferInsert>,
  sections: string[],
): Promise<{ version: number }> {
  if (current.version !== expectedVersion) throw new AppError("dossier/version-conflict", { version: current.version });
  const [row] = await tx
    .update(dossier)
    .set({ ...changes, version: sql`${dossier.version} + 1`, updatedAt: new Date() })
    .where(eq(dossier.id, current.id))
    .returning({ version: dossier.version });
  await recordDossierEvent(tx, current, actor.id, { kind: "edit", status: current.status, detail: { sections } });
  return { version: row.version };
}

function invalid(error: z.ZodError): AppError {
  return new AppError("invalid-argument", { issues: error.issues.map((i) => ({ path: i.path.join("."), message: i.message })) });
}

export async function saveDraft(actor: Actor, id: string, expectedVersion: number, raw: unknown): Promise<{ version: number }> {
  const parsed = draftPatchSchema.safeParse(raw);
  if (!parsed.success) throw invalid(parsed.error);
  const patch = parsed.data;
  return inTransaction(async (tx) => {
    const current = await loadDossierFor(tx, actor, id, { forUpdate: true });
    if (!relationOf(actor, current).isOwner) throw new AppError("not-found");
    if (!ownerMayEdit(current.status as DossierStatus)) throw new AppError("dossier/not-editable");
    return applyEdit(tx, actor, current, expectedVersion, patch, Object.keys(patch));
  });
}

export async function saveReview(actor: Actor, id: string, expectedVersion: number, raw: unknown): Promise<{ version: number }> {
  const parsed = reviewSchema.safeParse(raw);
  if (!parsed.success) throw invalid(parsed.error);
  return inTransaction(async (tx) => {
    const current = await loadDossierFor(tx, actor, id, { forUpdate: true });
    const relation = relationOf(actor, current);
    if (!relation.isOwner && !relation.isAssignedSupervisor) throw new AppError("not-found");
    if (current.status !== "in_review" || !relation.isReviewer) throw new AppError("dossier/not-editable");
    if (current.version !== expectedVersion) throw new AppError("dossier/version-conflict", { version: current.version });
    // Drawings may only annotate media of this dossier.
    const drawn = Object.keys(parsed.data.drawings ?? {});
    if (drawn.length > 0) {
      const attached = await attachedMediaIds(tx, id);
      if (drawn.some((mediaId) => !attached.has(mediaId))) throw new AppError("invalid-argument", { field: "drawings" });
    }
    return applyEdit(tx, actor, current, expectedVersion, { review: parsed.data }, ["review"]);
  });
}
