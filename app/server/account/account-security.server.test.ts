/**
 * Account security end to end on a real (in-memory PGlite) database with Better Auth and its plugins, through the
 * same server functions the pages call: SMS sign-in (no enumeration, limited attempts, expiry), TOTP enrolment and
 * the second-factor challenge (authenticator, backup code, SMS), recent-login re-authentication, password change,
 * session revocation, the admin's second-factor reset, and the audit trail.
 */
import fs from "node:fs";
import path from "node:path";
import { and, eq, like, sql } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { AppError } from "~/domain/errors";
import { REAUTH_ATTEMPTS, RECENT_LOGIN_MS } from "~/domain/constants";
import { account, auditLog, session, twoFactor, user as userTable, verification } from "../db/schema";
import { systemDb } from "../db/client.server";
import { createAdmin, createOrganisation, createProfessional, createSupervisor } from "../demo/factories.server";
import { createDelivery, installDelivery } from "../mail/delivery.server";
import { outboxDir } from "../mail/outbox-files.server";
import { loadSessionUser, type SessionUser } from "../auth/session.server";
import { signInWithPassword } from "../auth/password-sign-in.server";
import { requestPhoneSignInCode, verifyPhoneSignInCode } from "../auth/phone-sign-in.server";
import { completeSecondFactor, pendingSecondFactor, sendSecondFactorSms } from "../auth/second-factor-challenge.server";
import { resetSecondFactor } from "../auth/reset-second-factor.server";
import { answerAccountAction, handleAccountAction } from "./account-page.server";
import { isRecentLogin } from "./recent-login.server";
import { confirmEnrolment, startEnrolment } from "./second-factor-enrolment.server";
import { listActiveSessions, revokeSession } from "./sessions.server";

const PASSWORD = "correct-horse-battery";
const PHONE = "+31612345678";
const origin = { requestId: "test", ipAddress: "127.0.0.1" };

let database: TestDatabase;
let adminId: string;
let proId: string;
let supervisorId: string;
let organisationId: string;

beforeAll(async () => {
  database = await createTestDatabase({ MFA_REQUIRED_ROLES: "" });
  installDelivery(createDelivery(database.config));
  const organisation = await createOrganisation({ name: "Praktijk Test" });
  organisationId = organisation.id;
  adminId = (await createAdmin({ email: "admin@test.nl", name: "Ada Admin", password: PASSWORD })).id;
  proId = (await createProfessional({ email: "pro@test.nl", name: "Pim Pro", password: PASSWORD, organisationId: organisation.id, locale: "en" })).id;
  supervisorId = (await createSupervisor({ email: "sup@test.nl", name: "Sofie Sup", password: PASSWORD, organisationIds: [organisation.id] })).id;
  await systemDb().update(userTable).set({ phoneNumber: PHONE, phoneNumberVerified: true }).where(eq(userTable.id, proId));
  // A number that is stored but was never verified must not receive codes.
  await systemDb().update(userTable).set({ phoneNumber: "+31687654321", phoneNumberVerified: false }).where(eq(userTable.id, supervisorId));
});
afterAll(async () => {
  await database?.close();
});

function smsMessages(): { to: string; body: string }[] {
  const dir = outboxDir(database.dataDir);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as { to: string; body: string });
}

/** Asks for a sign-in code and waits for its SMS: the code is sent after the answer (no timing tells who exists). */
async function requestCodeAndWait(typed: string, to: string): Promise<string> {
  const before = smsMessages().filter((m) => m.to === to).length;
  const canonical = await requestPhoneSignInCode(typed, new Headers(), origin);
  await vi.waitFor(() => expect(smsMessages().filter((m) => m.to === to).length).toBe(before + 1), { timeout: 5000 });
  return canonical;
}

function lastCode(to: string): string {
  const message = smsMessages().filter((m) => m.to === to).at(-1);
  if (!message) throw new Error(`no SMS to ${to}`);
  return /\b(\d{6})\b/.exec(message.body)![1];
}

