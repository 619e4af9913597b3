import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findPostgresBinDir, startPostgres, type PostgresServer } from "../support/postgres";

describe("tests/support/postgres", () => {
  let server: PostgresServer;
  beforeAll(async () => {
    server = await startPostgres();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("finds the newest server binaries", () => {
    expect(findPostgresBinDir()).toMatch(/\/bin$/);
  });

  it("runs a real PostgreSQL server on 127.0.0.1 with fsync off", async () => {
    expect(server.url).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:\d+\/postgres$/);
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ version: string; fsync: string; listen: string }>(
        "select version() as version, current_setting('fsync') as fsync, current_setting('listen_addresses') as listen",
      );
      expect(rows[0].version).toMatch(/^PostgreSQL \d+/);
      expect(rows[0].fsync).toBe("off");
      expect(rows[0].listen).toBe("127.0.0.1");
    } finally {
      await client.end();
    }
  });
});
