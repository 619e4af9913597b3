/**
 * `POST /api/dossiers/:id/media/:mediaId/judgement`: the reviewing supervisor judges the still, or the video frame
 * at `frameMs`, for the in-ear model's dataset (decision 075); `"none"` withdraws it. The frame's JPEG and 64×64
 * thumbnail come base64-encoded, made by the browser from the picture on screen. Whose dossier and which status
 * is the data layer's (frame-judgements.server.ts): 404 for anyone but the reviewer.
 */
import { z } from "zod";
import { FRAME_JUDGEMENTS, MAX_FRAME_MS } from "~/domain/frame-judgements";
import { withActor } from "../api/api-endpoint.server";
import { judgeFrame } from "./frame-judgements.server";

/** A frame's JPEG (at most 640 px wide) and thumbnail, base64: well under this. */
const JUDGEMENT_MAX_BYTES = 2 * 1024 * 1024;
const rowId = z.string().regex(/^[0-9a-f-]{36}$/);
const base64 = z
  .string()
  .min(1)
  .regex(/^[A-Za-z0-9+/]*={0,2}$/)
  .transform((value) => Buffer.from(value, "base64"));

const judgementBody = z.object({
  judgement: z.enum([...FRAME_JUDGEMENTS, "none"]),
  frameMs: z.number().int().min(0).max(MAX_FRAME_MS).default(0),
  frame: z
    .object({
      image: base64,
      thumbnail: base64,
      width: z.number().int().positive().max(10_000),
      height: z.number().int().positive().max(10_000),
    })
    .optional(),
});

export const frameJudgementEndpoint = withActor({
  params: z.object({ id: rowId, mediaId: rowId }),
  body: { kind: "json", maxBytes: JUDGEMENT_MAX_BYTES, schema: judgementBody },
  async handle({ res, actor, params, body }) {
    const judgement = await judgeFrame(actor, params.id, { mediaId: params.mediaId, ...body });
    res.status(200).json({ judgement });
  },
});
