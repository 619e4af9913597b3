/**
 * The media HTTP API beside the tus uploads:
 * - GET  /api/media/:id                → the medium as JSON with fresh signed URLs (session; scoped per organisation)
 * - PUT  /api/media/:id/poster|thumbnail → a browser-made JPEG/PNG/WebP preview (app check; session; scoped)
 * - GET/HEAD /api/media/:id/file|poster|thumbnail?expires&signature → the bytes, with HTTP ranges (signed URL)
 * Refusals are the seed's storage codes as `{"code":"storage/…"}`.
 */
import { pipeline } from "node:stream/promises";
import express, { type Request, type Response, type Router } from "express";
import { MEDIA_PREVIEW_MAX_BYTES } from "~/domain/constants";
import { sniffMediaType } from "~/domain/media-types";
import { StorageError } from "~/domain/storage-errors";
import { requestActor } from "../access/request-actor.server";
import { objectStore } from "../storage/storage.server";
import { requireAppCheck } from "./app-check.server";
import { mediaById, mediaForActor, mediaView, storePreview } from "./media.server";
import { recordMediaRead } from "../audit/media-reads.server";
import { parseRange } from "./range.server";
import { MEDIA_VARIANTS, verifyMediaSignature, type MediaVariant } from "./signed-url.server";
import { sendApiError } from "../http/api-error.server";

async function actor(req: Request) {
  const user = await requestActor(req);
  if (!user) throw new StorageError("storage/unauthenticated");
  return user;
}

function isVariant(value: string): value is MediaVariant {
  return (MEDIA_VARIANTS as readonly string[]).includes(value);
}

async function download(req: Request, res: Response, id: string, variant: MediaVariant): Promise<void> {
  const problem = verifyMediaSignature(id, variant, req.query.expires, req.query.signature);
  if (problem) throw new StorageError(problem === "expired" ? "storage/unauthorized" : "storage/invalid-url", { reason: problem });
  const row = await mediaById(id);
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

export function mediaApi(): Router {
  const router = express.Router();

  router.get("/api/media/:id", async (req, res) => {
    try {
      const reader = await actor(req);
      const row = await mediaForActor(reader, req.params.id);
      await recordMediaRead(reader, row, { requestId: String(req.id ?? ""), ipAddress: req.ip ?? null });
      res.set("Cache-Control", "no-store").json(mediaView(row));
    } catch (error) {
      sendApiError(req, res, error);
    }
  });

  // Who is asking is checked before a byte of the body is read; a body over the limit is refused in the seed's terms.
  const previewBody = express.raw({ type: () => true, limit: MEDIA_PREVIEW_MAX_BYTES });
  router.put(
    "/api/media/:id/:variant",
    async (req, res, next) => {
      try {
        if (req.params.variant !== "poster" && req.params.variant !== "thumbnail") throw new StorageError("storage/invalid-url");
        requireAppCheck(req);
        res.locals.previewUser = await actor(req);
      } catch (error) {
        return sendApiError(req, res, error);
      }
      previewBody(req, res, (error?: unknown) => {
        if (!error) return next();
        const tooLarge = (error as { type?: string }).type === "entity.too.large";
        sendApiError(req, res, new StorageError("storage/invalid-argument", tooLarge ? { field: "size", reason: "too-large", maxBytes: MEDIA_PREVIEW_MAX_BYTES } : { reason: "unreadable" }));
      });
    },
    async (req, res) => {
      try {
        const variant = req.params.variant as "poster" | "thumbnail";
        const user = res.locals.previewUser as Awaited<ReturnType<typeof actor>>;
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const sniffed = sniffMediaType(body);
        if (!sniffed || sniffed.kind !== "image") throw new StorageError("storage/invalid-argument", { field: "type", reason: "type-not-allowed" });
        const row = await storePreview(user, req.params.id, variant, body, sniffed.contentType);
        res.set("Cache-Control", "no-store").json(mediaView(row));
      } catch (error) {
        sendApiError(req, res, error);
      }
    },
  );

  const serve = async (req: Request<{ id: string; variant: string }>, res: Response) => {
    try {
      if (!isVariant(req.params.variant)) throw new StorageError("storage/invalid-url");
      await download(req, res, req.params.id, req.params.variant);
    } catch (error) {
      sendApiError(req, res, error);
    }
  };
  router.get("/api/media/:id/:variant", serve);
  router.head("/api/media/:id/:variant", serve);
  return router;
}
