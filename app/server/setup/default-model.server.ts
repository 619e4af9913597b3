/**
 * The shipped in-ear model (public/models/in-ear-synthetic), imported and made active when no version is active,
 * so a fresh installation can predict at once. Installation work, done by no actor: the first request that needs
 * the active model triggers it.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import { systemDb } from "../db/client.server";
import { modelVersion } from "../db/schema";
import { inTransaction } from "../db/transaction.server";
import { DEFAULT_MODEL_ID, modelFileKey } from "../ml/model-files.server";
import { objectStore } from "../storage/storage.server";

type ModelVersionRow = typeof modelVersion.$inferSelect;

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

