import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPostgres, type PostgresServer } from "../../../tests/support/postgres";
import { queryRows } from "../../../tests/support/test-database";
import { type DatabaseHandle, openDatabase } from "./client.server";
import { MIGRATIONS_DIR, migrateDatabase } from "./migrate.server";

const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as { entries: { tag: string }[] };
const EXPECTED_TABLES = [
  "account",
  "audit_log",
  "dossier",
  "labelled_image",
  "model_version",
  "organisation",
  "professional",
  "rate_limit",
  "session",
  "supervisor",
  "supervisor_organisation",
  "user",
  "verification",
];

async function publicTables(handle: DatabaseHandle): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    handle.db.execute(sql`select table_name as name from information_schema.tables where table_schema = 'public' order by table_name`),
  );
  return rows.map((r) => r.name);
}

async function appliedMigrations(handle: DatabaseHandle): Promise<number> {
  const rows = await queryRows<{ n: number }>(handle.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`));
  return Number(rows[0].n);
}

it("the migrations folder is the committed one, with at least one migration", () => {
  expect(MIGRATIONS_DIR).toBe(path.resolve("drizzle"));
  expect(journal.entries.length).toBeGreaterThanOrEqual(1);
  for (const entry of journal.entries) expect(fs.existsSync(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`))).toBe(true);
});

describe("migrations on PGlite", () => {
  it("apply to an empty database and again without effect", async () => {
    const handle = await openDatabase({ dataDir: "memory" });
    try {
      await migrateDatabase(handle);
      expect(await publicTables(handle)).toEqual(EXPECTED_TABLES);
      expect(await appliedMigrations(handle)).toBe(journal.entries.length);
      await migrateDatabase(handle);
      expect(await publicTables(handle)).toEqual(EXPECTED_TABLES);
      expect(await appliedMigrations(handle)).toBe(journal.entries.length);
    } finally {
      await handle.close();
    }
  });
});

describe("migrations on real PostgreSQL", () => {
  let server: PostgresServer;
  let admin: pg.Client;

  beforeAll(async () => {
    server = await startPostgres();
    admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await server?.stop();
  });

  async function freshDatabase(name: string): Promise<string> {
    await admin.query(`create database ${name}`);
    return server.url.replace(/\/postgres$/, `/${name}`);
  }

  async function advisoryLocksHeld(): Promise<number> {
    const { rows } = await admin.query<{ n: number }>("select count(*)::int as n from pg_locks where locktype = 'advisory'");
    return rows[0].n;
  }

  it("apply to an empty database and again without effect, releasing the lock", async () => {
    const handle = await openDatabase({ url: await freshDatabase("migrate_twice") });
    try {
      await migrateDatabase(handle);
      expect(await publicTables(handle)).toEqual(EXPECTED_TABLES);
      await migrateDatabase(handle);
      expect(await publicTables(handle)).toEqual(EXPECTED_TABLES);
      expect(await appliedMigrations(handle)).toBe(journal.entries.length);
      expect(await advisoryLocksHeld()).toBe(0);
    } finally {
      await handle.close();
    }
  });

  it("two instances migrating at the same moment take turns instead of failing", async () => {
    const url = await freshDatabase("migrate_concurrently");
    const handles = await Promise.all([openDatabase({ url }), openDatabase({ url }), openDatabase({ url })]);
    try {
      const results = await Promise.allSettled(handles.map((h) => migrateDatabase(h)));
      expect(results.filter((r) => r.status === "rejected")).toEqual([]);
      expect(await publicTables(handles[0])).toEqual(EXPECTED_TABLES);
      expect(await appliedMigrations(handles[0])).toBe(journal.entries.length);
      expect(await advisoryLocksHeld()).toBe(0);
    } finally {
      await Promise.all(handles.map((h) => h.close()));
    }
  });
});
