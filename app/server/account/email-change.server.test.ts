/**
 * Changing the e-mail address on a real (in-memory PGlite) database with Better Auth, through the functions the
 * account page and /confirm-email call: recent login required, the link from the real outbox, the address
 * changing only when the link is used, once; duplicate addresses, expired links, the notice and the audit trail.
 */
import { and, eq, like } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { RECENT_LOGIN_MS } from "~/domain/constants";
import { auditLog, session, user as userTable, verification } from "../db/schema";
import { systemDb } from "../db/client.server";
import { createOrganisation, createProfessional, createSupervisor } from "../demo/factories.server";
import { createDelivery, installDelivery } from "../mail/delivery.server";
import { outboxDir } from "../mail/outbox-files.server";
import { listOutbox } from "../mail/outbox-reader.server";
import { loadSessionUser, type SessionUser } from "../auth/session.server";
import { signInWithPassword } from "../auth/password-sign-in.server";
import { requestPasswordReset } from "../auth/password-reset.server";
import { setPasswordFromLink, setPasswordLink } from "../auth/set-password-link.server";
import { handleAccountAction } from "./account-page.server";
import { confirmEmailChangeAction, emailChangeLinkView } from "./confirm-email-page.server";

const PASSWORD = "correct-horse-battery";
const origin = { requestId: "test", ipAddress: "127.0.0.1" };
const context = { requestId: "test", clientIp: "127.0.0.1" } as unknown as AppLoadContext;

let database: TestDatabase;
let proId: string;

beforeAll(async () => {
  database = await createTestDatabase({ MFA_REQUIRED_ROLES: "" });
  await database.startJobWorkers();
  installDelivery(createDelivery(database.config));
  const organisation = await createOrganisation({ name: "Praktijk Test" });
  proId = (await createProfessional({ email: "pro@test.nl", name: "Pim Pro", password: PASSWORD, organisationId: organisation.id, locale: "en" })).id;
  await createSupervisor({ email: "sup@test.nl", name: "Sofie Sup", password: PASSWORD, organisationIds: [organisation.id] });
});
afterAll(async () => {
  await database?.close();
});

async function signedIn(email: string, ageMs = 0): Promise<{ headers: Headers; user: SessionUser }> {
  const result = await signInWithPassword({ email, password: PASSWORD }, new Headers(), origin);
  if (result.ok !== true || !result.setCookies) throw new Error(`sign-in of ${email} failed`);
  const headers = new Headers({ cookie: result.setCookies.map((c) => c.split(";")[0]).join("; ") });
  const user = (await loadSessionUser(headers))!;
  if (ageMs) await systemDb().update(session).set({ createdAt: new Date(Date.now() - ageMs) }).where(eq(session.id, user.sessionId));
  return { headers, user: (await loadSessionUser(headers))! };
}

function post(fields: Record<string, string>, headers: Headers, url = "http://localhost:3999/pro/x/profiel"): Request {
  return new Request(url, { method: "POST", body: new URLSearchParams(fields), headers });
}

async function emailsTo(address: string) {
  // The notice to the old address leaves from the job queue.
  await database.settleJobs();
  return (await listOutbox(outboxDir(database.dataDir), 500)).filter((e) => e.kind === "email" && e.to === address);
}

async function linkTo(address: string): Promise<string> {
  const mail = (await emailsTo(address)).at(-1);
  if (!mail || mail.kind !== "email") throw new Error(`no e-mail to ${address}`);
  const link = mail.links.find((l) => l.includes("/confirm-email?token="));
  if (!link) throw new Error("no confirmation link");
  return link;
}

/** The token of the newest password-reset link mailed to an address. */
async function resetTokenTo(address: string): Promise<string> {
  const link = (await emailsTo(address)).flatMap((m) => (m.kind === "email" ? m.links : [])).filter((l) => l.includes("/set-password?token=")).at(-1);
  if (!link) throw new Error(`no reset link to ${address}`);
  return new URL(link).searchParams.get("token") ?? "";
}

async function confirm(link: string) {
  return confirmEmailChangeAction(post({ token: new URL(link).searchParams.get("token") ?? "" }, new Headers(), link), context);
}

async function emailOf(userId: string) {
  const [row] = await systemDb().select({ email: userTable.email, verified: userTable.emailVerified }).from(userTable).where(eq(userTable.id, userId));
  return row;
}

