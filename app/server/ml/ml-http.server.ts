/**
 * The in-ear model's binary endpoints, beside React Router (which serves the pages and their forms):
 *
 *   GET /api/ml/models/active            the active version's descriptor (any signed-in user; no-cache)
 *   GET /api/ml/models/:id/:file         model.json / weights.bin (any signed-in user; immutable per version id)
 *   GET /api/ml/dataset                  ids and labels of the labelled set, for training/evaluation (admin)
 *   GET /api/ml/images/:id/:file         image.jpg / thumb.jpg of a labelled image (admin; immutable)
 *   GET /api/ml/videos/:id               a test video, with HTTP ranges for seeking (admin)
 *   GET /api/ml/export.zip               the labelled set as a zip, streamed (admin)
 *   POST /api/ml/images                  save a labelled frame: JSON with base64 JPEG and thumbnail (admin)
 *   POST /api/ml/models                  save a trained model as a new version: JSON with base64 weights (admin)
 *
 * The two POSTs take JSON rather than forms because the labelling page saves many frames in parallel while a
 * video plays; React Router's fetchers cancel each other. server/app.ts mounts this after the same-origin check.
 *
 * Each request is authorised by its session, like the pages; refusals answer 404 to non-admins.
 */
import express, { Router, type Request, type RequestHandler, type Response } from "express";
import yazl from "yazl";
import { AppError } from "~/domain/errors";
import { MODEL_FILES, type ImageFile, type ModelFile } from "~/ml/api-urls";
import { requestActor } from "../access/request-actor.server";
import type { SessionUser } from "../auth/session.server";
import { sendApiError } from "../http/api-error.server";
import { parseRange } from "../media/range.server";
import { objectStore } from "../storage/storage.server";
import {
  datasetIndex,
  saveLabelledImage,
  imageFilters,
  imageKey,
  isImageSource,
  labelledImagesInBatches,
  parseLabel,
  type ImageFilters,
} from "./labelled-images.server";
import { activeModelDescriptor, createModelVersion, getModelVersion, modelFileKey } from "./model-versions.server";
import { findVideoForLabelling, videoKey } from "./video-sources.server";
import { assertMlAdmin } from "./actor.server";

const IMMUTABLE = "private, max-age=31536000, immutable";

type Handler = (req: Request, res: Response) => Promise<void>;

/** The request's actor (built once per request), or unauthenticated. */
async function sessionUser(req: Request): Promise<SessionUser> {
  const user = await requestActor(req);
  if (!user) throw new AppError("unauthenticated");
  return user;
}

/** Runs a handler with the session's user. */
function handle(work: (req: Request, res: Response, user: SessionUser) => Promise<void>): Handler {
  return async (req, res) => {
    try {
      await work(req, res, await sessionUser(req));
    } catch (error) {
      sendApiError(req, res, error);
    }
  };
}

const JSON_PARSE_ERRORS: Record<string, "payload-too-large" | "malformed-body" | "unsupported-media-type"> = {
  "entity.too.large": "payload-too-large",
  "entity.parse.failed": "malformed-body",
  "encoding.unsupported": "unsupported-media-type",
  "charset.unsupported": "unsupported-media-type",
};

/**
 * An administrator's JSON body: who is asking is checked before a byte of the body is read (up to 16 MB of base64
 * weights or frames), and a body that is not JSON, or not readable, is a 4xx with a code, never a 500.
 */
function adminJsonBody(limit: string): RequestHandler {
  const parse = express.json({ limit });
  return async (req, res, next) => {
    try {
      assertMlAdmin(await sessionUser(req));
      if (!req.is("application/json")) throw new AppError("unsupported-media-type");
    } catch (error) {
      return sendApiError(req, res, error);
    }
    parse(req, res, (error?: unknown) => {
      if (!error) return next();
      sendApiError(req, res, new AppError(JSON_PARSE_ERRORS[(error as { type?: string }).type ?? ""] ?? "malformed-body"));
    });
  };
}

function filtersOf(req: Request): ImageFilters {
  return imageFilters(req.query.label, req.query.source);
}

async function sendObject(res: Response, key: string, cacheControl: string, range?: { start: number; end: number }) {
  const download = await objectStore().get(key, range ? { range } : undefined);
  res.set("Content-Type", download.info.contentType);
  res.set("Cache-Control", cacheControl);
  res.set("Accept-Ranges", "bytes");
  res.set("Content-Length", String(download.contentLength));
  if (download.range) {
    res.status(206).set("Content-Range", `bytes ${download.range.start}-${download.range.end}/${download.info.size}`);
  }
  download.body.on("error", () => res.destroy());
  download.body.pipe(res);
}

