/**
 * Vitest global setup: one migrated, empty PGlite data directory per run, dumped to a file that every test file's
 * `createTestDatabase()` loads instead of running initdb and every migration again (a few seconds of CPU per file;
 * measured in docs/performance.md). Built from ./drizzle at every run, so it never lags behind the migrations.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { openDatabase } from "~/server/db/client.server";
import { migrateDatabase } from "~/server/db/migrate.server";

declare module "vitest" {
  export interface ProvidedContext {
    /** The file holding the migrated PGlite data directory's dump (tar). */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "casus-pglite-template-"));
  const file = path.join(dir, "migrated.tar");
  const handle = await openDatabase({ url: null, dataDir: "memory" });
  try {
    await migrateDatabase(handle);
    // An in-memory database is a PGlite instance in this thread.
    const dump = await (handle.pglite as PGlite).dumpDataDir("none");
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await handle.close();
  }
  project.provide("pgliteTemplate", file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
