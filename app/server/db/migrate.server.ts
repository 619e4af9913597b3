/**
 * Applies the committed migrations (./drizzle) inside the server process at start-up. On PostgreSQL an advisory
 * lock makes instances that start together take turns instead of racing. The job queue's own schema (pg-boss's
 * migrations and one queue per job kind, decision 083) is brought up to date in the same turn.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import { installJobSchema } from "../jobs/queue.server";
import type { DatabaseHandle } from "./client.server";

/** The committed migrations: the nearest "drizzle" folder above this module (source, bundle or test alike). */
function findMigrationsDir(): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, "drizzle", "meta", "_journal.json"))) return path.join(dir, "drizzle");
    if (path.dirname(dir) === dir) throw new Error("The migrations folder (drizzle/) was not found above the server code.");
  }
}

export const MIGRATIONS_DIR = findMigrationsDir();
const MIGRATION_LOCK_ID = 7_420_001;

export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === "pglite") {
    await migratePglite(handle.db as never, { migrationsFolder: MIGRATIONS_DIR });
    await installJobSchema(handle);
    return;
  }
  // An advisory lock belongs to one connection: lock, migrate and unlock on the same one.
  const client = await handle.pool!.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migratePostgres(drizzlePostgres(client), { migrationsFolder: MIGRATIONS_DIR });
    await installJobSchema(handle);
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
    client.release();
  }
}
