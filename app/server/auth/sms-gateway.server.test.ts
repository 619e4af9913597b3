/**
 * SMS through a real SMPP gateway on loopback (issue 17 point 4, decision 082): phone sign-in and the SMS second
 * factor complete with the codes the gateway received; a gateway that refuses, does not answer, or refuses the bind
 * is a clear failure, logged without the number, and the code is tried again from the job queue (sealed) until the
 * gateway takes it or the code lapses; a dropped session is bound again for the next SMS.
 */
import { eq, sql } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startSmppGateway, type SmppGateway } from "../../../tests/support/smpp-gateway";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { AppError } from "~/domain/errors";
import { systemDb } from "../db/client.server";
import { user as userTable } from "../db/schema";
import { createOrganisation, createProfessional } from "../demo/factories.server";
import { createDelivery, delivery, installDelivery } from "../mail/delivery.server";
import { createSmppSmsSender, parseSmppUrl, SmppError } from "../mail/smpp-sms-sender.server";
import { capturingLogger } from "../mail/test-support";
import { confirmEnrolment, startEnrolment } from "../account/second-factor-enrolment.server";
import { loadSessionUser } from "./session.server";
import { signInWithPassword } from "./password-sign-in.server";
import { requestPhoneSignInCode, verifyPhoneSignInCode } from "./phone-sign-in.server";
import { completeSecondFactor, sendSecondFactorSms } from "./second-factor-challenge.server";
import { retrySmsCode } from "../jobs/sms-code-retry.server";
import { seal } from "../jobs/sealed-payload.server";

const PASSWORD = "kraanvogel-tandpasta-oktober-7";
const PHONE = "+31612345678";
const origin = { requestId: "test", ipAddress: "127.0.0.1" };
let database: TestDatabase;
let gateway: SmppGateway;
let lines: Record<string, unknown>[];
let proId: string;

beforeAll(async () => {
  gateway = await startSmppGateway();
  database = await createTestDatabase({ MFA_REQUIRED_ROLES: "", SIGN_IN_RATE_LIMIT_PER_MINUTE: "1000" });
  await database.startJobWorkers();
  const captured = capturingLogger();
  lines = captured.lines;
  installDelivery(createDelivery({ ...database.config, smsSmpp: parseSmppUrl(gateway.url()).settings }, captured.log));
  const organisation = await createOrganisation({ name: "Praktijk De Brug" });
  proId = (await createProfessional({ email: "pro@brug.test", name: "Bo Brug", password: PASSWORD, organisationId: organisation.id })).id;
  await systemDb().update(userTable).set({ phoneNumber: PHONE, phoneNumberVerified: true }).where(eq(userTable.id, proId));
});
afterAll(async () => {
  delivery().close();
  await gateway?.close();
  await database?.close();
});
beforeEach(() => {
  gateway.mode = "accept";
});

/** The six-digit code in the newest message the gateway accepted for the number. */
async function codeFromGateway(count: number): Promise<string> {
  await vi.waitFor(() => expect(gateway.messages.filter((m) => m.destination === PHONE.slice(1))).toHaveLength(count), { timeout: 5000 });
  return /\b(\d{6})\b/.exec(gateway.messages.at(-1)!.body)![1];
}

function cookieHeader(setCookies: string[]): Headers {
  return new Headers({ cookie: setCookies.map((c) => c.split(";")[0]).join("; "), "user-agent": "vitest" });
}

