/**
 * Generated dossiers for the export tests: the bulk SQL the benchmark uses (bench/lib/export-seed.mjs), run on the
 * test database after the demo seed.
 */
import { sql } from "drizzle-orm";
import { exportSeedStatements } from "../../bench/lib/export-seed.mjs";
import type { Database } from "~/server/db/client.server";

export async function insertGeneratedDossiers(db: Database, count: number, tag = "gen"): Promise<void> {
  for (const statement of exportSeedStatements(count, tag)) await db.execute(sql.raw(statement));
}
