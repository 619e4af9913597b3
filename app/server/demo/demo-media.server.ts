/**
 * Made-up media for demo dossiers and tests: a synthetic in-ear still (the in-ear model's scene generator, as
 * PNG) stored in the object store when one is installed, and its complete `media` row. Nothing here is a patient.
 */
import { mulberry32 } from "~/ml/synthetic/prng";
import { drawInEar } from "~/ml/synthetic/scenes";
import { systemDb, type Queryable } from "../db/client.server";
import { media } from "../db/schema";
import { mediaObjectKey } from "../media/media.server";
import { DEFAULT_MODEL_ID } from "../ml/model-files.server";
import { encodePng } from "../media/png.server";
import { objectStore } from "../storage/storage.server";

const SIZE = 256;

export async function insertDemoStill(
  owner: { id: string; organisationId: string },
  options: { seed?: number; db?: Queryable; storeBytes?: boolean; at?: Date } = {},
): Promise<string> {
  const id = crypto.randomUUID();
  const key = mediaObjectKey(owner.organisationId, id);
  const png = encodePng(drawInEar(mulberry32(options.seed ?? 1), SIZE).toRgbBytes(), SIZE, SIZE);
  let stored: { size: number; sha256: string } | null = null;
  if (options.storeBytes !== false) {
    const info = await objectStore().put(key, png, {
      contentType: "image/png",
      uploadedBy: owner.id,
      organisationId: owner.organisationId,
      metadata: { mediaId: id, kind: "image" },
    });
    stored = { size: info.size, sha256: info.sha256 };
  }
  await (options.db ?? systemDb()).insert(media).values({
    id,
    organisationId: owner.organisationId,
    uploaderId: owner.id,
    objectKey: key,
    kind: "image",
    contentType: "image/png",
    size: stored?.size ?? png.length,
    sha256: stored?.sha256 ?? null,
    // As the recorder stores them: the score the shipped model gave the still, and that model's version.
    metadata: { fileName: "demo-in-ear.png", width: SIZE, height: SIZE, source: "demo", inEarScore: Math.round(700 + 290 * mulberry32((options.seed ?? 1) + 7)()) / 1000, modelVersion: DEFAULT_MODEL_ID },
    status: "complete",
    // A demo dossier's still is as old as the dossier says (`at`); any other is made now.
    ...(options.at ? { createdAt: options.at } : {}),
    completedAt: options.at ?? new Date(),
  });
  return id;
}
