/**
 * The in-ear model's binary endpoints, beside React Router (which serves the pages and their forms):
 *
 *   GET /api/ml/models/active            the active version's descriptor (any signed-in user; no-cache)
 *   GET /api/ml/models/:id/:file         model.json / weights.bin (any signed-in user; immutable per version id)
 *   GET /api/ml/dataset                  ids and labels of the labelled set, for training/evaluation (admin)
 *   GET /api/ml/images/:id/:file         image.jpg / thumb.jpg of a labelled image (admin; the read is audited)
 *   GET /api/ml/videos/:id               a test video, with HTTP ranges for seeking (admin; the read is audited)
 *   GET /api/ml/export.zip               the labelled set as a zip, streamed (admin; the export is audited)
 *   POST /api/ml/images                  save a labelled frame: JSON with base64 JPEG and thumbnail (admin)
 *   POST /api/ml/models                  save a trained model as a new version: JSON with base64 weights (admin)
 *
 * The two POSTs take JSON rather than forms because the labelling page saves many frames in parallel while a
 * video plays; React Router's fetchers cancel each other. Their bodies are Zod schemas read by the API wrapper.
 *
 * Guards, cache rules and the same-origin check are the API table's (app/domain/api-table.ts): an administrator's
 * endpoint answers 404 to anyone else, before its body is read.
 */
import { pipeline } from "node:stream/promises";
import type { Request, Response } from "express";
import yazl from "yazl";
import { z } from "zod";
import { MEDIA_MAX_DIMENSION_PX, MEDIA_MAX_DURATION_MS } from "~/domain/constants";
import { AppError } from "~/domain/errors";
import { rawText, requiredText } from "~/domain/forms/fields";
import { UPLOADABLE_IMAGE_SOURCES } from "~/domain/image-sources";
import { MODEL_FILES } from "~/ml/api-urls";
import { withActor } from "../api/api-endpoint.server";
import type { AuditOrigin } from "../audit/audit.server";
import { recordLabelledImageExport, recordLabelledImageRead, recordTestVideoRead } from "../audit/labelled-image-reads.server";
import { parseRange } from "../media/range.server";
import { objectStore } from "../storage/storage.server";
import { datasetIndex, saveLabelledImage, strictImageFilters, imageKey, labelledImageForRead, labelledImagesInBatches } from "./labelled-images.server";
import { activeModelDescriptor, createModelVersion, getModelVersion, modelFileKey } from "./model-versions.server";
import { findTestVideo, videoKey } from "./video-sources.server";

/** The largest JSON body: a model's base64 weights or a labelled frame. */
const ML_JSON_MAX_BYTES = 16 * 1024 * 1024;

const id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const base64 = z
  .string()
  .regex(/^[A-Za-z0-9+/]*={0,2}$/)
  .transform((value) => Buffer.from(value, "base64"));

const labelledImageBody = z.object({
  label: z.union([z.literal(0), z.literal(1), z.literal("0"), z.literal("1")]).transform((value) => (Number(value) === 1 ? 1 : 0) as 0 | 1),
  source: z.enum(UPLOADABLE_IMAGE_SOURCES),
  videoId: id.nullish(),
  // Within what a browser reports for a frame or picture (and their `integer` columns): whole pixels, and a
  // frame's time in milliseconds, which the data layer rounds.
  timestampMs: z.number().nonnegative().max(MEDIA_MAX_DURATION_MS).nullish(),
  width: z.number().int().positive().max(MEDIA_MAX_DIMENSION_PX),
  height: z.number().int().positive().max(MEDIA_MAX_DIMENSION_PX),
  image: base64,
  thumbnail: base64,
});

const modelVersionBody = z.object({
  name: requiredText(120),
  synthetic: z.boolean().optional(),
  metrics: z.record(z.string(), z.unknown()).optional(),
  datasetSize: z.number().finite().nonnegative().optional(),
  modelJson: rawText,
  weights: base64,
});

/** The dataset's and the zip's filters; a parameter they do not know (a typo of one) is refused, not ignored. */
function queryFilters(query: Record<string, unknown>) {
  const unknown = Object.keys(query).find((key) => key !== "label" && key !== "source");
  if (unknown !== undefined) throw new AppError("invalid-argument", { field: unknown.slice(0, 64) });
  return strictImageFilters(query.label, query.source);
}

/** Where a read came from, as the media API records it. */
const originOf = (req: Request): AuditOrigin => ({ requestId: String(req.id ?? ""), ipAddress: req.ip ?? null });

/**
 * Sends a stored object. `beforeSend` runs once the object is found and before its first byte (an audit record of
 * the read): a read that finds nothing is not recorded as one.
 */
async function sendObject(res: Response, key: string, range?: { start: number; end: number }, beforeSend?: () => Promise<void>) {
  const download = await objectStore().get(key, range ? { range } : undefined);
  if (beforeSend) {
    try {
      await beforeSend();
    } catch (error) {
      download.body.destroy();
      throw error;
    }
  }
  res.set("Content-Type", download.info.contentType);
  res.set("Accept-Ranges", "bytes");
  res.set("Content-Length", String(download.contentLength));
  if (download.range) {
    res.status(206).set("Content-Range", `bytes ${download.range.start}-${download.range.end}/${download.info.size}`);
  }
  try {
    // pipeline, not pipe: a player that goes away (seeking aborts its range request) destroys the file stream too,
    // which pipe left paused with its file open until garbage collection.
    await pipeline(download.body, res);
  } catch {
    download.body.destroy();
  }
}

