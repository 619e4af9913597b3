/**
 * Dossier export jobs as an administrator sees them (issue 15): start one (audited, queued, run in this process
 * at most EXPORT_CONCURRENCY at a time), cancel it, read its state, list the recent ones. Every function takes the
 * actor and asks the permission table first (actingAs … "export.run"): anyone else gets "not found".
 */
import { desc, eq } from "drizzle-orm";
import type { Actor } from "~/domain/access/actor";
import { EXPORT_CONCURRENCY } from "~/domain/constants";
import { AppError } from "~/domain/errors";
import { FINISHED_EXPORT_STATUSES, type ExportOptions, type ExportStatus } from "~/domain/export/options";
import { actingAs } from "../access/actor-db.server";
import { recordAudit, type AuditOrigin } from "../audit/audit.server";
import { exportJob, user } from "../db/schema";
import { logger } from "../logger.server";
import { countMatching } from "./documents.server";
import { removeExportFiles } from "./files.server";
import { runExport, type RunHooks } from "./run-export.server";

export interface ExportJobView {
  id: string;
  status: ExportStatus;
  options: ExportOptions;
  total: number;
  processed: number;
  bytes: number | null;
  sha256: string | null;
  manifestSha256: string | null;
  error: string | null;
  createdAt: Date;
  finishedAt: Date | null;
  expiresAt: Date | null;
  actorName: string;
}

interface Queued {
  actor: Actor;
  jobId: string;
  origin: AuditOrigin;
  hooks: RunHooks;
}

const queue: Queued[] = [];
const running = new Map<string, { controller: AbortController; done: Promise<ExportStatus> }>();
/** How the last few jobs of this process ended (exportSettled may ask after the end). */
const ended = new Map<string, ExportStatus>();
const ENDED_MEMORY = 100;

/** Exports this process is running now (start-up recovery and the sweep leave these alone). */
export function exportsRunningHere(): ReadonlySet<string> {
  return new Set([...running.keys(), ...queue.map((q) => q.jobId)]);
}

/** Resolves when the job this process runs has ended (tests; shutdown). */
export async function exportSettled(jobId: string): Promise<ExportStatus | null> {
  for (;;) {
    const job = running.get(jobId);
    if (job) return job.done;
    if (ended.has(jobId)) return ended.get(jobId)!;
    if (!queue.some((q) => q.jobId === jobId)) return null;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function pump(): void {
  while (running.size < EXPORT_CONCURRENCY && queue.length) {
    const next = queue.shift()!;
    const controller = new AbortController();
    const done = runExport(next.actor, next.jobId, next.origin, controller.signal, next.hooks)
      .catch((error: unknown) => {
        logger.error({ err: error, jobId: next.jobId }, "dossier export stopped");
        return "failed" as const;
      })
      .then((status) => {
        ended.set(next.jobId, status);
        if (ended.size > ENDED_MEMORY) ended.delete(ended.keys().next().value!);
        return status;
      })
      .finally(() => {
        running.delete(next.jobId);
        pump();
      });
    running.set(next.jobId, { controller, done });
  }
}

/** Aborts every export of this process (shutdown): each is marked cancelled and leaves no files. */
export async function stopExportsHere(): Promise<void> {
  queue.length = 0;
  const all = [...running.values()];
  for (const job of all) job.controller.abort();
  await Promise.all(all.map((job) => job.done));
}

export async function startExport(actor: Actor, options: ExportOptions, origin: AuditOrigin, hooks: RunHooks = {}): Promise<{ id: string; total: number }> {
  const { db } = actingAs(actor, "export.run");
  const total = await countMatching(actor, options.filters);
  const [job] = await db.insert(exportJob).values({ actorId: actor.id, options, total }).returning({ id: exportJob.id });
  await recordAudit(
    {
      action: "export.started",
      actorId: actor.id,
      subjectType: "export",
      subjectId: job.id,
      after: { filters: options.filters, format: options.format, without: options.without, pseudonymised: options.pseudonymise, count: total },
    },
    origin,
  );
  queue.push({ actor, jobId: job.id, origin, hooks });
  pump();
  return { id: job.id, total };
}

const columns = {
  id: exportJob.id,
  status: exportJob.status,
  options: exportJob.options,
  total: exportJob.total,
  processed: exportJob.processed,
  bytes: exportJob.bytes,
  sha256: exportJob.sha256,
  manifestSha256: exportJob.manifestSha256,
  error: exportJob.error,
  createdAt: exportJob.createdAt,
  finishedAt: exportJob.finishedAt,
  expiresAt: exportJob.expiresAt,
  actorName: user.name,
};

function asView(row: Omit<ExportJobView, "status"> & { status: string }): ExportJobView {
  return { ...row, status: row.status as ExportStatus };
}

export async function exportJobFor(actor: Actor, jobId: string): Promise<ExportJobView> {
  const { db } = actingAs(actor, "export.run");
  const [row] = await db.select(columns).from(exportJob).innerJoin(user, eq(user.id, exportJob.actorId)).where(eq(exportJob.id, jobId));
  if (!row) throw new AppError("not-found");
  return asView(row);
}

/** The most recent exports of every administrator (exports are the organisation's record, not one person's). */
export async function recentExports(actor: Actor, limit = 20): Promise<ExportJobView[]> {
  const { db } = actingAs(actor, "export.run");
  const rows = await db.select(columns).from(exportJob).innerJoin(user, eq(user.id, exportJob.actorId)).orderBy(desc(exportJob.createdAt)).limit(limit);
  return rows.map(asView);
}

/** Cancels a queued or running export; a finished one is left as it is (409). Files are removed. */
export async function cancelExport(actor: Actor, jobId: string, origin: AuditOrigin): Promise<ExportJobView> {
  const { db } = actingAs(actor, "export.run");
  const job = await exportJobFor(actor, jobId);
  if ((FINISHED_EXPORT_STATUSES as readonly string[]).includes(job.status)) throw new AppError("export/finished");
  const [row] = await db
    .update(exportJob)
    .set({ status: "cancelled", finishedAt: new Date() })
    .where(eq(exportJob.id, jobId))
    .returning({ id: exportJob.id });
  if (!row) throw new AppError("not-found");
  const index = queue.findIndex((q) => q.jobId === jobId);
  if (index >= 0) queue.splice(index, 1);
  const here = running.get(jobId);
  if (here) {
    here.controller.abort();
    await here.done;
  }
  removeExportFiles(jobId);
  await recordAudit({ action: "export.cancelled", actorId: actor.id, subjectType: "export", subjectId: jobId, after: { processed: job.processed, total: job.total } }, origin);
  return exportJobFor(actor, jobId);
}
