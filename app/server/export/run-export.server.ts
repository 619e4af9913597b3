/**
 * Running one dossier export (issue 15): read the matching dossiers in keyset batches, write each batch before the
 * next is read (awaiting the file's drain, so a slow disk slows the reading instead of filling memory), hash every
 * part as it is written, and finish with manifest.json. Progress goes to the job's row (which is also how a cancel
 * from any instance is noticed) and, throttled, to the live stream. Only a job that wrote its manifest is
 * `completed`; anything else leaves no files behind.
 */
import { createHash } from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import path from "node:path";
import { Readable, Transform, type Writable } from "node:stream";
import { finished } from "node:stream/promises";
import zlib from "node:zlib";
import { and, eq, sql } from "drizzle-orm";
import yazl from "yazl";
import type { Actor } from "~/domain/access/actor";
import { EXPORT_BATCH_SIZE, EXPORT_PROGRESS_INTERVAL_MS } from "~/domain/constants";
import { DOSSIER_SCHEMA_VERSION, dossierSchemaPath } from "~/domain/export/dossier-document";
import { exportFileName, type ExportOptions, type ExportProgressEvent, type ExportStatus } from "~/domain/export/options";
import { actingAs } from "../access/actor-db.server";
import { recordAudit, type AuditOrigin } from "../audit/audit.server";
import { config } from "../config.server";
import { holdJobLock } from "../db/job-lock.server";
import type { Queryable } from "../db/client.server";
import { inTransaction } from "../db/transaction.server";
import { exportJob } from "../db/schema";
import { LIVE_CHANNEL } from "../live/channel";
import { logger } from "../logger.server";
import { objectStore } from "../storage/storage.server";
import { countMatching, exportBatches, removedInPeriod, type ExportedEntry } from "./documents.server";
import { exportDir, MANIFEST_FILE, removeExportFiles } from "./files.server";
import { pseudonymiser } from "./pseudonymise.server";
import { STARTER_LOST_PERMISSION, starterMayExport } from "./starter-rights.server";

export interface FilePart {
  path: string;
  sha256: string;
  bytes: number;
}

export interface ExportManifest {
  $schema: string;
  schemaVersion: string;
  jobId: string;
  startedAt: string;
  completedAt: string;
  filters: ExportOptions["filters"];
  format: ExportOptions["format"];
  without: ExportOptions["without"];
  pseudonymised: ExportOptions["pseudonymise"];
  count: number;
  /** The files of the export with their SHA-256: the data part (NDJSON), or every file inside the zip. */
  parts: FilePart[];
  /** Only in the manifest beside a zip: the archive itself. */
  archive?: FilePart;
  /** Dossier ids (pseudonymised like the documents) discarded or deleted within the filters' period. */
  removed: { discarded: string[]; deleted: string[] };
}

/** Test seams: called before each batch is written (a test can hold the job there, as a crash would). */
export interface RunHooks {
  beforeBatch?: (batch: number) => Promise<void>;
  batchSize?: number;
}

class Stopped extends Error {
  constructor(
    readonly status: Extract<ExportStatus, "cancelled" | "failed">,
    /** The error code stored on a failed job (errors:codes). */
    readonly code: string | null = null,
  ) {
    super(status);
  }
}

/** The starter's right is asked of the database before each batch: it may have been taken away since the start. */
async function assertStarterMayExport(db: Queryable, actorId: string): Promise<void> {
  if (!(await starterMayExport(db, actorId))) throw new Stopped("failed", STARTER_LOST_PERMISSION);
}

/** Counts and hashes the bytes that pass. */
function hashingTap() {
  const hash = createHash("sha256");
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      bytes += chunk.byteLength;
      callback(null, chunk);
    },
  });
  return { stream, result: (): { sha256: string; bytes: number } => ({ sha256: hash.digest("hex"), bytes }) };
}

async function write(stream: Writable, chunk: string | Buffer): Promise<void> {
  if (!stream.write(chunk)) await once(stream, "drain");
}

function sha256(data: Buffer) {
  return createHash("sha256").update(data).digest("hex");
}