export const activeModelEndpoint = withActor({
  async handle({ res }) {
    res.json(await activeModelDescriptor());
  },
});

export const modelFileEndpoint = withActor({
  params: z.object({ id, file: z.enum(MODEL_FILES) }),
  async handle({ res, actor, params }) {
    if (!(await getModelVersion(actor, params.id))) throw new AppError("not-found");
    await sendObject(res, modelFileKey(params.id, params.file));
  },
});

export const datasetEndpoint = withActor({
  async handle({ req, res, actor }) {
    res.json(await datasetIndex(actor, queryFilters(req.query)));
  },
});

/** A labelled image's bytes: frames and stills of patients, so the read is audited before they are sent. */
export const labelledImageEndpoint = withActor({
  params: z.object({ id, file: z.enum(["image.jpg", "thumb.jpg"]) }),
  async handle({ req, res, actor, params }) {
    const image = await labelledImageForRead(actor, params.id);
    await sendObject(res, imageKey(image.id, params.file), undefined, () => recordLabelledImageRead(actor, image, originOf(req)));
  },
});

/**
 * A test video's bytes, a range at a time while it plays: it may be a recording of a patient's ear, so the read is
 * audited (once per user and video within the window) before any byte is sent. A range past the end sends none.
 */
export const testVideoEndpoint = withActor({
  params: z.object({ id }),
  async handle({ req, res, actor, params }) {
    const video = await findTestVideo(actor, params.id);
    const range = parseRange(req.headers.range, video.size);
    if (range === "unsatisfiable") {
      res.status(416).set({ "Content-Range": `bytes */${video.size}`, "Accept-Ranges": "bytes" }).end();
      return;
    }
    await sendObject(res, videoKey(video.id), range ?? undefined, () => recordTestVideoRead(actor, video, originOf(req)));
  },
});

export const datasetZipEndpoint = withActor({
  async handle({ req, res, actor }) {
    const filters = queryFilters(req.query);
    // Logged before the first byte leaves, naming every image the zip will hold: the zip is read by those ids, so it
    // holds no image that is not logged (one labelled after this moment is left out, one deleted meanwhile too).
    const logged = (await datasetIndex(actor, filters)).map((entry) => entry.id);
    await recordLabelledImageExport(actor, filters, logged, originOf(req));
    const zip = new yazl.ZipFile();
    res.set("Content-Type", "application/zip");
    res.set("Content-Disposition", 'attachment; filename="labelled-images.zip"');
    zip.outputStream.pipe(res);
    const lines = ["id,label,source,video_id,timestamp_ms,width,height,labelled_by,created_at"];
    // One object stream at a time: memory stays bounded by yazl's pipeline, not by the dataset's size.
    for await (const rows of labelledImagesInBatches(actor, logged)) {
      for (const row of rows) {
        const folder = row.label === 1 ? "in-ear" : "not-in-ear";
        // An image whose file is gone (storage out of step with the database) is left out, not the whole zip.
        const download = await objectStore()
          .get(imageKey(row.id, "image.jpg"))
          .catch((error: unknown) => {
            if ((error as { code?: unknown }).code !== "storage/object-not-found") throw error;
            req.log?.warn({ imageId: row.id }, "labelled image file missing: left out of the zip");
            return null;
          });
        if (!download) continue;
        zip.addReadStream(download.body, `${folder}/${row.id}.jpg`, { compress: false, mtime: row.createdAt });
        await new Promise((resolve) => download.body.once("end", resolve).once("error", resolve));
        lines.push([row.id, folder, row.source, row.videoId ?? "", row.timestampMs ?? "", row.width, row.height, row.labelledBy ?? "", row.createdAt.toISOString()].join(","));
      }
    }
    zip.addBuffer(Buffer.from(lines.join("\n") + "\n"), "labels.csv");
    zip.end();
  },
});

export const saveLabelledImageEndpoint = withActor<Record<string, never>, z.output<typeof labelledImageBody>>({
  body: { kind: "json", maxBytes: ML_JSON_MAX_BYTES, schema: labelledImageBody },
  async handle({ res, actor, body }) {
    const row = await saveLabelledImage(actor, { ...body, videoId: body.videoId ?? null, timestampMs: body.timestampMs ?? null });
    res.status(201).json({ id: row.id, timestampMs: row.timestampMs, label: row.label });
  },
});

export const saveModelEndpoint = withActor<Record<string, never>, z.output<typeof modelVersionBody>>({
  body: { kind: "json", maxBytes: ML_JSON_MAX_BYTES, schema: modelVersionBody },
  async handle({ res, actor, body }) {
    const row = await createModelVersion(actor, {
      name: body.name,
      synthetic: body.synthetic === true,
      metrics: body.metrics ?? {},
      datasetSize: Math.round(body.datasetSize ?? 0),
      modelJson: body.modelJson,
      weights: body.weights,
    });
    res.status(201).json({ id: row.id });
  },
});
