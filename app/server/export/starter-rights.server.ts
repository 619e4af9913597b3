/**
 * An export runs under the rights of the administrator who started it, not under the rights they had when they
 * pressed the button: an administrator who is made a supervisor or disabled may no longer read every dossier, so
 * an export of theirs still queued or running stops, failed with `export/starter-lost-permission` (shown to the
 * other administrators on the export page), and leaves no file to download.
 *
 * Two halves: the change that takes the right away stops the starter's exports in its own transaction
 * (`stopExportsOf`), and the runner asks again before every batch and in the transaction that completes
 * (`starterMayExport`), which also covers a right taken away outside the product (by hand in the database).
 */
import { and, eq, inArray } from "drizzle-orm";
import { recordAudit, type AuditOrigin } from "../audit/audit.server";
import type { Queryable } from "../db/client.server";
import { personMay } from "../access/person-may.server";
import { exportJob } from "../db/schema";

export const STARTER_LOST_PERMISSION = "export/starter-lost-permission";

/** Whether the starter may still export (app/server/access/person-may.server.ts); `lock`: see there. */
export const starterMayExport = (db: Queryable, userId: string, lock = false): Promise<boolean> => personMay(db, userId, "export.run", lock);

/**
 * Inside the transaction that takes the right away: every queued or running export of `userId` fails with the reason,
 * audited as the acting administrator's. A runner in any instance sees the status at its next batch and removes
 * its files; a queued one never starts.
 */
export async function stopExportsOf(tx: Queryable, actorId: string, userId: string, origin: AuditOrigin): Promise<string[]> {
  const stopped = await tx
    .update(exportJob)
    .set({ status: "failed", error: STARTER_LOST_PERMISSION, finishedAt: new Date() })
    .where(and(eq(exportJob.actorId, userId), inArray(exportJob.status, ["queued", "running"])))
    .returning({ id: exportJob.id, processed: exportJob.processed, total: exportJob.total });
  for (const job of stopped) {
    await recordAudit(
      { action: "export.stopped", actorId, subjectType: "export", subjectId: job.id, after: { reason: STARTER_LOST_PERMISSION, starter: userId, processed: job.processed, total: job.total } },
      origin,
      tx,
    );
  }
  return stopped.map((job) => job.id);
}
