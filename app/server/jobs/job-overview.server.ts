/**
 * The job queue as the admin sees it (`/admin/jobs`, decision 083): per kind, how many jobs wait, will be retried,
 * run, failed for good or finished this week; and the jobs that need attention (waiting for a retry, or failed),
 * with their attempts, next attempt and reason. A job's data holds ids only, and a reason is shown as the error
 * code the job failed with — never a transport's raw reply, which may quote an address.
 */
import { sql } from "drizzle-orm";
import { isErrorCode, type ErrorCode } from "~/domain/errors";
import { actingAs } from "../access/actor-db.server";
import type { Actor } from "../dossiers/actor.server";
import { recordAudit, type AuditOrigin } from "../audit/audit.server";
import { isJobName, JOB_NAMES, JOB_STATES, type JobName, type JobState } from "~/domain/jobs";
import { JOB_SCHEMA } from "./queue.server";


/** The jobs needing attention shown at most (newest first); the counts above them are complete. */
export const ATTENTION_LIMIT = 50;

export interface JobAttention {
  id: string;
  name: JobName;
  state: "retry" | "failed";
  createdOn: Date;
  /** Attempts so far. */
  attempts: number;
  /** Attempts allowed in all. */
  allowed: number;
  /** When the next attempt runs (retry only). */
  nextAttempt: Date | null;
  /** The error code the last attempt failed with; null when it was something else (then the log says what). */
  reason: ErrorCode | null;
  /** The dossier it concerns, for the admin's dossier page. */
  dossierId: string | null;
}

export interface JobOverview {
  counts: { name: JobName; counts: Record<JobState, number> }[];
  attention: JobAttention[];
}

const T = sql.raw(`${JOB_SCHEMA}.job`);
const ARCHIVE = sql.raw(`${JOB_SCHEMA}.archive`);

export async function jobOverview(actor: Actor): Promise<JobOverview> {
  const { db } = actingAs(actor, "jobs.manage");
  const live = (await db.execute(sql`select name, state::text as state, count(*)::int as n from ${T} group by name, state`)) as unknown as {
    rows: { name: string; state: string; n: number }[];
  };
  // Finished jobs move to the archive after an hour and are deleted after a week: both count as this week's.
  const archived = (await db.execute(sql`select name, count(*)::int as n from ${ARCHIVE} where state = 'completed' group by name`)) as unknown as {
    rows: { name: string; n: number }[];
  };
  const counts = JOB_NAMES.map((name) => ({ name, counts: Object.fromEntries(JOB_STATES.map((s) => [s, 0])) as Record<JobState, number> }));
  const byName = new Map(counts.map((c) => [c.name, c.counts]));
  for (const r of live.rows) {
    const c = byName.get(r.name as JobName);
    if (c && (JOB_STATES as readonly string[]).includes(r.state)) c[r.state as JobState] += r.n;
  }
  for (const r of archived.rows) {
    const c = byName.get(r.name as JobName);
    if (c) c.completed += r.n;
  }
  const attention = (await db.execute(sql`
    select id, name, state::text as state, created_on, retry_count, retry_limit, start_after, output, data->>'dossierId' as dossier_id
    from ${T} where state in ('retry', 'failed') order by created_on desc limit ${ATTENTION_LIMIT}`)) as unknown as {
    rows: { id: string; name: string; state: "retry" | "failed"; created_on: Date | string; retry_count: number; retry_limit: number; start_after: Date | string; output: unknown; dossier_id: string | null }[];
  };
  return {
    counts,
    attention: attention.rows
      .filter((r) => isJobName(r.name))
      .map((r) => ({
        id: r.id,
        name: r.name as JobName,
        state: r.state,
        createdOn: new Date(r.created_on),
        // A job in `retry` has failed retry_count + 1 times (pg-boss counts the retries, not the first attempt).
        attempts: r.retry_count + 1,
        allowed: r.retry_limit + 1,
        nextAttempt: r.state === "retry" ? new Date(r.start_after) : null,
        reason: reasonOf(r.output),
        dossierId: r.dossier_id,
      })),
  };
}

function reasonOf(output: unknown): ErrorCode | null {
  const message = (output as { message?: unknown } | null)?.message;
  return typeof message === "string" && isErrorCode(message) ? message : null;
}

/**
 * Runs a failed or waiting job again now (any instance's worker takes it); a failed one gets one more attempt.
 * Returns false when the job is not waiting or failed (it ran meanwhile, or never existed).
 */
export async function retryJobNow(actor: Actor, name: string, id: string, origin: AuditOrigin = {}): Promise<boolean> {
  const { db } = actingAs(actor, "jobs.manage");
  if (!isJobName(name)) return false;
  const result = (await db.execute(sql`
    update ${T} set start_after = now(),
      retry_limit = case when state = 'failed' then retry_limit + 1 else retry_limit end,
      state = 'retry'
    where name = ${name} and id = ${id} and state in ('retry', 'failed')
    returning id`)) as unknown as { rows: unknown[] };
  if (!result.rows.length) return false;
  await recordAudit({ action: "job.retried", actorId: actor.id, subjectType: "job", subjectId: id, after: { name } }, origin);
  return true;
}
