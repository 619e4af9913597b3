import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADDRESS_RATE_LIMIT_WINDOW_MS } from "~/domain/constants";
import { createTestDatabase, queryRows, type TestDatabase } from "../../../../tests/support/test-database";
import { sql } from "drizzle-orm";
import { countAddressAttempt } from "./address-rate-limit.server";

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(async () => {
  await test.close();
});

describe("sign-in attempts per e-mail address", () => {
  it("allows `limit` attempts per window, then answers the seconds until the window ends", async () => {
    const t0 = 1_800_000_000_000;
    const db = test.handle.db;
    expect(await countAddressAttempt(db, "pia@casus.test", 2, t0)).toBeNull();
    expect(await countAddressAttempt(db, "PIA@casus.test ", 2, t0 + 1000)).toBeNull();
    expect(await countAddressAttempt(db, "pia@casus.test", 2, t0 + 60_000)).toBe(ADDRESS_RATE_LIMIT_WINDOW_MS / 1000 - 60);
    // Another address is counted on its own.
    expect(await countAddressAttempt(db, "piet@casus.test", 2, t0 + 60_000)).toBeNull();
    // After the window, counting starts over.
    expect(await countAddressAttempt(db, "pia@casus.test", 2, t0 + ADDRESS_RATE_LIMIT_WINDOW_MS + 1)).toBeNull();
  });

  it("counts concurrent attempts exactly, and stores a hash, never the address", async () => {
    const db = test.handle.db;
    const now = 1_900_000_000_000;
    const results = await Promise.all(Array.from({ length: 10 }, () => countAddressAttempt(db, "busy@casus.test", 4, now)));
    expect(results.filter((r) => r === null)).toHaveLength(4);
    const keys = await queryRows<{ key: string }>(db.execute(sql`select key from rate_limit where key like 'address:%'`));
    expect(keys.every((k) => !k.key.includes("@"))).toBe(true);
  });
});