describe("SMS over SMPP", () => {
  it("signs in by phone with the code the gateway delivered, from the configured sender", async () => {
    await requestPhoneSignInCode("06 12345678", new Headers(), origin);
    const code = await codeFromGateway(1);
    expect(gateway.messages[0]).toMatchObject({ source: "Casus", destination: "31612345678" });
    const result = await verifyPhoneSignInCode(PHONE, code, new Headers(), origin);
    expect(result.ok).toBe(true);
    const session = await loadSessionUser(cookieHeader((result as { setCookies: string[] }).setCookies));
    expect(session?.id).toBe(proId);
    // One masked line per SMS: the transport, never the number.
    expect(lines.filter((l) => l.msg === "SMS sent").at(-1)).toMatchObject({ sms: { transport: "smpp", to: expect.stringMatching(/\*/) } });
    expect(JSON.stringify(lines)).not.toContain("612345678");
  });

  it("completes the SMS second factor through the gateway", async () => {
    const first = await signInWithPassword({ email: "pro@brug.test", password: PASSWORD }, new Headers(), origin);
    const headers = cookieHeader((first as { setCookies: string[] }).setCookies);
    const signedIn = (await loadSessionUser(headers))!;
    const enrolment = await startEnrolment(signedIn, origin);
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(enrolment.manualKey), digits: 6, period: 30 });
    expect(await confirmEnrolment(signedIn, totp.generate(), origin)).toBe(true);

    const challenged = await signInWithPassword({ email: "pro@brug.test", password: PASSWORD }, new Headers(), origin);
    expect(challenged.ok).toBe("second-factor");
    const pending = cookieHeader((challenged as { setCookies: string[] }).setCookies);
    const before = gateway.messages.length;
    expect(await sendSecondFactorSms(pending, origin)).toBe(true);
    const code = await codeFromGateway(before + 1);
    expect((await completeSecondFactor("sms", code, pending, origin)).ok).toBe(true);
  });

  it("reports a gateway's refusal as not sent, with its status and without the number", async () => {
    gateway.mode = "refuse";
    const error = await delivery()
      .sendSms({ phoneNumber: PHONE, locale: "nl" }, "sms-code", { code: "123456", minutes: 10 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "mail-delivery-failed", details: { channel: "sms" } });
    const failed = lines.filter((l) => l.msg === "SMS could not be sent").at(-1);
    expect(failed).toMatchObject({ sms: { transport: "smpp" }, err: { message: "the SMS gateway refused the message (status 0x0045)" } });
    expect(JSON.stringify(lines)).not.toContain("612345678");
  });

  it("tries a refused sign-in code again from the job queue, sealed, until the gateway takes it", async () => {
    gateway.mode = "refuse";
    const before = gateway.messages.length;
    await requestPhoneSignInCode("06 12345678", new Headers(), origin);
    // The request answered as always; the code waits in the queue, sealed: no number, no code in the clear.
    const jobs = async () =>
      (await database.handle.db.execute(sql`select id, state, data::text as data from pgboss.job where name = 'sms-code' order by created_on`)) as unknown as {
        rows: { id: string; state: string; data: string }[];
      };
    await vi.waitFor(async () => expect((await jobs()).rows.length).toBeGreaterThan(0), { timeout: 5000 });
    const [job] = (await jobs()).rows.slice(-1);
    expect(job.data).not.toContain("612345678");
    expect(job.data).not.toMatch(/"code"/);
    await database.settleJobs();
    expect((await jobs()).rows.at(-1)?.state).toBe("retry");
    expect(gateway.messages.length).toBe(before);

    // The gateway is back: the retry (brought forward instead of waiting for its backoff) delivers the same code.
    gateway.mode = "accept";
    await database.handle.db.execute(sql`update pgboss.job set start_after = now() where id = ${job.id}`);
    const code = await codeFromGateway(before + 1);
    await database.settleJobs();
    expect((await jobs()).rows.at(-1)?.state).toBe("completed");
    // The code is right (this user enrolled an authenticator above, so the second factor comes next).
    expect((await verifyPhoneSignInCode(PHONE, code, new Headers(), origin)).ok).toBe("second-factor");
    expect(JSON.stringify(lines)).not.toContain("612345678");
  });

  it("lets a queued code lapse with the code itself, and cannot open one sealed under another secret", async () => {
    const now = Date.now();
    const data = { sealed: seal({ phoneNumber: PHONE, locale: "nl", code: "424242" }), expiresAt: new Date(now + 60_000).toISOString() };
    const before = gateway.messages.length;
    expect(await retrySmsCode(data, undefined, now + 61_000)).toBe("lapsed");
    expect(await retrySmsCode({ ...data, sealed: seal({ phoneNumber: PHONE }, "another-secret-another-secret-0123456789") }, undefined, now)).toBe("unreadable");
    expect(gateway.messages.length).toBe(before);
    expect(await retrySmsCode(data, undefined, now)).toBe("sent");
    expect(await codeFromGateway(before + 1)).toBe("424242");
  });

  it("gives up on a gateway that does not answer, and binds anew once it does", async () => {
    const sender = createSmppSmsSender(parseSmppUrl(gateway.url()).settings!, { timeoutMs: 400 });
    try {
      gateway.mode = "silent";
      await expect(sender.send({ to: PHONE, body: "Code 111111" })).rejects.toMatchObject({ code: "smpp-timeout" });
      gateway.mode = "accept";
      const binds = gateway.binds;
      await sender.send({ to: PHONE, body: "Code 222222" });
      expect(gateway.binds).toBe(binds + 1);
      // The gateway drops the session (a restart): the next SMS binds again and goes through.
      gateway.dropSessions();
      await vi.waitFor(async () => {
        await sender.send({ to: PHONE, body: "Code 333333" });
      });
      expect(gateway.messages.at(-1)?.body).toBe("Code 333333");
    } finally {
      sender.close?.();
    }
  });

  it("reports a refused bind (a wrong password) and an unreachable gateway", async () => {
    const wrong = createSmppSmsSender(parseSmppUrl(gateway.url("Casus", "fout")).settings!, { timeoutMs: 2000 });
    await expect(wrong.send({ to: PHONE, body: "x" })).rejects.toMatchObject({ code: "smpp-bind-refused" });
    wrong.close?.();
    const nowhere = createSmppSmsSender({ ...parseSmppUrl(gateway.url()).settings!, port: 1 }, { timeoutMs: 2000 });
    const error = await nowhere.send({ to: PHONE, body: "x" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmppError);
    expect(error).toMatchObject({ code: "smpp-unreachable" });
  });

  it("reads SMS_SMPP_URL, and refuses one it cannot use", () => {
    expect(parseSmppUrl("smpps://casus:p%40ss@gw.example?source=0612345678").settings).toEqual({ host: "gw.example", port: 3550, tls: true, systemId: "casus", password: "p@ss", source: "0612345678" });
    expect(parseSmppUrl("smpp://gw.example").problems).toEqual(["names no system id (smpp://system_id:password@host)"]);
    expect(parseSmppUrl("http://casus:x@gw.example").problems).toContain("must start with smpp:// or smpps:// (TLS)");
    expect(parseSmppUrl("smpp://casus:x@gw.example?source=Casus-Kliniek-Utrecht").problems).toEqual(["source must be up to 11 letters and digits, or a phone number"]);
  });
});