export async function runExport(actor: Actor, jobId: string, origin: AuditOrigin, signal: AbortSignal, hooks: RunHooks = {}): Promise<ExportStatus> {
  const { db } = actingAs(actor, "export.run");
  const lock = await holdJobLock(jobId);
  const dir = exportDir(jobId);
  const startedAt = new Date();
  let processed = 0;
  let total = 0;
  let lastNotice = 0;
  /** The data file, closed before the directory is removed when the export stops early. */
  let file: fs.WriteStream | null = null;
  const notify = async (status: ExportStatus, force = false) => {
    const now = Date.now();
    if (!force && now - lastNotice < EXPORT_PROGRESS_INTERVAL_MS) return;
    lastNotice = now;
    const event: ExportProgressEvent = { type: "export", jobId, status, processed, total };
    await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(event)})`).catch(() => {});
  };
  try {
    const [job] = await db
      .update(exportJob)
      .set({ status: "running", startedAt })
      .where(and(eq(exportJob.id, jobId), eq(exportJob.status, "queued")))
      .returning({ options: exportJob.options });
    if (!job) throw new Stopped("cancelled");
    await assertStarterMayExport(db, actor.id);
    const options = job.options;
    total = await countMatching(actor, options.filters);
    await db.update(exportJob).set({ total }).where(eq(exportJob.id, jobId));
    await notify("running", true);

    fs.mkdirSync(dir, { recursive: true });
    const { baseUrl, authSecret } = config();
    const schemaUrl = `${baseUrl}${dossierSchemaPath()}`;
    const p = options.pseudonymise ? pseudonymiser(authSecret, options.pseudonymise) : null;
    const zip = options.format === "zip";
    const dataName = exportFileName(options.format);
    file = fs.createWriteStream(path.join(dir, dataName));
    const tap = hashingTap();
    tap.stream.pipe(file);
    let head: Writable = tap.stream;
    let archive: yazl.ZipFile | null = null;
    if (options.format === "ndjson-gzip") {
      // Level 3: JSON still shrinks about tenfold, at several times the speed of the default 6 (bench/export.mjs).
      const gzip = zlib.createGzip({ level: 3 });
      gzip.pipe(tap.stream);
      head = gzip;
    } else if (zip) {
      archive = new yazl.ZipFile();
      archive.outputStream.pipe(tap.stream);
    }
    const parts: FilePart[] = [];

    /** One entry of the zip from a stream, hashed on its way in; resolves when the zip has read all of it. */
    const addToZip = async (source: Readable, name: string, mtime: Date, compress: boolean) => {
      const entryTap = hashingTap();
      source.on("error", (error) => entryTap.stream.destroy(error));
      source.pipe(entryTap.stream);
      archive!.addReadStream(entryTap.stream, name, { mtime, compress });
      await finished(entryTap.stream);
      parts.push({ path: name, ...entryTap.result() });
    };

    const writeBatch = async (entries: ExportedEntry[]) => {
      if (!archive) {
        let lines = "";
        for (const entry of entries) lines += `${JSON.stringify(entry.document)}\n`;
        await write(head, lines);
        return;
      }
      // Every entry is a stream: yazl reads them in order, and the batch is written once the last one was read.
      const pending: Promise<void>[] = [];
      for (const entry of entries) {
        const json = Buffer.from(`${JSON.stringify(entry.document, null, 2)}\n`);
        pending.push(addToZip(Readable.from([json]), `dossiers/${entry.document.id}.json`, startedAt, true));
        for (const medium of entry.media) {
          // One object open at a time, whatever a dossier holds.
          const download = await objectStore().get(medium.row.objectKey);
          await addToZip(download.body, medium.path, startedAt, false);
        }
      }
      await Promise.all(pending);
    };

    let batch = 0;
    for await (const { entries, cursor } of exportBatches(
      actor,
      options.filters,
      { schemaUrl, without: options.without, pseudonymiser: p, mediaInArchive: zip },
      { batchSize: hooks.batchSize ?? EXPORT_BATCH_SIZE },
    )) {
      await hooks.beforeBatch?.(batch++);
      if (signal.aborted) throw new Stopped("cancelled");
      await assertStarterMayExport(db, actor.id);
      await writeBatch(entries);
      processed += entries.length;
      // Progress, and the cancel check across instances: a job no longer running here is left alone.
      const [still] = await db
        .update(exportJob)
        .set({ processed, cursor })
        .where(and(eq(exportJob.id, jobId), eq(exportJob.status, "running")))
        .returning({ id: exportJob.id });
      if (!still) throw new Stopped("cancelled");
      await notify("running");
    }

    const removed = await removedInPeriod(actor, options.filters);
    const pseudo = (id: string) => (p ? p.id("dossier", id) : id);
    const manifest: ExportManifest = {
      $schema: schemaUrl,
      schemaVersion: DOSSIER_SCHEMA_VERSION,
      jobId,
      startedAt: startedAt.toISOString(),
      completedAt: new Date().toISOString(),
      filters: options.filters,
      format: options.format,
      without: options.without,
      pseudonymised: options.pseudonymise,
      count: processed,
      parts,
      removed: { discarded: removed.discarded.map(pseudo), deleted: removed.deleted.map(pseudo) },
    };
    if (archive) {
      archive.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), MANIFEST_FILE, { mtime: startedAt });
      archive.end();
    } else {
      head.end();
    }
    await finished(file);
    const data = tap.result();
    const outside: ExportManifest = archive ? { ...manifest, archive: { path: dataName, ...data } } : { ...manifest, parts: [{ path: dataName, ...data }] };
    const manifestBytes = Buffer.from(`${JSON.stringify(outside, null, 2)}\n`);
    fs.writeFileSync(path.join(dir, MANIFEST_FILE), manifestBytes);
    const manifestSha256 = sha256(manifestBytes);
    if (signal.aborted) throw new Stopped("cancelled");

    const finishedAt = new Date();
    // Completed (downloadable) and its audit row in one transaction: an export is never ready without its record.
    const done = await inTransaction(
      async (tx) => {
        // Asked again under a lock of the starter's row: a demotion committing now waits, or is seen here.
        if (!(await starterMayExport(tx, actor.id, true))) return "starter-lost-permission" as const;
        const [row] = await tx
          .update(exportJob)
          .set({
            status: "completed",
            processed,
            bytes: data.bytes,
            sha256: data.sha256,
            manifestSha256,
            finishedAt,
            expiresAt: new Date(finishedAt.getTime() + config().exportExpiryDays * 24 * 60 * 60 * 1000),
          })
          .where(and(eq(exportJob.id, jobId), eq(exportJob.status, "running")))
          .returning({ id: exportJob.id });
        if (!row) return "not-running" as const;
        await recordAudit(
          {
            action: "export.completed",
            actorId: actor.id,
            subjectType: "export",
            subjectId: jobId,
            // The right it was read under (as every read records): the administrator's export.run.
            after: { grant: "admin", filters: options.filters, format: options.format, without: options.without, pseudonymised: options.pseudonymise, count: processed, bytes: data.bytes, manifestSha256 },
          },
          origin,
          tx,
        );
        return "completed" as const;
      },
      { db },
    );
    if (done === "starter-lost-permission") throw new Stopped("failed", STARTER_LOST_PERMISSION);
    if (done === "not-running") throw new Stopped("cancelled");
    await notify("completed", true);
    return "completed";
  } catch (error) {
    // A stream stopped early is closed first: left open (or still opening) while its directory goes, it would fail
    // afterwards with no one listening, which ends the process.
    if (file && !file.closed) {
      file.on("error", () => {});
      const closed = once(file, "close").catch(() => {});
      file.destroy();
      await closed;
    }
    removeExportFiles(jobId);
    const status = error instanceof Stopped ? error.status : "failed";
    if (!(error instanceof Stopped)) logger.error({ err: error, jobId }, "dossier export failed");
    const code = error instanceof Stopped ? error.code : "internal";
    // Only a job still marked running here is closed by this process (a cancel has already written its own state).
    const closed = await db
      .update(exportJob)
      .set({ status, error: code, finishedAt: new Date() })
      .where(and(eq(exportJob.id, jobId), eq(exportJob.status, "running")))
      .returning({ id: exportJob.id })
      .catch(() => []);
    // Noticed by the runner itself (the right went without the product's people pages): audited here, by nobody.
    if (closed.length && code === STARTER_LOST_PERMISSION) {
      await recordAudit({ action: "export.stopped", subjectType: "export", subjectId: jobId, after: { reason: code, starter: actor.id, processed, total } }, origin).catch((err: unknown) =>
        logger.error({ err, jobId }, "export stop not audited"),
      );
    }
    await notify(status, true);
    return status;
  } finally {
    await lock.release();
  }
}