export function mlHttp(): Router {
  const router = Router();

  router.get(
    "/api/ml/models/active",
    handle(async (_req, res) => {
      res.set("Cache-Control", "no-cache").json(await activeModelDescriptor());
    }),
  );

  router.get(
    "/api/ml/models/:id/:file",
    handle(async (req, res) => {
      const file = String(req.params.file) as ModelFile;
      if (!MODEL_FILES.includes(file) || !(await getModelVersion(String(req.params.id)))) throw new AppError("not-found");
      await sendObject(res, modelFileKey(String(req.params.id), file), IMMUTABLE);
    }),
  );

  router.get(
    "/api/ml/dataset",
    handle(async (req, res, user) => {
      res.set("Cache-Control", "no-store").json(await datasetIndex(user, filtersOf(req)));
    }),
  );

  router.get(
    "/api/ml/images/:id/:file",
    handle(async (req, res, user) => {
      assertMlAdmin(user);
      const file = String(req.params.file) as ImageFile;
      if (file !== "image.jpg" && file !== "thumb.jpg") throw new AppError("not-found");
      await sendObject(res, imageKey(String(req.params.id), file), IMMUTABLE);
    }),
  );

  router.get(
    "/api/ml/videos/:id",
    handle(async (req, res, user) => {
      const video = await findVideoForLabelling(user, String(req.params.id));
      const range = parseRange(req.headers.range, video.size);
      if (range === "unsatisfiable") {
        res.status(416).set({ "Content-Range": `bytes */${video.size}`, "Accept-Ranges": "bytes", "Cache-Control": "no-store" }).end();
        return;
      }
      await sendObject(res, videoKey(video.id), "private, no-cache", range ?? undefined);
    }),
  );

  router.get(
    "/api/ml/export.zip",
    handle(async (req, res, user) => {
      assertMlAdmin(user);
      const filters = filtersOf(req);
      const zip = new yazl.ZipFile();
      res.set("Content-Type", "application/zip");
      res.set("Content-Disposition", 'attachment; filename="labelled-images.zip"');
      res.set("Cache-Control", "no-store");
      zip.outputStream.pipe(res);
      const lines = ["id,label,source,video_id,timestamp_ms,width,height,labelled_by,created_at"];
      // One object stream at a time: memory stays bounded by yazl's pipeline, not by the dataset's size.
      for await (const rows of labelledImagesInBatches(user, filters)) {
        for (const row of rows) {
          const folder = row.label === 1 ? "in-ear" : "not-in-ear";
          const download = await objectStore().get(imageKey(row.id, "image.jpg"));
          zip.addReadStream(download.body, `${folder}/${row.id}.jpg`, { compress: false, mtime: row.createdAt });
          await new Promise((resolve) => download.body.once("end", resolve).once("error", resolve));
          lines.push([row.id, folder, row.source, row.videoId ?? "", row.timestampMs ?? "", row.width, row.height, row.labelledBy ?? "", row.createdAt.toISOString()].join(","));
        }
      }
      zip.addBuffer(Buffer.from(lines.join("\n") + "\n"), "labels.csv");
      zip.end();
    }),
  );

  const json = adminJsonBody("16mb");

  router.post(
    "/api/ml/images",
    json,
    handle(async (req, res, user) => {
      assertMlAdmin(user); // before validating anything, so non-admins learn nothing about the expected shape
      const body = (req.body ?? {}) as Record<string, unknown>;
      if (!isImageSource(body.source)) throw new AppError("invalid-argument", { field: "source" });
      const row = await saveLabelledImage(user, {
        label: parseLabel(body.label),
        source: body.source,
        videoId: typeof body.videoId === "string" ? body.videoId : null,
        timestampMs: typeof body.timestampMs === "number" ? body.timestampMs : null,
        width: Number(body.width),
        height: Number(body.height),
        image: base64(body.image, "image"),
        thumbnail: base64(body.thumbnail, "thumbnail"),
      });
      res.status(201).set("Cache-Control", "no-store").json({ id: row.id, timestampMs: row.timestampMs, label: row.label });
    }),
  );

  router.post(
    "/api/ml/models",
    json,
    handle(async (req, res, user) => {
      assertMlAdmin(user);
      const body = (req.body ?? {}) as Record<string, unknown>;
      const metrics = typeof body.metrics === "object" && body.metrics ? (body.metrics as Record<string, unknown>) : {};
      const row = await createModelVersion(user, {
        name: String(body.name ?? ""),
        synthetic: body.synthetic === true,
        metrics,
        datasetSize: Math.max(0, Math.round(Number(body.datasetSize) || 0)),
        modelJson: typeof body.modelJson === "string" ? body.modelJson : "",
        weights: base64(body.weights, "weights"),
      });
      res.status(201).set("Cache-Control", "no-store").json({ id: row.id });
    }),
  );

  return router;
}

function base64(value: unknown, field: string): Buffer {
  if (typeof value !== "string" || !/^[A-Za-z0-9+/]*={0,2}$/.test(value)) throw new AppError("invalid-argument", { field });
  return Buffer.from(value, "base64");
}
