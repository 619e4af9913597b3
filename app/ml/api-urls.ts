/**
 * Addresses of the in-ear model's files, as app/server/ml/ml-http.server.ts serves them: built here once for the
 * server (descriptors, page data) and the browser (loading a version, reading thumbnails). No TensorFlow.js and no
 * server import, so any module may use it.
 */
import { apiPath } from "~/domain/api-table";

export const MODEL_FILES = ["model.json", "weights.bin"] as const;
export type ModelFile = (typeof MODEL_FILES)[number];
export type ImageFile = "image.jpg" | "thumb.jpg";

/** A version's file; immutable, because a version's bytes never change. */
export function modelFileUrl(id: string, file: ModelFile): string {
  return apiPath("modelFile", { id, file });
}

/** A labelled image or its 64×64 thumbnail (the model's input). */
export function labelledImageUrl(id: string, file: ImageFile): string {
  return apiPath("labelledImage", { id, file });
}