function cookieHeader(setCookies: string[], previous = ""): Headers {
  const jar = new Map(previous.split("; ").filter(Boolean).map((c) => c.split("=", 2) as [string, string]));
  for (const cookie of setCookies) {
    const [pair] = cookie.split(";");
    const [name, value] = [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)];
    if (/max-age=0/i.test(cookie) || value === "") jar.delete(name);
    else jar.set(name, value);
  }
  return new Headers({ cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "), "user-agent": "vitest" });
}

async function passwordSession(email: string): Promise<Headers> {
  const result = await signInWithPassword({ email, password: PASSWORD }, new Headers(), origin);
  if (result.ok !== true) throw new Error(`sign-in of ${email}: ${JSON.stringify(result)}`);
  return cookieHeader(cookiesOf(result));
}

async function sessionUser(headers: Headers): Promise<SessionUser> {
  const found = await loadSessionUser(headers);
  if (!found) throw new Error("not signed in");
  return found;
}

async function audits(action: string, actorId?: string) {
  return systemDb()
    .select()
    .from(auditLog)
    .where(actorId ? and(eq(auditLog.action, action), eq(auditLog.actorId, actorId)) : eq(auditLog.action, action));
}

function formRequest(fields: Record<string, string>, headers: Headers): Request {
  return new Request("http://localhost:3999/pro/x/profiel", { method: "POST", body: new URLSearchParams(fields), headers });
}

/** The cookies a sign-in step set (fails the test when the step failed). */
function cookiesOf(result: { ok: unknown; setCookies?: string[] }): string[] {
  if (!result.ok || !result.setCookies) throw new Error(`sign-in step failed: ${JSON.stringify(result)}`);
  return result.setCookies;
}

function totpFor(manualKey: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(manualKey), digits: 6, period: 30 });
}

describe("sign-in with an SMS code", () => {
  it("sends a code in the user's language to a verified number typed in Dutch national form, and signs in with it", async () => {
    const before = smsMessages().length;
    expect(await requestCodeAndWait("06 12345678", PHONE)).toBe(PHONE);
    const sent = smsMessages().slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0].to).toBe(PHONE);
    // The professional chose English.
    expect(sent[0].body).toMatch(/^Your Casus code is \d{6}. It is valid for 5 minutes/);
    const result = await verifyPhoneSignInCode(PHONE, lastCode(PHONE), new Headers(), origin);
    expect(result.ok).toBe(true);
    if (result.ok !== true) return;
    expect(result.userId).toBe(proId);
    expect((await sessionUser(cookieHeader(cookiesOf(result)))).id).toBe(proId);
    const [entry] = await audits("auth.sign-in", proId);
    expect(entry.after).toEqual({ method: "phone" });
  });

  it("answers the same for unknown and unverified numbers, and sends them nothing", async () => {
    const before = smsMessages().length;
    expect(await requestPhoneSignInCode("06 11112222", new Headers(), origin)).toBe("+31611112222");
    expect(await requestPhoneSignInCode("06 87654321", new Headers(), origin)).toBe("+31687654321");
    expect(smsMessages().length).toBe(before);
  });

  it("refuses what is not a phone number", async () => {
    await expect(requestPhoneSignInCode("12345", new Headers(), origin)).rejects.toThrow(new AppError("invalid-phone-number"));
  });

  it("allows a few wrong codes, then the code is used up; failures are audited without the number", async () => {
    await requestCodeAndWait(PHONE, PHONE);
    const code = lastCode(PHONE);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 3; i++) expect(await verifyPhoneSignInCode(PHONE, wrong, new Headers(), origin)).toMatchObject({ ok: false, code: "invalid-verification-code" });
    expect(await verifyPhoneSignInCode(PHONE, code, new Headers(), origin)).toMatchObject({ ok: false, code: "invalid-action-code" });
    const failed = await audits("auth.sign-in-failed");
    expect(failed.some((a) => (a.after as { method?: string }).method === "phone")).toBe(true);
    expect(JSON.stringify(failed)).not.toContain("612345678");
  });

  it("treats an expired code as an expired action code", async () => {
    await requestCodeAndWait(PHONE, PHONE);
    const code = lastCode(PHONE);
    await systemDb().update(verification).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verification.identifier, PHONE));
    expect(await verifyPhoneSignInCode(PHONE, code, new Headers(), origin)).toMatchObject({ ok: false, code: "invalid-action-code" });
  });
});

