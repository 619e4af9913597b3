/**
 * The media HTTP API beside the tus uploads:
 * - GET  /api/media/:id                → the medium as JSON with fresh signed URLs (session; scoped per organisation)
 * - PUT  /api/media/:id/poster|thumbnail → a browser-made JPEG/PNG/WebP preview (app check; session; scoped)
 * - GET/HEAD /api/media/:id/file|poster|thumbnail?expires&signature → the bytes, with HTTP ranges (signed URL)
 * Refusals are the seed's storage codes as `{"code":"storage/…"}`. Guards, app check and body limits are the API
 * table's (app/domain/api-table.ts); record scoping is the media data layer's.
 */
import { pipeline } from "node:stream/promises";
import type { Request, Response } from "express";
import { z } from "zod";
import { MEDIA_PREVIEW_MAX_BYTES } from "~/domain/constants";
import { sniffMediaType } from "~/domain/media-types";
import { StorageError } from "~/domain/storage-errors";
import { objectStore } from "../storage/storage.server";
import { mediaForActor, mediaView, storePreview } from "./media.server";
import { signedMedium } from "../access/media-db.server";
import { recordMediaRead } from "../audit/media-reads.server";
import { parseRange } from "./range.server";
import { MEDIA_VARIANTS, type MediaVariant } from "./signed-url.server";
import { withActor, withoutActor } from "../api/api-endpoint.server";

async function download(req: Request, res: Response, id: string, variant: MediaVariant): Promise<void> {
  const row = await signedMedium(id, variant, req.query.expires, req.query.signature);
  const key = variant === "file" ? (row.status === "complete" ? row.objectKey : null) : variant === "poster" ? row.posterKey : row.thumbnailKey;
  if (!key) throw new StorageError("storage/object-not-found");
  // The original's size is in its row; a preview's facts come from the store, read once for both range and HEAD.
  const info = variant === "file" ? null : await objectStore().head(key);
  const size = info?.size ?? row.size;
  const range = parseRange(req.get("range"), size);
  if (range === "unsatisfiable") {
    res.status(416).set({ "Content-Range": `bytes */${size}`, "Accept-Ranges": "bytes", "Cache-Control": "no-store" }).end();
    return;
  }
  const headers: Record<string, string> = {
    "Accept-Ranges": "bytes",
    // Patient media: never stored by a cache (the URL also stops working when it expires); no-transform keeps
    // compression (and proxies) off the bytes.
    "Cache-Control": "no-store, no-transform",
    "Content-Disposition": "inline",
  };
  if (variant === "file" && row.sha256) headers.ETag = `"${row.sha256}"`;
  if (req.method === "HEAD") {
    res
      .status(range ? 206 : 200)
      .set(headers)
      .set({ "Content-Type": info?.contentType ?? row.contentType, "Content-Length": String(range ? range.end - range.start + 1 : size) })
      .set(range ? { "Content-Range": `bytes ${range.start}-${range.end}/${size}` } : {})
      .end();
    return;
  }
  const object = await objectStore().get(key, range ? { range } : {});
  res.status(range ? 206 : 200).set(headers);
  res.set({ "Content-Type": variant === "file" ? row.contentType : object.info.contentType, "Content-Length": String(object.contentLength) });
  if (object.range) res.set("Content-Range", `bytes ${object.range.start}-${object.range.end}/${object.info.size}`);
  try {
    await pipeline(object.body, res);
  } catch {
    // The player went away (seeking aborts the previous range request); nothing to answer.
    object.body.destroy();
  }
}

const mediumId = z.string().regex(/^[0-9a-f-]{36}$/);

/** GET /api/media/:id: the medium as JSON with fresh signed URLs; the read is audited. */
export const mediumEndpoint = withActor({
  params: z.object({ id: mediumId }),
  async handle({ req, res, actor, params }) {
    const row = await mediaForActor(actor, params.id);
    await recordMediaRead(actor, row, { requestId: String(req.id ?? ""), ipAddress: req.ip ?? null });
    res.json(mediaView(row));
  },
});

/** PUT /api/media/:id/poster|thumbnail: a browser-made preview image, sniffed, never trusted by its type header. */
export const mediumPreviewEndpoint = withActor<{ id: string; variant: "poster" | "thumbnail" }, Buffer>({
  params: z.object({ id: mediumId, variant: z.enum(["poster", "thumbnail"]) }),
  body: { kind: "bytes", maxBytes: MEDIA_PREVIEW_MAX_BYTES },
  async handle({ res, actor, params, body }) {
    const sniffed = sniffMediaType(body);
    if (!sniffed || sniffed.kind !== "image") throw new StorageError("storage/invalid-argument", { field: "type", reason: "type-not-allowed" });
    const row = await storePreview(actor, params.id, params.variant, body, sniffed.contentType);
    res.json(mediaView(row));
  },
});

/** GET/HEAD /api/media/:id/file|poster|thumbnail?expires&signature: the bytes, with ranges; the signature is the permission. */
export const mediumBytesEndpoint = withoutActor({
  params: z.object({ id: mediumId, variant: z.enum(MEDIA_VARIANTS) }),
  handle: ({ req, res, params }) => download(req, res, params.id, params.variant),
});
