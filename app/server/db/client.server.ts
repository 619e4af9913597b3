/**
 * The database of this process: embedded PGlite in DATA_DIR by default (in a worker thread of its own, decision 095),
 * PostgreSQL when DATABASE_URL is set.
 * Exactly one instance per process (two PGlite instances on one directory corrupt it), kept on globalThis so that
 * development hot reloads reuse it, and closed on shutdown; a lock file keeps a second process off the directory
 * (data-dir-lock.server.ts).
 *
 * `systemDb()` is unscoped access. Route modules never use it: they call data-access functions that take the
 * acting user and scope their own queries (a test checks the imports). Seeding, migrations and jobs may use it.
 */
import path from "node:path";
import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { REQUEST_TIMEOUT_MS } from "~/domain/constants";
import { lockDataDirectory } from "./data-dir-lock.server";
import { PGliteThread } from "./pglite-thread.server";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type Queryable = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** For PostgreSQL: the pool, for LISTEN/NOTIFY and administrative queries. */
  pool: pg.Pool | null;
  /**
   * For PGlite: the embedded database. A data directory's runs in a thread of its own (decision 095); an in-memory
   * one (tests) in this thread, as a PGlite instance.
   */
  pglite: EmbeddedDatabase | null;
  close(): Promise<void>;
}

/** What the server asks of PGlite, in this thread or its own. */
export type EmbeddedDatabase = Pick<PGlite, "query" | "exec" | "listen" | "transaction" | "close"> | PGliteThread;

export interface DatabaseOptions {
  /** postgres://… for PostgreSQL; otherwise PGlite. */
  url?: string | null;
  /** PGlite data directory, or "memory" for an in-memory database (tests). */
  dataDir?: string;
  /** In-memory PGlite only: start from this dump of a data directory (tests load one migrated copy per run). */
  loadDataDir?: Blob;
  /** Count every statement sent through Drizzle (Better Auth's too) for the benchmark's statements per request. */
  countStatements?: boolean;
}

/** Statements sent since start-up and the last few (for "which statements does this page send?"); only with `countStatements` (BENCH_STATS=on). */
export const statementStats = { count: 0, recent: [] as string[] };
const RECENT_STATEMENTS = 30;
const countingLogger = {
  logQuery(query: string) {
    statementStats.count++;
    statementStats.recent.push(query.slice(0, 300));
    if (statementStats.recent.length > RECENT_STATEMENTS) statementStats.recent.shift();
  },
};

/**
 * PGlite's PostgreSQL settings. Shared buffers of 16 MB instead of PGlite's default of about 160 MB, which it
 * touches at start-up, so all of it counted in the process's memory from the first second (idle RSS 433 → 320 MiB
 * with 10,000 dossiers). Pages past the buffers come from the operating system's file cache; the page benchmark
 * showed no page slower for it (docs/performance.md, issue 13).
 */
const PGLITE_SETTINGS = { postgresqlconf: ["shared_buffers=16MB"] };

export async function openDatabase({ url, dataDir = "memory", loadDataDir, countStatements = false }: DatabaseOptions): Promise<DatabaseHandle> {
  const logger = countStatements ? countingLogger : false;
  if (url) {
    const pool = new pg.Pool({ connectionString: url, statement_timeout: REQUEST_TIMEOUT_MS, max: 10 });
    // A dropped connection must not crash the process; the next query gets a fresh one.
    pool.on("error", () => {});
    const db = drizzlePostgres(pool, { schema, logger }) as unknown as Database;
    return { db, kind: "postgres", pool, pglite: null, close: () => pool.end() };
  }
  const startup = [`SET statement_timeout = ${REQUEST_TIMEOUT_MS}`];
  if (dataDir === "memory") {
    const pglite = await PGlite.create({ ...PGLITE_SETTINGS, ...(loadDataDir ? { loadDataDir } : {}) });
    for (const statement of startup) await pglite.exec(statement);
    const db = drizzlePglite(pglite, { schema, logger }) as unknown as Database;
    return { db, kind: "pglite", pool: null, pglite, close: () => pglite.close() };
  }
  const unlock = lockDataDirectory(dataDir);
  let thread: PGliteThread;
  try {
    const dir = path.join(dataDir, "pglite");
    fs.mkdirSync(dir, { recursive: true });
    thread = await PGliteThread.start(dir, PGLITE_SETTINGS, startup);
  } catch (error) {
    unlock();
    throw error;
  }
  // Drizzle's PGlite session calls only query and transaction (whose callback gets query), which the thread answers.
  const db = drizzlePglite(thread as unknown as PGlite, { schema, logger }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    pool: null,
    pglite: thread,
    close: async () => {
      await thread.close();
      unlock();
    },
  };
}

const HANDLE_KEY = Symbol.for("casus.database");
type HandleHolder = { [HANDLE_KEY]?: DatabaseHandle };

export function installDatabase(handle: DatabaseHandle): void {
  (globalThis as HandleHolder)[HANDLE_KEY] = handle;
}

export function databaseHandle(): DatabaseHandle {
  const handle = (globalThis as HandleHolder)[HANDLE_KEY];
  if (!handle) throw new Error("The database is not open yet (start-up opens it before serving requests).");
  return handle;
}

/** Unscoped database access: seeding, migrations, jobs and the data layer's own scoped functions. */
export function systemDb(): Database {
  return databaseHandle().db;
}

export async function closeDatabase(): Promise<void> {
  const holder = globalThis as HandleHolder;
  const handle = holder[HANDLE_KEY];
  delete holder[HANDLE_KEY];
  await handle?.close();
}