describe("second factor", () => {
  let manualKey: string;
  let backupCodes: string[];

  it("enrols with a QR code and a first code from the app", async () => {
    const headers = await passwordSession("pro@test.nl");
    const user = await sessionUser(headers);
    const enrolment = await startEnrolment(user, origin);
    expect(enrolment.qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(enrolment.totpUri).toContain("otpauth://totp/");
    expect(enrolment.backupCodes).toHaveLength(10);
    manualKey = enrolment.manualKey;
    backupCodes = enrolment.backupCodes;
    // Unconfirmed: sign-in is not affected yet, and a wrong code does not confirm.
    expect((await sessionUser(headers)).twoFactorEnabled).toBe(false);
    expect(await confirmEnrolment(user, "000000", origin)).toBe(false);
    expect(await confirmEnrolment(user, totpFor(manualKey).generate(), origin)).toBe(true);
    expect((await sessionUser(headers)).twoFactorEnabled).toBe(true);
    expect(await audits("auth.second-factor-enabled", proId)).toHaveLength(1);
  });

  it("challenges the next password sign-in, and an authenticator code completes it", async () => {
    const first = await signInWithPassword({ email: "pro@test.nl", password: PASSWORD }, new Headers(), origin);
    expect(first.ok).toBe("second-factor");
    const headers = cookieHeader(cookiesOf(first));
    expect(await loadSessionUser(headers)).toBeNull();
    expect(await pendingSecondFactor(headers)).toEqual({ userId: proId, smsPossible: true, totpEnrolled: true });
    expect(await completeSecondFactor("totp", "000000", headers, origin)).toMatchObject({ ok: false, code: "invalid-verification-code" });
    const code = totpFor(manualKey).generate();
    const done = await completeSecondFactor("totp", code, headers, origin);
    expect(done.ok).toBe(true);
    expect((await sessionUser(cookieHeader(done.setCookies, headers.get("cookie")!))).id).toBe(proId);
    // The same code again, for a second sign-in within its window (someone who saw it typed): refused once used.
    const again = await signInWithPassword({ email: "pro@test.nl", password: PASSWORD }, new Headers(), origin);
    expect(await completeSecondFactor("totp", code, cookieHeader(cookiesOf(again)), origin)).toMatchObject({ ok: false, code: "invalid-verification-code" });
    // The reason is the product's error code, which the audit list names in the admin's language, not a status.
    expect((await audits("auth.second-factor-failed", proId)).map((a) => a.after)).toEqual([
      { method: "totp", reason: "invalid-verification-code" },
      { method: "totp", reason: "invalid-verification-code" },
    ]);
  });

  it("challenges the SMS-code sign-in too", async () => {
    await requestCodeAndWait(PHONE, PHONE);
    const result = await verifyPhoneSignInCode(PHONE, lastCode(PHONE), new Headers(), origin);
    expect(result.ok).toBe("second-factor");
    expect(await pendingSecondFactor(cookieHeader(cookiesOf(result)))).toMatchObject({ userId: proId });
  });

  it("accepts each backup code once", async () => {
    for (const expected of [true, false]) {
      const first = await signInWithPassword({ email: "pro@test.nl", password: PASSWORD }, new Headers(), origin);
      const result = await completeSecondFactor("backup-code", backupCodes[0], cookieHeader(cookiesOf(first)), origin);
      expect(result.ok).toBe(expected);
    }
    const failed = (await audits("auth.second-factor-failed", proId)).map((a) => a.after);
    expect(failed).toContainEqual({ method: "backup-code", reason: "invalid-verification-code" });
  });

  it("sends an SMS code as the second factor to a verified phone", async () => {
    const first = await signInWithPassword({ email: "pro@test.nl", password: PASSWORD }, new Headers(), origin);
    const headers = cookieHeader(cookiesOf(first));
    expect(await sendSecondFactorSms(headers, origin)).toBe(true);
    const result = await completeSecondFactor("sms", lastCode(PHONE), headers, origin);
    expect(result.ok).toBe(true);
  });

  it("can be reset by an administrator only, with an audit record", async () => {
    await expect(resetSecondFactor({ actorId: supervisorId, userId: proId })).rejects.toThrow(new AppError("not-found"));
    // The reset and its audit row are one transaction: when the row cannot be written, the factor stays.
    await systemDb().execute(sql`create function refuse_factor_reset() returns trigger language plpgsql as $$
      begin if new.action = 'auth.second-factor-reset' then raise exception 'audit refused'; end if; return new; end $$`);
    await systemDb().execute(sql`create trigger refuse_factor_reset before insert on audit_log for each row execute function refuse_factor_reset()`);
    try {
      await expect(resetSecondFactor({ actorId: adminId, userId: proId }, origin)).rejects.toThrow();
      expect(await systemDb().select().from(twoFactor).where(eq(twoFactor.userId, proId))).toHaveLength(1);
    } finally {
      await systemDb().execute(sql`drop trigger refuse_factor_reset on audit_log`);
      await systemDb().execute(sql`drop function refuse_factor_reset()`);
    }
    await resetSecondFactor({ actorId: adminId, userId: proId }, origin);
    expect(await systemDb().select().from(twoFactor).where(eq(twoFactor.userId, proId))).toEqual([]);
    const [row] = await systemDb().select({ enabled: userTable.twoFactorEnabled }).from(userTable).where(eq(userTable.id, proId));
    expect(row.enabled).toBe(false);
    const [entry] = await audits("auth.second-factor-reset", adminId);
    expect(entry).toMatchObject({ subjectId: proId, before: { enrolled: true }, after: { enrolled: false } });
    expect((await signInWithPassword({ email: "pro@test.nl", password: PASSWORD }, new Headers(), origin)).ok).toBe(true);
  });
});

describe("recent login and account changes", () => {
  async function age(headers: Headers, ms: number) {
    const user = await sessionUser(headers);
    await systemDb().update(session).set({ createdAt: new Date(Date.now() - ms) }).where(eq(session.id, user.sessionId));
    return sessionUser(headers);
  }

  it("asks for re-authentication after 10 minutes, keeps the change on the server, and carries it out after the password", async () => {
    const headers = await passwordSession("admin@test.nl");
    const other = await passwordSession("admin@test.nl");
    const user = await age(headers, RECENT_LOGIN_MS + 1000);
    expect(await isRecentLogin(user)).toBe(false);
    const change = { intent: "password", newPassword: "a-new-long-passphrase", confirmPassword: "a-new-long-passphrase" };
    const asked = await handleAccountAction(formRequest(change, headers), user, "nl", origin);
    expect(asked).toMatchObject({ section: "password", error: "requires-recent-login", reauth: { intent: "password", methods: ["password"] } });
    // The kept change is encrypted, not the typed password.
    const kept = await systemDb().select().from(verification).where(like(verification.identifier, "pending-change-%"));
    expect(JSON.stringify(kept)).not.toContain("a-new-long-passphrase");

    const wrong = await handleAccountAction(formRequest({ intent: "password", reauthMethod: "password", reauthSecret: "nope" }, headers), user, "nl", origin);
    expect(wrong).toMatchObject({ error: "wrong-credentials", reauth: { intent: "password" } });
    const done = await handleAccountAction(formRequest({ intent: "password", reauthMethod: "password", reauthSecret: PASSWORD }, headers), user, "nl", origin);
    expect(done).toEqual({ section: "password", done: "password" });
    expect(await isRecentLogin(user)).toBe(true);
    expect((await signInWithPassword({ email: "admin@test.nl", password: "a-new-long-passphrase" }, new Headers(), origin)).ok).toBe(true);
    // The other device was signed out by the password change.
    expect(await loadSessionUser(other)).toBeNull();
    expect(await audits("auth.password-changed", adminId)).toHaveLength(1);
    expect(await audits("auth.other-sessions-revoked", adminId)).toHaveLength(1);
  });

  it("stops re-authentication after REAUTH_ATTEMPTS tries in the window, the right secret included", async () => {
    await createProfessional({ email: "guess@test.nl", name: "Gijs Guess", password: PASSWORD, organisationId, locale: "en" });
    const headers = await passwordSession("guess@test.nl");
    const user = await age(headers, RECENT_LOGIN_MS + 1000);
    const change = { intent: "password", newPassword: "a-new-long-passphrase", confirmPassword: "a-new-long-passphrase" };
    expect(await handleAccountAction(formRequest(change, headers), user, "en", origin)).toMatchObject({ error: "requires-recent-login" });
    for (let i = 0; i < REAUTH_ATTEMPTS; i++) {
      const wrong = await handleAccountAction(formRequest({ intent: "password", reauthMethod: "password", reauthSecret: `guess-${i}` }, headers), user, "en", origin);
      expect(wrong, `guess ${i}`).toMatchObject({ error: "wrong-credentials" });
    }
    // A stolen session cookie cannot guess on: the next try is not even checked, and the session stays not recent.
    const stopped = await handleAccountAction(formRequest({ intent: "password", reauthMethod: "password", reauthSecret: PASSWORD }, headers), user, "en", origin);
    expect(stopped).toMatchObject({ section: "password", error: "too-many-requests", reauth: { intent: "password" } });
    expect(await isRecentLogin(user)).toBe(false);
    expect((await signInWithPassword({ email: "guess@test.nl", password: PASSWORD }, new Headers(), origin)).ok).toBe(true);
  });

  it("offers the password for re-authentication only to someone who has one", async () => {
    const headers = await passwordSession("sup@test.nl");
    const user = await age(headers, RECENT_LOGIN_MS + 1000);
    const change = { intent: "password", newPassword: "a-new-long-passphrase", confirmPassword: "a-new-long-passphrase" };
    expect((await handleAccountAction(formRequest(change, headers), user, "en", origin)).reauth?.methods).toEqual(["password"]);
    // Signed in with an identity provider only: the credential account carries no password.
    const credential = and(eq(account.userId, user.id), eq(account.providerId, "credential"));
    const [{ password: kept }] = await systemDb().select({ password: account.password }).from(account).where(credential);
    await systemDb().update(account).set({ password: null }).where(credential);
    try {
      expect((await handleAccountAction(formRequest(change, headers), user, "en", origin)).reauth?.methods).toEqual([]);
    } finally {
      await systemDb().update(account).set({ password: kept }).where(credential);
    }
  });

  it("refuses a password shorter than 12 characters", async () => {
    const headers = await passwordSession("sup@test.nl");
    const user = await sessionUser(headers);
    const result = await handleAccountAction(formRequest({ intent: "password", newPassword: "short-one", confirmPassword: "short-one" }, headers), user, "nl", origin);
    expect(result).toEqual({ section: "password", error: "weak-password", problem: { code: "too-short", min: 12 } });
  });

  it("says what is wrong with a refused password or name, for the field it is about", async () => {
    const headers = await passwordSession("sup@test.nl");
    const user = await sessionUser(headers);
    const common = await handleAccountAction(formRequest({ intent: "password", newPassword: "passwordpassword", confirmPassword: "passwordpassword" }, headers), user, "en", origin);
    expect(common).toMatchObject({ section: "password", error: "weak-password", problem: { code: "too-weak" } });
    const differ = await handleAccountAction(formRequest({ intent: "password", newPassword: "a-new-long-passphrase", confirmPassword: "a-new-long-passphrase!" }, headers), user, "en", origin);
    expect(differ).toEqual({ section: "password", error: "invalid-argument", mismatch: true });
    const blank = await handleAccountAction(formRequest({ intent: "profile", name: "   ", locale: "en" }, headers), user, "en", origin);
    expect(blank).toEqual({ section: "profile", error: "invalid-argument", values: { name: "" }, fields: { name: "errors:codes.field-required" } });
    // Others read the name in e-mails from us: no web address in it.
    const link = await handleAccountAction(formRequest({ intent: "profile", name: "Sanne, confirm at https://evil.test", locale: "en" }, headers), user, "en", origin);
    expect(link).toMatchObject({ section: "profile", error: "invalid-argument", fields: { name: "errors:codes.name-with-link" } });
    expect(user.name).not.toContain("evil");
  });

  it("answers the page's refusals with their status, and a change made with none", async () => {
    const headers = await passwordSession("sup@test.nl");
    const user = await sessionUser(headers);
    const weak = await answerAccountAction(formRequest({ intent: "password", newPassword: "short-one", confirmPassword: "short-one" }, headers), user, "nl", origin);
    expect(weak).toMatchObject({ data: { section: "password", error: "weak-password", problem: { code: "too-short" } }, init: { status: 400, statusText: "Bad Request" } });
    const stale = await age(headers, RECENT_LOGIN_MS + 1000);
    const asked = await answerAccountAction(formRequest({ intent: "password", newPassword: "a-new-long-passphrase", confirmPassword: "a-new-long-passphrase" }, headers), stale, "nl", origin);
    expect(asked).toMatchObject({ data: { error: "requires-recent-login" }, init: { status: 401 } });
    await answerAccountAction(formRequest({ intent: "reauth-cancel" }, headers), stale, "nl", origin);
    const renamed = await answerAccountAction(formRequest({ intent: "profile", name: "Sanne Supervisor", locale: "nl" }, headers), stale, "nl", origin);
    expect(renamed).toEqual({ section: "profile", done: "profile" });
  });

  it("verifies a new phone number by SMS before storing it, masked in the audit log", async () => {
    const headers = await passwordSession("sup@test.nl");
    const user = await sessionUser(headers);
    const sent = await handleAccountAction(formRequest({ intent: "phone-send", phone: "06 55554444" }, headers), user, "nl", origin);
    expect(sent).toMatchObject({ section: "phone", phoneCodeSentTo: { e164: "+31655554444" } });
    const wrong = await handleAccountAction(formRequest({ intent: "phone-verify", phoneNumber: "+31655554444", code: "000000" }, headers), user, "nl", origin);
    expect(wrong.error).toBe(lastCode("+31655554444") === "000000" ? undefined : "invalid-verification-code");
    const ok = await handleAccountAction(formRequest({ intent: "phone-verify", phoneNumber: "+31655554444", code: lastCode("+31655554444") }, headers), user, "nl", origin);
    expect(ok).toEqual({ section: "phone", done: "phone" });
    const [row] = await systemDb().select({ phone: userTable.phoneNumber, verified: userTable.phoneNumberVerified }).from(userTable).where(eq(userTable.id, supervisorId));
    expect(row).toEqual({ phone: "+31655554444", verified: true });
    const [entry] = await audits("auth.phone-changed", supervisorId);
    expect(JSON.stringify(entry)).not.toContain("655554444");
    // Someone else's number gets the same answer as any other (no "in use" for whoever is signed in to see); only the
    // number's holder receives the code, and confirming it cannot claim the number.
    const taken = await handleAccountAction(formRequest({ intent: "phone-send", phone: PHONE }, headers), user, "nl", origin);
    expect(taken).toMatchObject({ section: "phone", phoneCodeSentTo: { e164: PHONE } });
    expect(taken.error).toBeUndefined();
    const claimed = await handleAccountAction(formRequest({ intent: "phone-verify", phoneNumber: PHONE, code: lastCode(PHONE) }, headers), user, "nl", origin);
    expect(claimed.error).toBe("phone-number-already-in-use");
  });

  it("lists sessions with the current one marked, and revokes only the user's own", async () => {
    const headers = await passwordSession("sup@test.nl");
    const user = await sessionUser(headers);
    const sessions = await listActiveSessions(user);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions[0].current).toBe(true);
    const proHeaders = await passwordSession("pro@test.nl");
    const proSession = (await sessionUser(proHeaders)).sessionId;
    expect(await revokeSession(user, proSession, origin)).toBe(false);
    expect(await loadSessionUser(proHeaders)).not.toBeNull();
    const other = sessions.find((s) => !s.current)!;
    expect(await revokeSession(user, other.id, origin)).toBe(true);
    expect((await listActiveSessions(user)).some((s) => s.id === other.id)).toBe(false);
    expect(await audits("auth.session-revoked", supervisorId)).toHaveLength(1);
  });
});

