/**
 * Housekeeping of dossier exports, done by no actor: at start-up, exports left queued or running by a process that
 * is gone are marked failed and their partial files removed — never offered as if whole (decision 067); and
 * completed exports past their expiry (EXPORT_EXPIRY_DAYS) lose their files and become `expired`.
 */
import fs from "node:fs";
import path from "node:path";
import { and, eq, inArray, lt } from "drizzle-orm";
import { recordAudit } from "../audit/audit.server";
import { config } from "../config.server";
import { systemDb } from "../db/client.server";
import { jobLockIsFree } from "../db/job-lock.server";
import { exportJob } from "../db/schema";
import { exportsRunningHere } from "../export/export-jobs.server";
import { removeExportFiles } from "../export/files.server";
import { logger } from "../logger.server";

/** Marks orphaned exports failed (reason `interrupted`); returns their ids. */
export async function recoverInterruptedExports(): Promise<string[]> {
  const db = systemDb();
  const here = exportsRunningHere();
  const open = await db.select({ id: exportJob.id, actorId: exportJob.actorId }).from(exportJob).where(inArray(exportJob.status, ["queued", "running"]));
  const failed: string[] = [];
  for (const job of open) {
    if (here.has(job.id) || !(await jobLockIsFree(job.id))) continue;
    const [row] = await db
      .update(exportJob)
      .set({ status: "failed", error: "interrupted", finishedAt: new Date() })
      .where(and(eq(exportJob.id, job.id), inArray(exportJob.status, ["queued", "running"])))
      .returning({ id: exportJob.id });
    if (!row) continue;
    removeExportFiles(job.id);
    await recordAudit({ action: "export.interrupted", actorId: null, subjectType: "export", subjectId: job.id });
    failed.push(job.id);
  }
  if (failed.length) logger.warn({ exports: failed }, "exports interrupted by a restart were marked failed");
  return failed;
}

/** Deletes the files of completed exports whose time is up; returns their ids. */
export async function expireExports(now: Date = new Date()): Promise<string[]> {
  const db = systemDb();
  const rows = await db
    .update(exportJob)
    .set({ status: "expired" })
    .where(and(eq(exportJob.status, "completed"), lt(exportJob.expiresAt, now)))
    .returning({ id: exportJob.id });
  for (const row of rows) removeExportFiles(row.id);
  // Files of jobs the database no longer knows (a removed row, a crash between mkdir and insert) go too.
  const root = path.join(config().dataDir, "exports");
  if (fs.existsSync(root)) {
    const names = fs.readdirSync(root).filter((name) => /^[0-9a-f-]{36}$/.test(name));
    if (names.length) {
      const known = new Set((await db.select({ id: exportJob.id }).from(exportJob).where(inArray(exportJob.id, names))).map((r) => r.id));
      for (const name of names) if (!known.has(name)) removeExportFiles(name);
    }
  }
  return rows.map((r) => r.id);
}

export const EXPORT_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** Start-up: recover, expire, and expire again every hour. Returns the stop function for shutdown. */
export async function startExportHousekeeping(): Promise<() => void> {
  await recoverInterruptedExports();
  await expireExports();
  const timer = setInterval(() => void expireExports().catch((err: unknown) => logger.error({ err }, "expiring exports failed")), EXPORT_SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
