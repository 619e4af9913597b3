/**
 * Dossier export jobs (issue 15): one row per export an administrator started, its options, its progress (the
 * keyset cursor and counts, so the page and the live stream can show it) and, once completed, where its files are
 * and the manifest's hash. Files live under DATA_DIR/exports/<id>/ until `expires_at`.
 */
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { ExportOptions } from "~/domain/export/options";
import { user } from "./auth";

export const exportJob = pgTable(
  "export_job",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    actorId: text("actor_id")
      .notNull()
      .references(() => user.id),
    /** queued | running | completed | failed | cancelled | expired */
    status: text("status").notNull().default("queued"),
    options: jsonb("options").$type<ExportOptions>().notNull(),
    /** Dossiers matching the filters when the job started. */
    total: integer("total").notNull().default(0),
    processed: integer("processed").notNull().default(0),
    /** The last dossier id written (keyset cursor). */
    cursor: text("cursor"),
    /** Size of the data part in bytes, once completed. */
    bytes: bigint("bytes", { mode: "number" }),
    /** SHA-256 of the data part and of manifest.json, once completed. */
    sha256: text("sha256"),
    manifestSha256: text("manifest_sha256"),
    /** An error code (errors:codes) when failed. */
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** When the files are deleted (EXPORT_EXPIRY_DAYS after completion). */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (t) => [index("export_job_created_idx").on(t.createdAt), index("export_job_status_idx").on(t.status)],
);
