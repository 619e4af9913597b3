/** The in-ear model (PRODUCT.md "The in-ear model"): stored model versions and the labelled image dataset. */
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, real, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { dossier } from "./dossiers";
import { media } from "./media";

/**
 * One trained model. Its files (model.json, weights.bin) live in the object store under `ml/models/<id>/`; the
 * row holds what the pages list. Exactly one row is active: a partial unique index allows at most one, and
 * activation swaps in one transaction (app/server/ml/model-versions.server.ts).
 */
export const modelVersion = pgTable(
  "model_version",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    /** Trained on synthetic data only: every page says so and calls its accuracy accuracy on synthetic data. */
    synthetic: boolean("synthetic").notNull().default(false),
    active: boolean("active").notNull().default(false),
    /** Evaluation and training facts: accuracy, confusion counts, epochs, settings, backend, seconds. */
    metrics: jsonb("metrics").$type<Record<string, unknown>>().notNull().default({}),
    datasetSize: integer("dataset_size").notNull().default(0),
    weightsBytes: integer("weights_bytes").notNull().default(0),
    /** null for the shipped default model, which nobody in this installation trained. */
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("model_version_one_active_idx").on(t.active).where(sql`${t.active}`), index("model_version_created_idx").on(t.createdAt)],
);

/**
 * One labelled frame or picture. The image (JPEG) and a small thumbnail, both made by the browser at save time,
 * live in the object store under `ml/images/<id>/`; the grid only ever loads thumbnails, one page at a time.
 */
export const labelledImage = pgTable(
  "labelled_image",
  {
    id: text("id").primaryKey(),
    /** 1 = in ear, 0 = not in ear. */
    label: smallint("label").notNull(),
    /** upload | video | webcam | review (a supervisor's frame judgement, decision 075) */
    source: text("source").notNull(),
    /** The video's id in its source list (app/server/ml/video-sources.server.ts) and the frame's time in it. */
    videoId: text("video_id"),
    timestampMs: integer("timestamp_ms"),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    labelledBy: text("labelled_by").references(() => user.id, { onDelete: "set null" }),
    /** Source "review": the judgement it came from; the image goes when the judgement (or its dossier) goes. */
    judgementId: text("judgement_id").references(() => frameJudgement.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("labelled_image_judgement_idx").on(t.judgementId),
    // The grid pages newest first, optionally per label or source: each filter has an index in that order
    // (scanned backwards; a "DESC NULLS LAST" index would not match ORDER BY … DESC, which puts nulls first).
    index("labelled_image_created_idx").on(t.createdAt, t.id),
    index("labelled_image_label_created_idx").on(t.label, t.createdAt, t.id),
    index("labelled_image_source_created_idx").on(t.source, t.createdAt, t.id),
    index("labelled_image_video_idx").on(t.videoId, t.timestampMs),
  ],
);

/**
 * A supervisor's judgement of one frame of a dossier's medium (issue 14, decision 075): the whole still, or the
 * video frame at `frame_ms`. "in-ear" and "not-in-ear" become a labelled image of the dataset (source "review");
 * "unusable" is kept here only and never trained on. The model version and in-ear score the recorder stored for
 * the medium are copied, so the model's opinion stays beside the judgement even if the medium's facts change.
 */
export const frameJudgement = pgTable(
  "frame_judgement",
  {
    id: text("id").primaryKey(),
    dossierId: text("dossier_id")
      .notNull()
      .references(() => dossier.id, { onDelete: "cascade" }),
    mediaId: text("media_id")
      .notNull()
      .references(() => media.id, { onDelete: "cascade" }),
    /** The video frame's time; 0 for a still. */
    frameMs: integer("frame_ms").notNull().default(0),
    /** in-ear | not-in-ear | unusable */
    judgement: text("judgement").notNull(),
    modelVersion: text("model_version"),
    inEarScore: real("in_ear_score"),
    judgedBy: text("judged_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("frame_judgement_frame_idx").on(t.dossierId, t.mediaId, t.frameMs)],
);
