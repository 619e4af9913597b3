/**
 * Asking for an e-mail sign-in link tells nobody whether the address has an account: the answer is the same, and
 * it does not wait for the mail (sent after answering), so neither its timing nor a failing mail server differs.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { installSlowSmtp } from "../../../tests/support/people";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { createOrganisation, createProfessional } from "../demo/factories.server";
import { requestSignInLink } from "./magic-link-sign-in.server";

const SLOW_SMTP_MS = 2000;
const origin = { requestId: "req", ipAddress: "127.0.0.1" };
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ SIGN_IN_RATE_LIMIT_PER_MINUTE: "1000" });
  await database.startJobWorkers();
  const org = await createOrganisation({ name: "Praktijk De Linde" });
  await createProfessional({ email: "joke@linde.test", name: "Joke Jansen", password: "kraanvogel-tandpasta-oktober-7", organisationId: org.id });
});
afterAll(async () => {
  await database?.close();
});

describe("the e-mail sign-in link", () => {
  it("answers a known and an unknown address alike, without waiting for a slow mail server", async () => {
    const slow = await installSlowSmtp(database, SLOW_SMTP_MS);
    try {
      const timed = async (email: string) => {
        const start = performance.now();
        const answer = await requestSignInLink({ email, redirectTo: null, locale: "nl" }, new Headers(), origin);
        return { ok: answer.ok, ms: performance.now() - start };
      };
      await timed("warm-up@linde.test");
      const known = await timed("joke@linde.test");
      const unknown = await timed("nobody@linde.test");
      expect(known.ok).toBe(true);
      expect(unknown.ok).toBe(true);
      expect(known.ms).toBeLessThan(SLOW_SMTP_MS);
      await vi.waitFor(() => expect(slow.received).toEqual(["joke@linde.test"]), { timeout: SLOW_SMTP_MS * 3 });
    } finally {
      await slow.close();
    }
  });

  it("answers alike when the mail server is down: the failure is logged, not shown", async () => {
    const down = await installSlowSmtp(database, 0);
    await down.close();
    const known = await requestSignInLink({ email: "joke@linde.test", redirectTo: null, locale: "nl" }, new Headers(), origin);
    const unknown = await requestSignInLink({ email: "nobody@linde.test", redirectTo: null, locale: "nl" }, new Headers(), origin);
    expect(known.ok).toBe(true);
    expect(unknown.ok).toBe(true);
  });
});
