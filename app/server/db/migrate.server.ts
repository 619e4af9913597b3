/**
 * Applies the committed migrations (./drizzle) inside the server process at start-up. On PostgreSQL an advisory
 * lock makes instances that start together take turns instead of racing.
 */
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import type { DatabaseHandle } from "./client.server";

export const MIGRATIONS_DIR = path.resolve(process.env.CASUS_MIGRATIONS_DIR ?? "drizzle");
const MIGRATION_LOCK_ID = 7_420_001;

export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === "pglite") {
    await migratePglite(handle.db as never, { migrationsFolder: MIGRATIONS_DIR });
    return;
  }
  await handle.db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK_ID})`);
  try {
    await migratePostgres(handle.db as never, { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await handle.db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`);
  }
}
