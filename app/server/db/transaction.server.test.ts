import { DrizzleQueryError, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startPostgres, type PostgresServer } from "../../../tests/support/postgres";
import { createTestDatabase, queryRows, type TestDatabase } from "../../../tests/support/test-database";
import { TRANSACTION_MAX_RETRIES } from "~/domain/constants";
import { type DatabaseHandle, openDatabase } from "./client.server";
import { migrateDatabase } from "./migrate.server";
import { organisation } from "./schema";
import { inTransaction, isRetryableTransactionError } from "./transaction.server";

function pgError(code: string, message = `SQLSTATE ${code}`): Error {
  return Object.assign(new Error(message), { code });
}

/** As drizzle reports a failed query: its own error, with the driver's error as `cause`. */
function wrapped(code: string): Error {
  return new DrizzleQueryError("insert into …", [], pgError(code));
}

describe("isRetryableTransactionError", () => {
  it("retries serialization failures (40001) and deadlocks (40P01)", () => {
    expect(isRetryableTransactionError(pgError("40001"))).toBe(true);
    expect(isRetryableTransactionError(pgError("40P01"))).toBe(true);
  });

  it("finds the code in the cause chain, as drizzle wraps driver errors", () => {
    expect(isRetryableTransactionError(wrapped("40001"))).toBe(true);
    expect(isRetryableTransactionError(new Error("outer", { cause: wrapped("40P01") }))).toBe(true);
  });

  it("does not retry other errors", () => {
    for (const error of [pgError("23505"), pgError("40002"), pgError("57014"), wrapped("23503"), new Error("40001"), "40001", null, undefined, { code: 40001 }]) {
      expect(isRetryableTransactionError(error)).toBe(false);
    }
  });

  it("stops following causes after a few levels (and on cycles)", () => {
    let deep: unknown = pgError("40001");
    for (let i = 0; i < 10; i++) deep = new Error(`level ${i}`, { cause: deep });
    expect(isRetryableTransactionError(deep)).toBe(false);
    const cyclic: Error & { cause?: unknown } = new Error("cycle");
    cyclic.cause = cyclic;
    expect(isRetryableTransactionError(cyclic)).toBe(false);
  });
});

describe("inTransaction on PGlite", () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(async () => {
    await test?.close();
  });

  function noBackoff() {
    // The retry pause is random; zero keeps 25 retries fast without changing how many happen.
    vi.spyOn(Math, "random").mockReturnValue(0);
  }

  it("commits the work and returns its result, serializable by default", async () => {
    const result = await inTransaction(async (tx) => {
      await tx.insert(organisation).values({ id: "org-commit", name: "Committed" });
      const [row] = await queryRows<{ level: string }>(tx.execute(sql`select current_setting('transaction_isolation') as level`));
      return row.level;
    });
    expect(result).toBe("serializable");
    const rows = await test.handle.db.select().from(organisation).where(sql`${organisation.id} = 'org-commit'`);
    expect(rows).toHaveLength(1);
  });

  it.each([
    ["a bare 40001", () => pgError("40001")],
    ["a 40001 wrapped as cause", () => wrapped("40001")],
    ["a bare 40P01", () => pgError("40P01")],
  ])("retries %s until the work succeeds", async (_label, makeError) => {
    noBackoff();
    const failures = 3;
    let attempts = 0;
    const onRetry = vi.fn();
    const result = await inTransaction(
      async (tx) => {
        attempts++;
        await tx.insert(organisation).values({ name: `attempt ${attempts}` });
        if (attempts <= failures) throw makeError();
        return "done";
      },
      { onRetry },
    );
    expect(result).toBe("done");
    expect(attempts).toBe(failures + 1);
    expect(onRetry.mock.calls.map(([attempt]) => attempt)).toEqual([1, 2, 3]);
    // Failed attempts were rolled back: only the last insert remains.
    const names = (await test.handle.db.select({ name: organisation.name }).from(organisation)).map((r) => r.name);
    expect(names.filter((n) => n.startsWith("attempt "))).toEqual([`attempt ${failures + 1}`]);
    await test.handle.db.delete(organisation).where(sql`${organisation.name} like 'attempt %'`);
  });

  it("gives up after 25 retries: exactly 26 attempts, then the last error", async () => {
    noBackoff();
    expect(TRANSACTION_MAX_RETRIES).toBe(25);
    let attempts = 0;
    const onRetry = vi.fn();
    const error = wrapped("40001");
    await expect(
      inTransaction(
        async () => {
          attempts++;
          throw error;
        },
        { onRetry },
      ),
    ).rejects.toBe(error);
    expect(attempts).toBe(26);
    expect(onRetry).toHaveBeenCalledTimes(25);
    expect(onRetry.mock.calls.at(-1)?.[0]).toBe(25);
  });

  it("succeeds on the 26th attempt (the last one allowed)", async () => {
    noBackoff();
    let attempts = 0;
    await expect(
      inTransaction(async () => {
        attempts++;
        if (attempts < 26) throw pgError("40001");
        return attempts;
      }),
    ).resolves.toBe(26);
  });

  it("does not retry other errors, and rolls their work back", async () => {
    let attempts = 0;
    const onRetry = vi.fn();
    const error = pgError("23505", "duplicate key");
    await expect(
      inTransaction(
        async (tx) => {
          attempts++;
          await tx.insert(organisation).values({ id: "org-rolled-back", name: "Rolled back" });
          throw error;
        },
        { onRetry },
      ),
    ).rejects.toBe(error);
    expect(attempts).toBe(1);
    expect(onRetry).not.toHaveBeenCalled();
    expect(await test.handle.db.select().from(organisation).where(sql`${organisation.id} = 'org-rolled-back'`)).toEqual([]);
  });

  it("does not retry a real constraint violation from the database", async () => {
    let attempts = 0;
    const insert = () =>
      inTransaction(async (tx) => {
        attempts++;
        await tx.insert(organisation).values({ id: "org-duplicate", name: "Duplicate" });
      });
    await insert();
    attempts = 0;
    await expect(insert()).rejects.toThrow();
    expect(attempts).toBe(1);
  });

  it("runs on the database passed in, at the isolation level asked for", async () => {
    const level = await inTransaction(
      async (tx) => (await queryRows<{ level: string }>(tx.execute(sql`select current_setting('transaction_isolation') as level`)))[0].level,
      { db: test.handle.db, isolationLevel: "read committed" },
    );
    expect(level).toBe("read committed");
  });
});

