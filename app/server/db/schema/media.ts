/**
 * Uploaded media (videos and stills). One row per upload, created when the tus upload is created (status
 * "uploading", `size` = the declared length, so quota counts uploads in flight) and completed when the bytes are
 * in the object store. Dossiers attach rows of this table later; the in-ear score and model version go in
 * `metadata` until they earn columns.
 */
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { organisation } from "./organisations";

export interface MediaMetadata {
  /** The name of the file on the uploader's device (shown only to people who may see the medium). */
  fileName?: string;
  width?: number;
  height?: number;
  /** Later: the in-ear model's score for this medium and the version of the model that gave it. */
  inEarScore?: number;
  modelVersion?: string;
  [key: string]: unknown;
}

export const media = pgTable(
  "media",
  {
    /** Also the tus upload id (`/api/uploads/<id>`). */
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    organisationId: text("organisation_id")
      .notNull()
      .references(() => organisation.id),
    uploaderId: text("uploader_id")
      .notNull()
      .references(() => user.id),
    objectKey: text("object_key").notNull(),
    /** video | image */
    kind: text("kind").notNull(),
    contentType: text("content_type").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    /** Lower-case hex, set when complete. */
    sha256: text("sha256"),
    durationMs: integer("duration_ms"),
    posterKey: text("poster_key"),
    thumbnailKey: text("thumbnail_key"),
    metadata: jsonb("metadata").$type<MediaMetadata>().notNull().default({}),
    /** uploading | complete */
    status: text("status").notNull().default("uploading"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [index("media_organisation_created_idx").on(t.organisationId, t.createdAt), index("media_uploader_idx").on(t.uploaderId)],
);
