/**
 * Stored model versions: files in the object store (`ml/models/<id>/model-json`, `…/weights-bin`), facts in
 * `model_version`. Exactly one version is active; when none exists, the shipped synthetic default model
 * (public/models/in-ear-synthetic) is imported and made active, so a fresh installation can predict at once.
 * File URLs carry the version id, which never changes its bytes, so browsers may cache them for ever.
 */
import { desc, eq, sql } from "drizzle-orm";
import { AppError } from "~/domain/errors";
import { modelFileUrl } from "~/ml/api-urls";
import { recordAudit } from "../audit/audit.server";
import { actingAs } from "../access/actor-db.server";
import { modelVersion } from "../db/schema";
import { inTransaction } from "../db/transaction.server";
import { ensureActiveModel } from "../setup/default-model.server";
import { objectStore } from "../storage/storage.server";
import type { Actor } from "~/domain/access/actor";
import { assertMlAdmin } from "./actor.server";
import { modelFileKey } from "./model-files.server";

/** A model.json and weights of the small CNN are ~200 KB; anything far larger is not ours. */
const MAX_WEIGHTS_BYTES = 20 * 1024 * 1024;

export type ModelVersionRow = typeof modelVersion.$inferSelect;

export { DEFAULT_MODEL_ID, modelFileKey } from "./model-files.server";
export { ensureActiveModel } from "../setup/default-model.server";

export async function listModelVersions(actor: Actor | null): Promise<ModelVersionRow[]> {
  const { db } = actingAs(actor, "model-data.manage");
  await ensureActiveModel();
  return db.select().from(modelVersion).orderBy(desc(modelVersion.createdAt));
}

export async function getModelVersion(actor: Actor | null, id: string): Promise<ModelVersionRow | null> {
  const { db } = actingAs(actor, "model.use");
  const [row] = await db.select().from(modelVersion).where(eq(modelVersion.id, id));
  return row ?? null;
}

export type NewModelVersion = {
  name: string;
  synthetic: boolean;
  metrics: Record<string, unknown>;
  datasetSize: number;
  modelJson: string;
  weights: Buffer;
};

/** Stores a trained model as a new, inactive version; files first, so a row never points at missing files. */
export async function createModelVersion(maybeAdmin: Actor | null, input: NewModelVersion): Promise<ModelVersionRow> {
  const { actor, db } = actingAs(maybeAdmin, "model-data.manage");
  const name = input.name.trim().slice(0, 120);
  if (!name) throw new AppError("invalid-argument", { field: "name" });
  if (input.weights.byteLength === 0 || input.weights.byteLength > MAX_WEIGHTS_BYTES) throw new AppError("invalid-argument", { field: "weights" });
  let parsed: { modelTopology?: unknown; weightsManifest?: unknown };
  try {
    parsed = JSON.parse(input.modelJson);
  } catch {
    throw new AppError("invalid-argument", { field: "modelJson" });
  }
  if (!parsed.modelTopology || !Array.isArray(parsed.weightsManifest)) throw new AppError("invalid-argument", { field: "modelJson" });
  const id = crypto.randomUUID();
  await objectStore().put(modelFileKey(id, "model.json"), Buffer.from(input.modelJson), { contentType: "application/json", uploadedBy: actor.id });
  await objectStore().put(modelFileKey(id, "weights.bin"), input.weights, { contentType: "application/octet-stream", uploadedBy: actor.id });
  const [row] = await db
    .insert(modelVersion)
    .values({
      id,
      name,
      synthetic: input.synthetic,
      active: false,
      metrics: input.metrics,
      datasetSize: input.datasetSize,
      weightsBytes: input.weights.byteLength,
      createdBy: actor.id,
    })
    .returning();
  return row;
}

/** Makes `id` the one active version, in one transaction (the partial unique index forbids two). */
export async function activateModelVersion(actor: Actor | null, id: string): Promise<void> {
  assertMlAdmin(actor);
  await inTransaction(async (tx) => {
    const [row] = await tx.select({ id: modelVersion.id }).from(modelVersion).where(eq(modelVersion.id, id));
    if (!row) throw new AppError("not-found");
    await tx.update(modelVersion).set({ active: false }).where(sql`${modelVersion.active} and ${modelVersion.id} <> ${id}`);
    await tx.update(modelVersion).set({ active: true }).where(eq(modelVersion.id, id));
    await recordAudit({ action: "ml.model-version.activate", actorId: actor.id, subjectType: "model_version", subjectId: id }, {}, tx);
  });
}

/** What a client needs to load the active model: its id, whether it is synthetic, and its immutable file URL. */
export async function activeModelDescriptor() {
  const row = await ensureActiveModel();
  return {
    id: row.id,
    name: row.name,
    synthetic: row.synthetic,
    accuracy: typeof row.metrics.accuracy === "number" ? row.metrics.accuracy : null,
    modelUrl: modelFileUrl(row.id, "model.json"),
  };
}
export type ActiveModel = Awaited<ReturnType<typeof activeModelDescriptor>>;