describe("changing the e-mail address", () => {
  it("needs a recent login, mails a link to the new address, and changes the address only when the link is used, once", async () => {
    const { headers, user } = await signedIn("pro@test.nl", RECENT_LOGIN_MS + 1000);
    const asked = await handleAccountAction(post({ intent: "email", newEmail: "Pim.New@Test.nl" }, headers), user, "en", origin);
    expect(asked).toMatchObject({ section: "email", error: "requires-recent-login", reauth: { intent: "email" } });
    expect(await emailsTo("pim.new@test.nl")).toHaveLength(0);

    const sent = await handleAccountAction(post({ intent: "email", reauthMethod: "password", reauthSecret: PASSWORD }, headers), user, "en", origin);
    expect(sent).toEqual({ section: "email", done: "emailLinkSent", emailLinkSentTo: "pim.new@test.nl" });
    const [mail] = await emailsTo("pim.new@test.nl");
    expect(mail).toMatchObject({ subject: "Confirm your new e-mail address for Casus", language: "en" });
    // Nothing changes before the link is used, and the token is not stored as sent.
    expect((await emailOf(proId)).email).toBe("pro@test.nl");
    const link = await linkTo("pim.new@test.nl");
    expect(link).toMatch(/^http:\/\/localhost:\d+\/en\/confirm-email\?token=[A-Za-z0-9]{32}$/);
    const token = new URL(link).searchParams.get("token")!;
    const stored = await systemDb().select().from(verification).where(like(verification.identifier, "email-change-%"));
    expect(JSON.stringify(stored)).not.toContain(token);
    const [requested] = await systemDb().select().from(auditLog).where(and(eq(auditLog.action, "auth.email-change-requested"), eq(auditLog.actorId, proId)));
    expect(requested.after).toEqual({ to: "pim.new@test.nl" });

    // Opening the link only shows it; the button makes the change.
    expect(await emailChangeLinkView(new Request(link))).toEqual({ state: "valid", token, to: "pim.new@test.nl" });
    expect((await emailOf(proId)).email).toBe("pro@test.nl");
    expect(await confirm(link)).toEqual({ ok: true, email: "pim.new@test.nl" });
    expect(await emailOf(proId)).toEqual({ email: "pim.new@test.nl", verified: true });
    expect((await signInWithPassword({ email: "pim.new@test.nl", password: PASSWORD }, new Headers(), origin)).ok).toBe(true);
    expect((await signInWithPassword({ email: "pro@test.nl", password: PASSWORD }, new Headers(), origin)).ok).not.toBe(true);

    // The old address is told, without the full new address.
    const notice = (await emailsTo("pro@test.nl")).at(-1);
    expect(notice).toMatchObject({ subject: "Your Casus e-mail address has been changed" });
    expect(notice?.kind === "email" && notice.text).not.toContain("pim.new@test.nl");
    const [changed] = await systemDb().select().from(auditLog).where(and(eq(auditLog.action, "auth.email-changed"), eq(auditLog.actorId, proId)));
    expect(changed).toMatchObject({ before: { email: "pro@test.nl" }, after: { email: "pim.new@test.nl" } });

    // Used: the link is gone.
    expect(await emailChangeLinkView(new Request(link))).toEqual({ state: "invalid" });
    expect(await confirm(link)).toEqual({ ok: false, error: "invalid-action-code" });
  });

  it("answers an address another account uses, whatever its case, as any other, and sends nothing", async () => {
    const { headers, user } = await signedIn("sup@test.nl");
    const before = (await listOutbox(outboxDir(database.dataDir), 500)).length;
    const answer = await handleAccountAction(post({ intent: "email", newEmail: "PIM.NEW@test.nl" }, headers), user, "nl", origin);
    const free = await handleAccountAction(post({ intent: "email", newEmail: "nobody.yet@test.nl" }, headers), user, "nl", origin);
    expect(answer).toEqual({ ...free, emailLinkSentTo: "pim.new@test.nl" });
    expect((await listOutbox(outboxDir(database.dataDir), 500)).length).toBe(before + 1);
    const [taken] = await systemDb().select().from(auditLog).where(and(eq(auditLog.action, "auth.email-change-address-taken"), eq(auditLog.actorId, user.id)));
    expect(taken).toBeDefined();
    expect(await handleAccountAction(post({ intent: "email", newEmail: "not an address" }, headers), user, "nl", origin)).toEqual({ section: "email", error: "invalid-argument" });
  });

  it("ends the password-reset links mailed to the old address, and only the person's own", async () => {
    const organisation = await createOrganisation({ name: "Praktijk Reset" });
    const { id } = await createProfessional({ email: "ria@test.nl", name: "Ria Reset", password: PASSWORD, organisationId: organisation.id, locale: "en" });
    await createProfessional({ email: "otto@test.nl", name: "Otto Ander", password: PASSWORD, organisationId: organisation.id, locale: "en" });
    await requestPasswordReset("ria@test.nl", origin);
    await requestPasswordReset("otto@test.nl", origin);
    const oldLink = await resetTokenTo("ria@test.nl");
    const othersLink = await resetTokenTo("otto@test.nl");
    expect(await setPasswordLink(oldLink)).toMatchObject({ state: "valid", kind: "reset" });

    const { headers, user } = await signedIn("ria@test.nl");
    await handleAccountAction(post({ intent: "email", newEmail: "ria.new@test.nl" }, headers), user, "en", origin);
    expect(await confirm(await linkTo("ria.new@test.nl"))).toEqual({ ok: true, email: "ria.new@test.nl" });

    // Whoever reads the old mailbox can no longer set the password and sign in.
    expect(await setPasswordLink(oldLink)).toEqual({ state: "invalid" });
    expect(await setPasswordFromLink(oldLink, "een-heel-ander-wachtwoord-77", new Headers(), origin)).toEqual({ ok: false, code: "invalid-action-code" });
    expect((await signInWithPassword({ email: "ria.new@test.nl", password: PASSWORD }, new Headers(), origin)).ok).toBe(true);
    expect(await systemDb().select().from(verification).where(and(like(verification.identifier, "reset-password:%"), eq(verification.value, id)))).toEqual([]);
    // Someone else's link is not touched.
    expect(await setPasswordLink(othersLink)).toMatchObject({ state: "valid", kind: "reset", email: "otto@test.nl" });
  });

  it("does not accept an expired link", async () => {
    const { headers, user } = await signedIn("sup@test.nl");
    await handleAccountAction(post({ intent: "email", newEmail: "sofie@test.nl" }, headers), user, "nl", origin);
    const link = await linkTo("sofie@test.nl");
    expect(link).toMatch(/^http:\/\/localhost:\d+\/confirm-email\?token=/);
    await systemDb().update(verification).set({ expiresAt: new Date(Date.now() - 1000) }).where(like(verification.identifier, "email-change-%"));
    expect(await emailChangeLinkView(new Request(link))).toEqual({ state: "invalid" });
    expect(await confirm(link)).toEqual({ ok: false, error: "invalid-action-code" });
    expect((await emailOf(user.id)).email).toBe("sup@test.nl");
  });
});
