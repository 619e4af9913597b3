/**
 * Which process is running a background job, known to PostgreSQL itself: the runner holds a session advisory lock
 * on a connection of its own for as long as the job runs. When the process dies, PostgreSQL ends its sessions and
 * the lock is free, so a process starting later (or another instance) can tell an orphaned job from one that is
 * still running elsewhere (decision 067). PGlite is one process by definition: a job this process is not running
 * is orphaned, and its locks are no-ops.
 */
import type pg from "pg";
import { databaseHandle } from "./client.server";

/** Advisory locks take a bigint; the job's id is hashed into PostgreSQL's own hashtext space under a fixed class. */
const LOCK_CLASS = 0x45585054; // "EXPT"

export interface HeldLock {
  release(): Promise<void>;
}

export async function holdJobLock(jobId: string): Promise<HeldLock> {
  const { pool } = databaseHandle();
  if (!pool) return { release: async () => {} };
  const client: pg.PoolClient = await pool.connect();
  // A lost connection loses the lock, not the process: the runner notices at its next batch that its job was
  // taken over (it is no longer `running`), and stops.
  const ignore = () => {};
  client.on("error", ignore);
  try {
    await client.query("select pg_advisory_lock($1, hashtext($2))", [LOCK_CLASS, jobId]);
  } catch (error) {
    client.release(true);
    throw error;
  }
  return {
    async release() {
      try {
        await client.query("select pg_advisory_unlock($1, hashtext($2))", [LOCK_CLASS, jobId]);
        client.off("error", ignore);
        client.release();
      } catch {
        // The connection is gone, and the lock with it.
        client.release(true);
      }
    },
  };
}

/** Whether no session holds the job's lock (its runner is gone). Always true on PGlite. */
export async function jobLockIsFree(jobId: string): Promise<boolean> {
  const { pool } = databaseHandle();
  if (!pool) return true;
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ free: boolean }>("select pg_try_advisory_lock($1, hashtext($2)) as free", [LOCK_CLASS, jobId]);
    if (rows[0]?.free) await client.query("select pg_advisory_unlock($1, hashtext($2))", [LOCK_CLASS, jobId]);
    return rows[0]?.free === true;
  } finally {
    client.release();
  }
}
