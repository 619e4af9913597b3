/** A fresh database on the shared test PostgreSQL, for a spec that runs its own Casus server and reads its tables. */
import crypto from "node:crypto";
import pg from "pg";

export async function createOwnDatabase(): Promise<{ url: string; query<T extends pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<T[]>; close(): Promise<void> }> {
  const shared = process.env.E2E_DATABASE_URL;
  if (!shared) throw new Error("E2E_DATABASE_URL is not set: run the browser tests through playwright.config.ts");
  const name = `casus_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: shared });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(shared);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  let connected = false;
  return {
    url: url.toString(),
    async query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) {
      if (!connected) {
        await client.connect();
        connected = true;
      }
      return (await client.query<T>(sql, params)).rows;
    },
    close: async () => {
      if (connected) await client.end();
    },
  };
}
