/**
 * A fresh in-memory database for one test file: PGlite, migrated (loaded from the run's migrated template), installed as the process database, with test
 * settings and Better Auth on top — the same start-up order as server/app.ts, minus HTTP.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { createAuth, installAuth, type Auth } from "~/server/auth/auth.server";
import { loadConfig, setConfig, type Config } from "~/server/config.server";
import { type DatabaseHandle, installDatabase, openDatabase } from "~/server/db/client.server";
import { migrateDatabase } from "~/server/db/migrate.server";

export const TEST_AUTH_SECRET = "test-secret-test-secret-test-secret-0123456789";
export const TEST_BASE_URL = "http://localhost:3999";

export interface TestDatabase {
  handle: DatabaseHandle;
  config: Config;
  auth: Auth;
  dataDir: string;
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
  return {
    handle,
    config,
    auth,
    dataDir,
    async close() {
      await handle.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The rows of a raw `db.execute(sql…)` result (PGlite and node-postgres both answer `{ rows }`). */
export async function queryRows<T>(result: Promise<unknown>): Promise<T[]> {
  return ((await result) as { rows: T[] }).rows;
}
