/**
 * A fresh in-memory database for one test file: PGlite, migrated (loaded from the run's migrated template), installed as the process database, with test
 * settings and Better Auth on top — the same start-up order as server/app.ts, minus HTTP.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { inject } from "vitest";
import { createAuth, installAuth, type Auth } from "~/server/auth/auth.server";
import { loadConfig, setConfig, type Config } from "~/server/config.server";
import { type DatabaseHandle, installDatabase, openDatabase } from "~/server/db/client.server";
import { migrateDatabase } from "~/server/db/migrate.server";
import { JOB_HANDLERS } from "~/server/jobs/job-handlers.server";
import { installJobQueue, startJobQueue, type JobQueue } from "~/server/jobs/queue.server";

export const TEST_AUTH_SECRET = "test-secret-test-secret-test-secret-0123456789";
export const TEST_BASE_URL = "http://localhost:3999";

export interface TestDatabase {
  handle: DatabaseHandle;
  config: Config;
  auth: Auth;
  dataDir: string;
  /** Work the queued jobs in this process from now on (the server's workers, polling every half second). */
  startJobWorkers(): Promise<void>;
  /** Resolves when no job is waiting to run now or running (retries scheduled for later do not count). */
  settleJobs(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** `env` overrides the test settings (e.g. `{ TEST_PAGES: "off" }`). */
export async function createTestDatabase(env: Record<string, string> = {}): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "casus-test-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    AUTH_SECRET: TEST_AUTH_SECRET,
    BASE_URL: TEST_BASE_URL,
    LOG_LEVEL: "silent",
    ...env,
  });
  setConfig(config);
  // The run's migrated template (tests/support/pglite-template.ts); migrating it again only checks the journal.
  const template = new Blob([fs.readFileSync(inject("pgliteTemplate"))]);
  const handle = await openDatabase({ url: null, dataDir: "memory", loadDataDir: template });
  await migrateDatabase(handle);
  installDatabase(handle);
  const auth = createAuth(handle.db, config);
  installAuth(auth);
  // Jobs are written (transitions, reminders) but not worked unless a test asks for workers.
  let queue: JobQueue = await startJobQueue(handle);
  installJobQueue(queue);
  return {
    handle,
    config,
    auth,
    dataDir,
    async startJobWorkers() {
      await queue.stop();
      queue = await startJobQueue(handle, { handlers: JOB_HANDLERS, pollingIntervalSeconds: 0.5 });
      installJobQueue(queue);
    },
    async settleJobs(timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const { rows } = (await handle.db.execute(
          sql`select count(*)::int as n from pgboss.job where state = 'active' or (state in ('created', 'retry') and start_after <= now())`,
        )) as unknown as { rows: { n: number }[] };
        if (rows[0].n === 0) return;
        if (Date.now() > deadline) throw new Error(`${rows[0].n} job(s) still waiting or running after ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async close() {
      await queue.stop();
      await handle.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The rows of a raw `db.execute(sql…)` result (PGlite and node-postgres both answer `{ rows }`). */
export async function queryRows<T>(result: Promise<unknown>): Promise<T[]> {
  return ((await result) as { rows: T[] }).rows;
}