describe("endpoints closed over HTTP", () => {
  it("refuses the plugin's own factor-changing and phone-changing endpoints, even with a fresh session", async () => {
    const headers = await passwordSession("sup@test.nl");
    const { callAuth } = await import("../auth/auth-request.server");
    for (const [path, body] of [
      ["/two-factor/enable", { password: PASSWORD }],
      ["/two-factor/disable", { password: PASSWORD }],
      ["/two-factor/generate-backup-codes", { password: PASSWORD }],
      ["/phone-number/verify", { phoneNumber: "+31600000001", code: "123456", updatePhoneNumber: true }],
    ] as const) {
      expect((await callAuth({ method: "POST", path, body, headers, origin })).status, path).toBe(404);
    }
  });
});

describe("re-authentication by SMS", () => {
  it("sends a code to the verified phone of the session's user; a wrong code is refused, the right one carries the change out", async () => {
    const headers = await passwordSession("pro@test.nl");
    const { sessionId } = await sessionUser(headers);
    await systemDb().update(session).set({ createdAt: new Date(Date.now() - RECENT_LOGIN_MS - 1000) }).where(eq(session.id, sessionId));
    const user = await sessionUser(headers);
    const asked = await handleAccountAction(formRequest({ intent: "phone-remove" }, headers), user, "en", origin);
    expect(asked.reauth).toEqual({ intent: "phone-remove", methods: ["password", "sms"] });
    const sent = await handleAccountAction(formRequest({ intent: "reauth-sms-send", pendingIntent: "phone-remove" }, headers), user, "en", origin);
    expect(sent.reauth).toMatchObject({ intent: "phone-remove", smsSent: true });
    const code = lastCode(PHONE);
    const wrong = await handleAccountAction(formRequest({ intent: "phone-remove", reauthMethod: "sms", reauthSecret: code === "000000" ? "111111" : "000000" }, headers), user, "en", origin);
    expect(wrong.error).toBe("invalid-verification-code");
    const done = await handleAccountAction(formRequest({ intent: "phone-remove", reauthMethod: "sms", reauthSecret: code }, headers), user, "en", origin);
    expect(done).toEqual({ section: "phone", done: "phoneRemoved" });
    const [row] = await systemDb().select({ phone: userTable.phoneNumber }).from(userTable).where(eq(userTable.id, proId));
    expect(row.phone).toBeNull();
    expect(await audits("auth.reauthenticated", proId)).toHaveLength(1);
  });
});
