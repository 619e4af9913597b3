import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REQUEST_TIMEOUT_MS } from "~/domain/constants";
import { queryRows } from "../../../tests/support/test-database";
import { openDatabase, type DatabaseHandle } from "./client.server";
import { PGliteThread } from "./pglite-thread.server";
import { inTransaction, isRetryableTransactionError } from "./transaction.server";

// A data directory's PGlite runs in a worker thread (decision 095). These are the calls the server makes of it,
// through Drizzle and directly, with the answers one PGlite in this thread would give.
describe("PGlite in its own thread", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "casus-pglite-thread-"));
  let handle: DatabaseHandle;
  const rows = async () => (await queryRows<{ name: string }>(handle.db.execute(sql`select name from thread_check order by name`))).map((r) => r.name);

  beforeAll(async () => {
    handle = await openDatabase({ dataDir });
    await handle.db.execute(sql`create table thread_check (name text primary key, at timestamptz not null default now())`);
    // A new PGlite runs initdb in WebAssembly: seconds alone, far more beside a busy suite.
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("is a thread, not this one: the event loop keeps turning while a long statement runs", async () => {
    expect(handle.pglite).toBeInstanceOf(PGliteThread);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    await handle.db.execute(sql`select count(*) from generate_series(1, 3000000)`);
    clearInterval(timer);
    // In this thread the statement would hold the event loop for its whole run: no tick at all.
    expect(ticks).toBeGreaterThan(3);
  });

  it("starts with the server's settings: small shared buffers and the statement timeout", async () => {
    const thread = handle.pglite as PGliteThread;
    const { rows: buffers } = await thread.query<{ bytes: string }>("select setting::bigint * 8192 as bytes from pg_settings where name = 'shared_buffers'");
    expect(Number(buffers[0].bytes)).toBeLessThanOrEqual(24 * 1024 * 1024);
    const { rows: timeout } = await thread.query<{ statement_timeout: string }>("show statement_timeout");
    expect(timeout[0].statement_timeout).toBe(`${REQUEST_TIMEOUT_MS / 1000}s`);
  });

  it("answers Drizzle as PGlite does, dates left as text", async () => {
    await handle.db.execute(sql`insert into thread_check (name) values ('first')`);
    const found = await queryRows<{ name: string; at: unknown }>(handle.db.execute(sql`select name, at from thread_check`));
    expect(found).toHaveLength(1);
    expect(found[0].name).toBe("first");
    expect(typeof found[0].at).toBe("string");
  });

  it("commits a transaction, and rolls one back when its work throws", async () => {
    await inTransaction(
      async (tx) => {
        await tx.execute(sql`insert into thread_check (name) values ('committed')`);
      },
      { db: handle.db },
    );
    await expect(
      inTransaction(
        async (tx) => {
          await tx.execute(sql`insert into thread_check (name) values ('rolled-back')`);
          throw new Error("changed my mind");
        },
        { db: handle.db },
      ),
    ).rejects.toThrow("changed my mind");
    expect(await rows()).toEqual(["committed", "first"]);
  });

  it("keeps a statement outside a transaction waiting until the transaction ends", async () => {
    let outside: Promise<string[]> | null = null;
    await inTransaction(
      async (tx) => {
        await tx.execute(sql`insert into thread_check (name) values ('inside')`);
        outside = rows();
        // Give the outside statement every chance to run early.
        await new Promise((resolve) => setTimeout(resolve, 50));
        await tx.execute(sql`insert into thread_check (name) values ('inside-later')`);
      },
      { db: handle.db },
    );
    expect(await outside!).toEqual(["committed", "first", "inside", "inside-later"]);
  });

  it("gives errors PostgreSQL's fields, so a unique violation and a serialization failure are told apart", async () => {
    const duplicate = await handle.db.execute(sql`insert into thread_check (name) values ('first')`).catch((error: unknown) => error);
    const cause = (duplicate as { cause?: Record<string, unknown> }).cause;
    expect(cause).toMatchObject({ code: "23505", constraint: "thread_check_pkey", table: "thread_check" });
    expect(isRetryableTransactionError(duplicate)).toBe(false);

    let attempts = 0;
    const serialization = await inTransaction(
      async (tx) => {
        attempts++;
        await tx.execute(sql.raw(`do $$ begin raise exception 'conflict' using errcode = '40001'; end $$`));
      },
      { db: handle.db },
    ).catch((error: unknown) => error);
    expect(isRetryableTransactionError(serialization)).toBe(true);
    expect(attempts).toBeGreaterThan(1);
  });

  it("delivers notifications to listeners until they stop listening", async () => {
    const thread = handle.pglite as PGliteThread;
    const heard: string[] = [];
    const unlisten = await thread.listen("thread_check", (payload) => heard.push(payload));
    await thread.query("select pg_notify('thread_check', 'one')");
    await expect.poll(() => heard).toEqual(["one"]);
    await unlisten();
    await thread.query("select pg_notify('thread_check', 'two')");
    await thread.query("select 1");
    expect(heard).toEqual(["one"]);
  });

  it("refuses what would reach the thread changed: a parser, another query option, a Buffer or URL as a parameter", async () => {
    const thread = handle.pglite as PGliteThread;
    await expect(thread.query("select 1::int4 as x", [], { parsers: { 23: (value: string) => Number(value) * 2 } })).rejects.toThrow(/only parsers/);
    await expect(thread.query("select $1::int4 as x", [1], { paramTypes: [23] })).rejects.toThrow(/query option "paramTypes"/);
    // In this thread PGlite writes a Buffer as its text; cloned, it would arrive as bytes written as "104,105".
    await expect(thread.query("select $1::text as x", [Buffer.from("hi")])).rejects.toThrow(/cannot take a Buffer/);
    await expect(thread.query("select $1::text as x", [new URL("https://casus.test/")])).rejects.toThrow(/cannot take a URL/);
    // A function cannot be copied at all: that call fails, and the thread answers the next.
    await expect(thread.query("select $1::text as x", [() => 1])).rejects.toThrow();
    const { rows } = await thread.query<{ x: string; at: string; bytes: Uint8Array; n: string; a: string }>(
      "select $1::text as x, $2::timestamptz::text as at, $3::bytea as bytes, $4::int8::text as n, $5::jsonb->>'a' as a",
      ["plain", new Date("2026-11-27T12:00:00Z"), new Uint8Array([1, 2]), 12n, { a: "b" }],
    );
    expect(rows[0]).toMatchObject({ x: "plain", at: "2026-11-27 12:00:00+00", n: "12", a: "b" });
    expect([...rows[0].bytes]).toEqual([1, 2]);
  });

  it("lets a failed LISTEN be tried again, and answers a second listener only once the LISTEN is in place", async () => {
    const thread = handle.pglite as PGliteThread;
    await expect(thread.listen('no such"channel', () => {})).rejects.toThrow();
    await expect(thread.listen('no such"channel', () => {})).rejects.toThrow();
    const heard: string[] = [];
    const [first, second] = await Promise.all([thread.listen("twice", (p) => heard.push(`a:${p}`)), thread.listen("twice", (p) => heard.push(`b:${p}`))]);
    await thread.query("select pg_notify('twice', 'x')");
    await expect.poll(() => [...heard].sort()).toEqual(["a:x", "b:x"]);
    await first();
    await second();
  });

  it("fails every call after it is closed, and its data is there when the directory is opened again", async () => {
    await handle.close();
    await expect(handle.db.execute(sql`select 1`)).rejects.toThrow();
    handle = await openDatabase({ dataDir });
    expect(await rows()).toEqual(["committed", "first", "inside", "inside-later"]);
  }, 60_000);
});
