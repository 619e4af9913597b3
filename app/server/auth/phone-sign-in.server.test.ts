/**
 * Asking for an SMS sign-in code tells nobody whether the number has an account: the same answer, the same
 * counting against the SMS limit, and no waiting for the SMS provider (the code is sent after answering), so a
 * slow or failing provider cannot make a registered number answer slower than an unknown one.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { installOutbox } from "../../../tests/support/people";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { systemDb } from "../db/client.server";
import { user } from "../db/schema";
import { createOrganisation, createProfessional } from "../demo/factories.server";
import { delivery, installDelivery, type Delivery } from "../mail/delivery.server";
import { listOutbox } from "../mail/outbox-reader.server";
import { requestPhoneSignInCode } from "./phone-sign-in.server";

const SLOW_SMS_MS = 2000;
const KNOWN = "+31612345678";
const UNKNOWN = "+31687654321";
const origin = { requestId: "req", ipAddress: "127.0.0.1" };
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ SIGN_IN_RATE_LIMIT_PER_MINUTE: "1000" });
  installOutbox(database);
  const org = await createOrganisation({ name: "Praktijk Het Anker" });
  const pro = await createProfessional({ email: "sanne@anker.test", name: "Sanne Smit", password: "kraanvogel-tandpasta-oktober-7", organisationId: org.id });
  await systemDb().update(user).set({ phoneNumber: KNOWN, phoneNumberVerified: true }).where(eq(user.id, pro.id));
});
afterAll(async () => {
  await database?.close();
});

/** The real outbox delivery behind an SMS provider that takes SLOW_SMS_MS to accept each message. */
function installSlowSms(): { restore(): void } {
  const real = delivery();
  const slow: Delivery = Object.create(real) as Delivery;
  slow.sendSms = async (...args) => {
    await new Promise((resolve) => setTimeout(resolve, SLOW_SMS_MS));
    return real.sendSms(...args);
  };
  installDelivery(slow);
  return { restore: () => installDelivery(real) };
}

async function smsTo(phone: string): Promise<number> {
  return (await listOutbox(delivery().outboxDir, 500)).filter((entry) => entry.kind === "sms" && entry.to === phone).length;
}

describe("the SMS sign-in code", () => {
  it("answers a registered and an unknown number alike, without waiting for a slow SMS provider", async () => {
    const slow = installSlowSms();
    try {
      const timed = async (phone: string) => {
        const start = performance.now();
        const canonical = await requestPhoneSignInCode(phone, new Headers(), origin);
        return { canonical, ms: performance.now() - start };
      };
      await timed("+31655501234"); // warm-up
      const known = await timed(KNOWN);
      const unknown = await timed(UNKNOWN);
      expect(known.canonical).toBe(KNOWN);
      expect(unknown.canonical).toBe(UNKNOWN);
      expect(known.ms).toBeLessThan(SLOW_SMS_MS);
      // The code still reaches the registered number, and only that one.
      await vi.waitFor(async () => expect(await smsTo(KNOWN)).toBe(1), { timeout: SLOW_SMS_MS * 3 });
      expect(await smsTo(UNKNOWN)).toBe(0);
    } finally {
      slow.restore();
    }
  });
});
