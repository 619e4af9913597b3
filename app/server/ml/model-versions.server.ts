/**
 * Stored model versions: files in the object store (`ml/models/<id>/model-json`, `…/weights-bin`), facts in
 * `model_version`. Exactly one version is active; when none exists, the shipped synthetic default model
 * (public/models/in-ear-synthetic) is imported and made active, so a fresh installation can predict at once.
 * File URLs carry the version id, which never changes its bytes, so browsers may cache them for ever.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { desc, eq, sql } from "drizzle-orm";
import { AppError } from "~/domain/errors";
import { modelFileUrl, type ModelFile } from "~/ml/api-urls";
import { recordAudit } from "../audit/audit.server";
import { systemDb } from "../db/client.server";
import { modelVersion } from "../db/schema";
import { inTransaction } from "../db/transaction.server";
import { objectStore } from "../storage/storage.server";
import { assertMlAdmin, type MlActor } from "./actor.server";

export const DEFAULT_MODEL_ID = "in-ear-synthetic";
/** A model.json and weights of the small CNN are ~200 KB; anything far larger is not ours. */
const MAX_WEIGHTS_BYTES = 20 * 1024 * 1024;

export type ModelVersionRow = typeof modelVersion.$inferSelect;

/** Object keys may not contain "." (the seed's key rule), so the file's name becomes "model-json" etc. */
export function modelFileKey(id: string, file: ModelFile): string {
  return `ml/models/${id}/${file.replace(".", "-")}`;
}

function shippedModelDir(): string {
  // Source and tests: <repo>/public/…; production bundle: build/client/… beside build/server.
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    for (const candidate of [path.join(dir, "public", "models", DEFAULT_MODEL_ID), path.join(dir, "client", "models", DEFAULT_MODEL_ID)]) {
      if (fs.existsSync(path.join(candidate, "metrics.json"))) return candidate;
    }
    if (path.dirname(dir) === dir) throw new Error("The shipped default model (public/models/in-ear-synthetic) was not found.");
  }
}

/** Imports the shipped synthetic model as the active version when no version is active. Idempotent. */
export async function ensureActiveModel(): Promise<ModelVersionRow> {
  const db = systemDb();
  const [active] = await db.select().from(modelVersion).where(eq(modelVersion.active, true));
  if (active) return active;
  const dir = shippedModelDir();
  const metrics = JSON.parse(fs.readFileSync(path.join(dir, "metrics.json"), "utf8")) as Record<string, unknown>;
  const weights = fs.readFileSync(path.join(dir, "weights.bin"));
  await objectStore().put(modelFileKey(DEFAULT_MODEL_ID, "model.json"), fs.readFileSync(path.join(dir, "model.json")), { contentType: "application/json" });
  await objectStore().put(modelFileKey(DEFAULT_MODEL_ID, "weights.bin"), weights, { contentType: "application/octet-stream" });
  const training = (metrics.training ?? {}) as { datasetSize?: number };
  return inTransaction(async (tx) => {
    const [again] = await tx.select().from(modelVersion).where(eq(modelVersion.active, true));
    if (again) return again;
    const [existing] = await tx.select().from(modelVersion).where(eq(modelVersion.id, DEFAULT_MODEL_ID));
    if (existing) {
      const [row] = await tx.update(modelVersion).set({ active: true }).where(eq(modelVersion.id, DEFAULT_MODEL_ID)).returning();
      return row;
    }
    const [row] = await tx
      .insert(modelVersion)
      .values({
        id: DEFAULT_MODEL_ID,
        name: String(metrics.name ?? DEFAULT_MODEL_ID),
        synthetic: true,
        active: true,
        metrics,
        datasetSize: training.datasetSize ?? 0,
        weightsBytes: weights.byteLength,
        createdBy: null,
      })
      .returning();
    return row;
  });
}

export async function listModelVersions(actor: MlActor | null): Promise<ModelVersionRow[]> {
  assertMlAdmin(actor);
  await ensureActiveModel();
  return systemDb().select().from(modelVersion).orderBy(desc(modelVersion.createdAt));
}

export async function getModelVersion(id: string): Promise<ModelVersionRow | null> {
  const [row] = await systemDb().select().from(modelVersion).where(eq(modelVersion.id, id));
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
export async function createModelVersion(actor: MlActor | null, input: NewModelVersion): Promise<ModelVersionRow> {
  assertMlAdmin(actor);
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
  const [row] = await systemDb()
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
export async function activateModelVersion(actor: MlActor | null, id: string): Promise<void> {
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
