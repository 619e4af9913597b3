/**
 * The one durable job queue (decision 083): pg-boss, in the `pgboss` schema of Casus's own database, on
 * PostgreSQL and on PGlite alike. pg-boss speaks to the database only through an `executeSql(text, values)`
 * adapter, so it runs on the process's pool (PostgreSQL) or its embedded PGlite instance, and a job can be written
 * through a Drizzle transaction: the transactional outbox, where a job exists exactly when the change that causes
 * it has committed.
 *
 * Start-up installs the queue; instances with JOB_WORKERS=off only write jobs, the others also work them. Several
 * instances share the tables: pg-boss fetches with SKIP LOCKED, so one job runs on one instance at a time.
 */
import PgBoss from "pg-boss";
import { sql, type SQL } from "drizzle-orm";
import type { DatabaseHandle, Queryable } from "../db/client.server";
import { logger } from "../logger.server";
import { JOBS, JOB_NAMES, type JobData, type JobName } from "./job-table.server";

export const JOB_SCHEMA = "pgboss";

/** pg-boss's multi-statement texts (its migrations, maintenance) have no parameters and need the simple protocol. */
function pgliteExecutor(pglite: NonNullable<DatabaseHandle["pglite"]>): PgBoss.Db {
  return {
    async executeSql(text, values) {
      if (values?.length) return pglite.query(text, values);
      const results = await pglite.exec(text);
      return results[results.length - 1] ?? { rows: [] };
    },
  };
}

export function executorForHandle(handle: DatabaseHandle): PgBoss.Db {
  if (handle.pglite) return pgliteExecutor(handle.pglite);
  const pool = handle.pool!;
  return { executeSql: (text, values) => pool.query(text, values?.length ? values : undefined) };
}

/**
 * pg-boss's `$n` placeholders as Drizzle parameters, so its statement runs inside a Drizzle transaction. Drizzle
 * leaves an undefined value out of the statement, so "not given" becomes NULL, as the pg driver would send it; a
 * job's data (an object) goes as JSON text on both drivers.
 */
function toDrizzleSql(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  parts.forEach((part, i) => chunks.push(i % 2 === 0 ? sql.raw(part) : sql`${parameter(values[Number(part) - 1])}`));
  return sql.join(chunks);
}

function parameter(value: unknown): unknown {
  if (value === undefined) return null;
  if (value !== null && typeof value === "object" && !(value instanceof Date) && !Array.isArray(value)) return JSON.stringify(value);
  return value;
}

/** Runs pg-boss's statements through a Drizzle handle or transaction (single statements only: sends). */
export function executorFor(q: Queryable): PgBoss.Db {
  return {
    async executeSql(text, values = []) {
      const result = (await q.execute(toDrizzleSql(text, values))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

export type JobHandler<N extends JobName> = (data: JobData[N]) => Promise<void>;
export type JobHandlers = { [N in JobName]: JobHandler<N> };

export interface JobQueueOptions {
  /** Work the jobs here (JOB_WORKERS); without, this instance only writes them. */
  handlers?: JobHandlers | null;
  /** The daily reminder round: a cron line and the clinic's time zone, or null for none. */
  reminderSchedule?: { cron: string; timeZone: string } | null;
  /** How often an idle worker looks for new jobs (a job written here wakes it at once). */
  pollingIntervalSeconds?: number;
}

export interface JobQueue {
  readonly boss: PgBoss;
  /** Writes a job through `q` (a transaction: it exists when that commits); returns its id. */
  send<N extends JobName>(q: Queryable, name: N, data: JobData[N]): Promise<string>;
  /** Tells this instance's worker to look now (after a commit that wrote jobs), instead of at its next poll. */
  wake(name: JobName): void;
  stop(): Promise<void>;
}

/** Creates or updates the `pgboss` schema and one queue per job kind, with the table's policy. Idempotent. */
export async function installJobSchema(handle: DatabaseHandle): Promise<void> {
  const boss = new PgBoss({ db: executorForHandle(handle), schema: JOB_SCHEMA, supervise: false, schedule: false, migrate: true });
  boss.on("error", (err) => logger.error({ err }, "job queue error"));
  await boss.start();
  for (const name of JOB_NAMES) {
    const policy = { ...JOBS[name], name, policy: "standard" as const };
    if (await boss.getQueue(name)) await boss.updateQueue(name, policy);
    else await boss.createQueue(name, policy);
  }
  await boss.stop({ graceful: false, wait: true });
}

export async function startJobQueue(handle: DatabaseHandle, options: JobQueueOptions = {}): Promise<JobQueue> {
  const working = !!options.handlers;
  const boss = new PgBoss({
    db: executorForHandle(handle),
    schema: JOB_SCHEMA,
    migrate: false,
    supervise: working,
    schedule: working,
    // Finished jobs move to the archive after an hour and are deleted after a week; failed ones stay on the jobs
    // page (where an admin can try them again) for a week before they are archived.
    archiveCompletedAfterSeconds: 60 * 60,
    archiveFailedAfterSeconds: 7 * 24 * 60 * 60,
    deleteAfterDays: 7,
  });
  boss.on("error", (err) => logger.error({ err }, "job queue error"));
  await boss.start();
  const workers = new Map<JobName, string>();
  if (options.handlers) {
    const handlers = options.handlers;
    for (const name of JOB_NAMES) {
      const handler = handlers[name] as JobHandler<JobName>;
      const id = await boss.work<JobData[JobName]>(
        name,
        { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
        async ([job]) => {
          await handler(job.data);
        },
      );
      workers.set(name, id);
    }
    if (options.reminderSchedule) {
      await boss.schedule("unfinished-reminders", options.reminderSchedule.cron, {}, { tz: options.reminderSchedule.timeZone });
    } else {
      await boss.unschedule("unfinished-reminders");
    }
  }
  return {
    boss,
    async send(q, name, data) {
      const id = await boss.send(name, data, { db: executorFor(q) });
      if (!id) throw new Error(`The job queue did not accept a ${name} job.`);
      return id;
    },
    wake(name) {
      const id = workers.get(name);
      if (id) boss.notifyWorker(id);
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}

const QUEUE_KEY = Symbol.for("casus.job-queue");
type QueueHolder = { [QUEUE_KEY]?: JobQueue };

export function installJobQueue(queue: JobQueue | null): void {
  const holder = globalThis as QueueHolder;
  if (queue) holder[QUEUE_KEY] = queue;
  else delete holder[QUEUE_KEY];
}

export function jobQueue(): JobQueue {
  const queue = (globalThis as QueueHolder)[QUEUE_KEY];
  if (!queue) throw new Error("The job queue is not started yet (start-up starts it before serving requests).");
  return queue;
}
