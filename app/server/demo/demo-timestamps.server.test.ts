/**
 * The demo set is dated in the past only: a list must not say a dossier was made "in 10 minutes", nor sort it above
 * one that is really newer. The whole set (dossiers and practice history) on a migrated database.
 */
import { max, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { dossier } from "../db/schema";
import { seedDemoData } from "./seed-demo.server";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await database?.close();
});

/** Every timestamp column of every table, except deadlines (`expires_at`, `locked_until`, …), which lie ahead by nature. */
async function timestampColumns(): Promise<{ table: string; column: string }[]> {
  const result = await database.handle.db.execute(sql`
    select table_name as "table", column_name as "column" from information_schema.columns
    where table_schema = 'public' and data_type like 'timestamp%' and column_name !~ '(expires|until)'
    order by 1, 2`);
  return (result as unknown as { rows: { table: string; column: string }[] }).rows;
}

/** `table.column` of every value later than `moment`, with the latest of them. */
async function laterThan(moment: Date, columns: { table: string; column: string }[]): Promise<string[]> {
  const late: string[] = [];
  for (const { table, column } of columns) {
    const result = await database.handle.db.execute(sql`select max(${sql.identifier(column)}) as latest from ${sql.identifier(table)} where ${sql.identifier(column)} > ${moment.toISOString()}::timestamptz`);
    const [{ latest }] = (result as unknown as { rows: { latest: string | null }[] }).rows;
    if (latest) late.push(`${table}.${column}: ${new Date(latest).toISOString()}`);
  }
  return late;
}

it("dates no demo row after the moment it was seeded, and the dossiers' own times at or before the seed's now", async () => {
  const now = new Date();
  await seedDemoData({ history: true, now });
  const seeded = new Date();
  const columns = await timestampColumns();
  expect(columns.length).toBeGreaterThan(20);
  // Rows the database dates itself carry the moment they were written: none after the seed finished.
  expect(await laterThan(seeded, columns)).toEqual([]);
  // The times the demo chooses (dossiers, their steps, messages, media, patients): none after the `now` it was given.
  const chosen = columns.filter(({ table }) => ["dossier", "dossier_event", "dossier_message", "dossier_medium", "media", "patient"].includes(table));
  expect(chosen.map((c) => c.table)).toEqual(expect.arrayContaining(["dossier", "dossier_event", "dossier_message", "dossier_medium", "media", "patient"]));
  expect(await laterThan(now, chosen)).toEqual([]);
  // The newest demo dossier is still of today: moved back only as far as needed.
  const [{ newest }] = await database.handle.db.select({ newest: max(dossier.updatedAt) }).from(dossier);
  expect(now.getTime() - newest!.getTime()).toBeLessThan(60 * 60_000);
});
