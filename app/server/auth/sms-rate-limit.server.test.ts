/** The SMS limits: per number, per user, per client address, shared through the database. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { mayText } from "./sms-rate-limit.server";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ SMS_RATE_LIMIT_PER_HOUR: "3" });
});
afterAll(async () => {
  await database.close();
});

const HOUR = 60 * 60 * 1000;

async function sends(count: number, phone: (i: number) => string, who: (i: number) => { userId: string | null; clientIp: string | null }, now: number) {
  const answers: boolean[] = [];
  for (let i = 0; i < count; i++) answers.push(await mayText(phone(i), who(i), now));
  return answers;
}

describe("SMS limits", () => {
  it("per number: the setting's count per hour, whoever asks, then again after the hour", async () => {
    const t0 = Date.UTC(2026, 10, 1, 9);
    const anyone = (i: number) => ({ userId: `u${i}`, clientIp: `10.0.0.${i}` });
    expect(await sends(4, () => "+31611111111", anyone, t0)).toEqual([true, true, true, false]);
    expect(await mayText("+31622222222", anyone(9), t0)).toBe(true);
    expect(await mayText("+31611111111", anyone(10), t0 + HOUR + 1)).toBe(true);
  });

  it("per user: twice the setting, over several numbers", async () => {
    const t0 = Date.UTC(2026, 10, 2, 9);
    const answers = await sends(7, (i) => `+316333333${String(i).padStart(2, "0")}`, (i) => ({ userId: "same-user", clientIp: `10.1.0.${i}` }), t0);
    expect(answers).toEqual([true, true, true, true, true, true, false]);
  });

  it("per client address: five times the setting, over several numbers and users", async () => {
    const t0 = Date.UTC(2026, 10, 3, 9);
    const answers = await sends(16, (i) => `+316444444${String(i).padStart(2, "0")}`, (i) => ({ userId: `v${i}`, clientIp: "192.0.2.7" }), t0);
    expect(answers.filter(Boolean)).toHaveLength(15);
    expect(answers.at(-1)).toBe(false);
  });
});