describe("inTransaction on real PostgreSQL", () => {
  let server: PostgresServer;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    server = await startPostgres();
    handle = await openDatabase({ url: server.url });
    await migrateDatabase(handle);
    await handle.pool!.query("create table booking (seat integer not null)");
  });
  afterAll(async () => {
    await handle?.close();
    await server?.stop();
  });

  it("retries a genuine serialization failure between two overlapping transactions", async () => {
    // Both transactions read the number of bookings, wait until the other has read too, then book the next
    // seat. Under serializable isolation one of them must fail (write skew) and, retried, book the seat after.
    let arrived = 0;
    let releaseBarrier!: () => void;
    const barrier = new Promise<void>((resolve) => (releaseBarrier = resolve));
    const retries: unknown[] = [];
    const firstAttempt = new Set<string>();

    const book = (who: string) =>
      inTransaction(
        async (tx) => {
          const rows = await queryRows<{ n: number }>(tx.execute(sql`select count(*)::int as n from booking`));
          if (!firstAttempt.has(who)) {
            firstAttempt.add(who);
            if (++arrived === 2) releaseBarrier();
            await barrier;
          }
          const seat = rows[0].n + 1;
          await tx.execute(sql`insert into booking (seat) values (${seat})`);
          return seat;
        },
        { db: handle.db, onRetry: (_attempt, error) => retries.push(error) },
      );

    const seats = await Promise.all([book("a"), book("b")]);

    expect(retries.length).toBeGreaterThanOrEqual(1);
    expect(retries.every(isRetryableTransactionError)).toBe(true);
    expect(seats.sort()).toEqual([1, 2]);
    const { rows } = await handle.pool!.query<{ seat: number }>("select seat from booking order by seat");
    expect(rows.map((r) => r.seat)).toEqual([1, 2]);
  });

  it("without retries the same conflict would have failed one of them", async () => {
    await handle.pool!.query("delete from booking");
    let arrived = 0;
    let releaseBarrier!: () => void;
    const barrier = new Promise<void>((resolve) => (releaseBarrier = resolve));
    const bookOnce = () =>
      handle.db.transaction(
        async (tx) => {
          const rows = await queryRows<{ n: number }>(tx.execute(sql`select count(*)::int as n from booking`));
          if (++arrived === 2) releaseBarrier();
          await barrier;
          await tx.execute(sql`insert into booking (seat) values (${rows[0].n + 1})`);
        },
        { isolationLevel: "serializable" },
      );
    const results = await Promise.allSettled([bookOnce(), bookOnce()]);
    const failures = results.filter((r) => r.status === "rejected");
    expect(failures).toHaveLength(1);
    expect(isRetryableTransactionError((failures[0] as PromiseRejectedResult).reason)).toBe(true);
  });
});
