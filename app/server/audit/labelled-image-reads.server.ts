/**
 * Reads of the in-ear model's labelled images are audited like reads of dossier media: the dataset's pictures are
 * frames and stills of patients' otoscopy (a supervisor's judged still, a frame of a dossier video), so who saw
 * which of them, when and from where is recorded.
 *
 * - `ml.labelled-image.read`: the bytes of one image or its thumbnail (`GET /api/ml/images/:id/:file`); once per
 *   user and image within DOSSIER_VIEW_COLLAPSE_MS, as media reads are (decision 048): a grid of thumbnails, the
 *   full picture opened from it and a training run over the same images are one read each.
 * - `ml.labelled-image.list-read`: the grid of `/debug/ml/labeled-images`, which shows next to each thumbnail what
 *   came from the dossier (the supervisor's judgement, the score of the model that scored the medium, the video and
 *   the frame's time): the ids shown, once per identical view within the window, as the lists with patient data are.
 * - `ml.labelled-image.export`: the zip of the set (`GET /api/ml/export.zip`), every time, naming the filters and
 *   every image it holds, written before the first byte leaves.
 * - `ml.test-video.read`: the bytes of a test video uploaded on /debug/ml/select-videos (`GET /api/ml/videos/:id`),
 *   which the frames above are labelled from and which may well be a recording of a patient's ear; once per user and
 *   video within the window, like a medium: the player's many range requests while it plays and seeks are one read.
 *   A test video belongs to no organisation.
 *
 * The grant is always `admin`: only administrators reach the dataset (the API table's guard and the data layer).
 */
import { sql } from "drizzle-orm";
import type { Actor } from "~/domain/access/actor";
import type { ReadGrant } from "~/domain/access/permissions";
import { auditLog } from "../db/schema";
import { type AuditOrigin, recordAudit } from "./audit.server";
import { logReadOnce, readKey } from "./recent-reads.server";

export const LABELLED_IMAGE_READ_ACTION = "ml.labelled-image.read" as const;
export const LABELLED_IMAGE_LIST_READ_ACTION = "ml.labelled-image.list-read" as const;
export const LABELLED_IMAGE_EXPORT_ACTION = "ml.labelled-image.export" as const;
export const TEST_VIDEO_READ_ACTION = "ml.test-video.read" as const;
const SUBJECT_TYPE = "labelled_image";
const GRANT: ReadGrant = "admin";

export async function recordLabelledImageRead(actor: Actor, image: { id: string; source: string; organisationId: string | null }, origin: AuditOrigin, now = Date.now()): Promise<void> {
  const entry = { action: LABELLED_IMAGE_READ_ACTION, actorId: actor.id, subjectType: SUBJECT_TYPE, subjectId: image.id };
  await logReadOnce(readKey(LABELLED_IMAGE_READ_ACTION, actor.id, image.id), entry, now, () =>
    recordAudit({ ...entry, organisationId: image.organisationId, after: { grant: GRANT, source: image.source } }, origin),
  );
}

/** The grid's page: the images shown (nothing when it shows none). */
export async function recordLabelledImageListRead(actor: Actor, imageIds: string[], origin: AuditOrigin, now = Date.now()): Promise<void> {
  if (imageIds.length === 0) return;
  const after = { imageIds: [...new Set(imageIds)].sort(), grant: GRANT };
  const entry = { action: LABELLED_IMAGE_LIST_READ_ACTION, actorId: actor.id, subjectType: "list", subjectId: "labelled-images" };
  const sameRows = sql`${auditLog.after} = ${JSON.stringify(after)}::jsonb`;
  await logReadOnce(readKey(LABELLED_IMAGE_LIST_READ_ACTION, actor.id, JSON.stringify(after)), entry, now, () => recordAudit({ ...entry, after }, origin), sameRows);
}

/** The zip export: every one is logged, with the filters and the images it holds. */
export async function recordLabelledImageExport(actor: Actor, filters: { label?: number; source?: string }, imageIds: string[], origin: AuditOrigin): Promise<void> {
  await recordAudit(
    {
      action: LABELLED_IMAGE_EXPORT_ACTION,
      actorId: actor.id,
      subjectType: SUBJECT_TYPE,
      subjectId: "export",
      after: { filters: { label: filters.label ?? null, source: filters.source ?? null }, count: imageIds.length, imageIds, grant: GRANT },
    },
    origin,
  );
}

/** A test video's bytes (any range of them): once per user and video within the window. */
export async function recordTestVideoRead(actor: Actor, video: { id: string }, origin: AuditOrigin, now = Date.now()): Promise<void> {
  const entry = { action: TEST_VIDEO_READ_ACTION, actorId: actor.id, subjectType: "test_video", subjectId: video.id };
  await logReadOnce(readKey(TEST_VIDEO_READ_ACTION, actor.id, video.id), entry, now, () => recordAudit({ ...entry, organisationId: null, after: { grant: GRANT } }, origin));
}
