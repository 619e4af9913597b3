/**
 * The uploads' PostgreSQL locker (decision 084) on a real PostgreSQL, with two lockers standing for two instances:
 * one holder per upload across both, a newcomer on the other instance makes the holder let go (NOTIFY), a holder
 * that does not is waited for until the timeout, and a holder whose process dies (its session ends) frees the lock.
 */
import pg from "pg";
import { ERRORS } from "@tus/utils";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPostgres, type PostgresServer } from "../../../tests/support/postgres";
import { PostgresUploadLocker, UPLOAD_LOCKER_NAME } from "./upload-locker.server";

let postgres: PostgresServer;
const lockers: PostgresUploadLocker[] = [];

beforeAll(async () => {
  postgres = await startPostgres();
}, 120_000);
afterAll(async () => {
  for (const l of lockers) await l.close();
  await postgres?.stop();
});

function instance(timeoutMs = 5_000): PostgresUploadLocker {
  const locker = new PostgresUploadLocker(postgres.url, timeoutMs);
  lockers.push(locker);
  return locker;
}

const never = () => new AbortController().signal;

describe("the uploads' locker across instances", () => {
  it("lets one request at a time hold an upload, and hands it over when the holder is asked to let go", async () => {
    const a = instance();
    const b = instance();
    const id = crypto.randomUUID();
    const onA = a.newLock(id);
    let askedA = 0;
    await onA.lock(never(), async () => {
      // tus ends the holding request; its handler then unlocks.
      askedA++;
      await onA.unlock();
    });
    const onB = b.newLock(id);
    const started = Date.now();
    await onB.lock(never(), () => {});
    expect(askedA).toBe(1);
    expect(Date.now() - started).toBeLessThan(3_000);
    // Another upload is independent.
    const other = a.newLock(crypto.randomUUID());
    await other.lock(never(), () => {});
    await other.unlock();
    await onB.unlock();
  });

  it("waits for a holder that does not let go, and gives up at the timeout", async () => {
    const a = instance();
    const b = instance(600);
    const id = crypto.randomUUID();
    const onA = a.newLock(id);
    await onA.lock(never(), () => {});
    await expect(b.newLock(id).lock(never(), () => {})).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    await onA.unlock();
    const onB = b.newLock(id);
    await onB.lock(never(), () => {});
    await onB.unlock();
  });

  it("frees the lock of an instance whose database session ends (its process died)", async () => {
    const a = instance();
    const b = instance(10_000);
    const id = crypto.randomUUID();
    await a.newLock(id).lock(never(), () => {});
    const waiting = b.newLock(id).lock(never(), () => {});
    // The holder's session ends as when its process is killed: PostgreSQL drops its advisory locks.
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    const { rows } = await admin.query<{ pid: number }>(
      "select l.pid from pg_locks l join pg_stat_activity s on s.pid = l.pid where l.locktype = 'advisory' and s.application_name = $1",
      [UPLOAD_LOCKER_NAME],
    );
    expect(rows).toHaveLength(1);
    await admin.query("select pg_terminate_backend($1)", [rows[0].pid]);
    await admin.end();
    await expect(waiting).resolves.toBeUndefined();
  });

  it("within one instance, the newest request takes over as with tus's own locker", async () => {
    const a = instance();
    const id = crypto.randomUUID();
    const first = a.newLock(id);
    await first.lock(never(), async () => {
      await first.unlock();
    });
    const second = a.newLock(id);
    await second.lock(never(), () => {});
    await second.unlock();
  });
});
