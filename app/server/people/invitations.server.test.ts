import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { codeOf, installOutbox, installSlowSmtp, tokenOf, waitForMail } from "../../../tests/support/people";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { loadSessionUser } from "../auth/session.server";
import { requestPasswordReset } from "../auth/password-reset.server";
import { setPasswordFromLink, setPasswordLink } from "../auth/set-password-link.server";
import { signInWithPassword } from "../auth/password-sign-in.server";
import { account, auditLog, dossier, invitation, user } from "../db/schema";
import { createAdmin, createDossier, createOrganisation, createProfessional } from "../demo/factories.server";
import { completeSignInLink, requestSignInLink } from "../auth/magic-link-sign-in.server";
import { invitePerson, latestInvitation, resendInvitation, revokeInvitation } from "./invitations.server";
import { setUserDisabled } from "./users.server";

let database: TestDatabase;
let mails: Awaited<ReturnType<typeof installOutbox>>;
let admin: { id: string; role: "admin"; name: string; organisationId: null; supervisedOrganisationIds: string[] };
let orgId: string;
const origin = { requestId: "req", ipAddress: "127.0.0.1" };
const STRONG = "kraanvogel-tandpasta-oktober-7";
const SLOW_SMTP_MS = 2000;

beforeAll(async () => {
  database = await createTestDatabase({ SIGN_IN_RATE_LIMIT_PER_MINUTE: "1000" });
  await database.startJobWorkers();
  mails = installOutbox(database);
  const created = await createAdmin({ email: "beheer@casus.test", name: "Bea Beheer", password: STRONG });
  admin = { id: created.id, role: "admin", name: "Bea Beheer", organisationId: null, supervisedOrganisationIds: [] };
  orgId = (await createOrganisation({ name: "Praktijk De Linde" })).id;
});
afterAll(async () => {
  vi.useRealTimers();
  await database?.close();
});

function cookieHeaders(setCookies: string[]): Headers {
  return new Headers({ cookie: setCookies.map((c) => c.split(";")[0]).join("; ") });
}

describe("invitations", () => {
  it("invite → mail in the invitee's language → set password → verified and signed in", async () => {
    const { userId } = await invitePerson(admin, { name: "Sanne Smit", email: "Sanne@Linde.test", role: "professional", locale: "en", organisationId: orgId, jobTitle: "Assistant" }, origin);
    const [row] = await database.handle.db.select().from(user).where(eq(user.id, userId));
    expect(row).toMatchObject({ email: "sanne@linde.test", emailVerified: false, role: "professional" });
    const mail = (await mails()).at(-1)!;
    expect(mail.to).toBe("sanne@linde.test");
    expect(mail.language).toBe("en");
    const link = mail.links.find((l) => l.includes("/set-password"))!;
    expect(link).toContain("/en/set-password?token=");
    // Only a hash of the token is stored.
    const [inv] = await database.handle.db.select().from(invitation).where(eq(invitation.userId, userId));
    expect(inv.tokenHash).not.toContain(tokenOf(link));
    expect(await setPasswordLink(tokenOf(link))).toMatchObject({ state: "valid", kind: "invitation", email: "sanne@linde.test" });

    // A weak password is refused on the server, whatever the browser said.
    expect(await setPasswordFromLink(tokenOf(link), "sannesmitlinde", new Headers(), origin)).toMatchObject({ ok: false, code: "weak-password" });
    const result = await setPasswordFromLink(tokenOf(link), STRONG, new Headers(), origin);
    expect(result).toMatchObject({ ok: true, userId, role: "professional" });
    if (!result.ok) throw new Error("unreachable");
    expect((await loadSessionUser(cookieHeaders(result.setCookies)))?.id).toBe(userId);
    const [after] = await database.handle.db.select().from(user).where(eq(user.id, userId));
    expect(after.emailVerified).toBe(true);
    expect(await latestInvitation(database.handle.db, userId)).toMatchObject({ state: "accepted" });
    // Used: the same link is now invalid (not "expired").
    expect(await setPasswordLink(tokenOf(link))).toEqual({ state: "invalid" });
    expect(await setPasswordFromLink(tokenOf(link), STRONG, new Headers(), origin)).toEqual({ ok: false, code: "invalid-action-code" });
    // The hash never leaves the server: nothing returned carries it.
    const [credential] = await database.handle.db.select().from(account).where(eq(account.userId, userId));
    expect(JSON.stringify(result)).not.toContain(credential.password!);
    const actions = (await database.handle.db.select().from(auditLog).where(eq(auditLog.subjectId, userId))).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["invitation.created", "invitation.accepted", "auth.sign-in"]));
  });

  it("refuses a second account for the same address, and invitations by non-admins", async () => {
    expect(await codeOf(invitePerson(admin, { name: "X", email: "SANNE@linde.test", role: "professional", locale: "nl", organisationId: orgId }, origin))).toBe("email-already-in-use");
    expect(await codeOf(invitePerson({ id: "x", role: "supervisor", organisationId: null, supervisedOrganisationIds: [] }, { name: "X", email: "x@linde.test", role: "admin", locale: "nl" }, origin))).toBe("not-found");
  });

  it("expires after 7 days with its own message; a resend makes a new link and the old one stops working", async () => {
    const { userId } = await invitePerson(admin, { name: "Piet Pol", email: "piet@linde.test", role: "professional", locale: "nl", organisationId: orgId }, origin);
    const first = tokenOf((await mails()).at(-1)!.links[0]);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 7 * 24 * 3600 * 1000 + 60_000 });
    expect(await setPasswordLink(first)).toEqual({ state: "expired" });
    expect(await setPasswordFromLink(first, STRONG, new Headers(), origin)).toEqual({ ok: false, code: "expired-action-code" });
    expect(await latestInvitation(database.handle.db, userId)).toMatchObject({ state: "expired" });
    await resendInvitation(admin, userId, origin);
    const second = tokenOf((await mails()).at(-1)!.links[0]);
    expect(second).not.toBe(first);
    expect(await setPasswordLink(first)).toEqual({ state: "invalid" });
    expect(await setPasswordLink(second)).toMatchObject({ state: "valid" });
    expect(await latestInvitation(database.handle.db, userId)).toMatchObject({ state: "pending", sendCount: 2 });
    vi.useRealTimers();
  });

  it("revoke: the link stops working and the account is disabled; resend re-opens it", async () => {
    const { userId } = await invitePerson(admin, { name: "Rik Rood", email: "rik@linde.test", role: "professional", locale: "nl", organisationId: orgId }, origin);
    const token = tokenOf((await mails()).at(-1)!.links[0]);
    await revokeInvitation(admin, userId, origin);
    expect(await setPasswordLink(token)).toEqual({ state: "invalid" });
    expect((await database.handle.db.select().from(user).where(eq(user.id, userId)))[0].banned).toBe(true);
    expect(await codeOf(revokeInvitation(admin, userId, origin))).toBe("conflict");
    await resendInvitation(admin, userId, origin);
    expect((await database.handle.db.select().from(user).where(eq(user.id, userId)))[0].banned).toBe(false);
    const fresh = tokenOf((await mails()).at(-1)!.links[0]);
    expect(await setPasswordFromLink(fresh, STRONG, new Headers(), origin)).toMatchObject({ ok: true });
  });

  it("revoke disables like disabling does: not oneself, not the last active administrator", async () => {
    // An administrator invited but not yet accepted signs in by e-mail link: the link verifies the address, so they
    // are an active administrator while their invitation is still open.
    const { userId } = await invitePerson(admin, { name: "Ties Tweede", email: "ties@casus.test", role: "admin", locale: "nl" }, origin);
    const before = (await mails()).length;
    await requestSignInLink({ email: "ties@casus.test", redirectTo: null, locale: "nl" }, new Headers(), origin);
    const link = (await waitForMail(mails, before + 1)).at(-1)!.links.find((l) => l.includes("/verify-login"))!;
    expect(await completeSignInLink(tokenOf(link), new Headers(), origin)).toMatchObject({ ok: true });
    expect(await latestInvitation(database.handle.db, userId)).toMatchObject({ state: "pending" });
    const ties = { id: userId, role: "admin" as const, name: "Ties Tweede", organisationId: null, supervisedOrganisationIds: [] };
    // Ties disables Bea (allowed: Ties is active), and is then the only active administrator.
    await setUserDisabled(ties, admin.id, true, origin);
    expect(await codeOf(revokeInvitation(ties, userId, origin))).toBe("self-disable");
    // Bea, signed out and disabled a moment ago, cannot take the last administrator's rights away either (her request
    // was on its way: two administrators at once).
    expect(await codeOf(revokeInvitation(admin, userId, origin))).toBe("last-admin");
    const [still] = await database.handle.db.select().from(user).where(eq(user.id, userId));
    expect(still).toMatchObject({ role: "admin", banned: false, emailVerified: true });
    expect(await latestInvitation(database.handle.db, userId)).toMatchObject({ state: "pending" });
    // Put things back for the tests below.
    await setUserDisabled(ties, admin.id, false, origin);
    await revokeInvitation(admin, userId, origin);
  });

  it("an account an administrator disabled stays disabled through a revoke and a resend of its invitation", async () => {
    const { userId } = await invitePerson(admin, { name: "Dirk Dicht", email: "dirk@casus.test", role: "professional", locale: "nl", organisationId: orgId }, origin);
    await setUserDisabled(admin, userId, true, origin);
    await revokeInvitation(admin, userId, origin);
    await resendInvitation(admin, userId, origin);
    const [dirk] = await database.handle.db.select().from(user).where(eq(user.id, userId));
    expect(dirk).toMatchObject({ banned: true, banReason: "disabled by an administrator" });
    // Enabled by an administrator, the invitation works as before.
    await setUserDisabled(admin, userId, false, origin);
    expect(await setPasswordFromLink(tokenOf((await mails()).at(-1)!.links[0]), STRONG, new Headers(), origin)).toMatchObject({ ok: true });
  });

  it("a revoked supervisor's dossier in review goes back to the queue (signed in by e-mail link, they could claim one)", async () => {
    const { userId } = await invitePerson(admin, { name: "Roos Revisor", email: "roos@casus.test", role: "supervisor", locale: "nl", organisationIds: [orgId] }, origin);
    const pro = await createProfessional({ email: "pro-roos@casus.test", name: "Pim Pro", password: STRONG, organisationId: orgId });
    const claimed = await createDossier({ organisationId: orgId, professionalId: pro.id, status: "in_review" });
    await database.handle.db.update(dossier).set({ reviewerId: userId }).where(eq(dossier.id, claimed.id));
    await revokeInvitation(admin, userId, origin);
    const [row] = await database.handle.db.select({ status: dossier.status, reviewerId: dossier.reviewerId }).from(dossier).where(eq(dossier.id, claimed.id));
    expect(row).toEqual({ status: "submitted", reviewerId: null });
  });
});

describe("forgot password", () => {
  it("a reset by someone still invited accepts the invitation, so its link cannot set the password again", async () => {
    const { userId } = await invitePerson(admin, { name: "Nina Nieuw", email: "nina@linde.test", role: "professional", locale: "nl", organisationId: orgId }, origin);
    const invitationToken = tokenOf((await mails()).at(-1)!.links[0]);
    const before = (await mails()).length;
    await requestPasswordReset("nina@linde.test", origin);
    const resetLink = (await waitForMail(mails, before + 1)).at(-1)!.links[0];
    expect(await setPasswordFromLink(tokenOf(resetLink), STRONG, new Headers(), origin)).toMatchObject({ ok: true, userId });
    expect(await latestInvitation(database.handle.db, userId)).toMatchObject({ state: "accepted" });
    expect(await setPasswordLink(invitationToken)).toEqual({ state: "invalid" });
  });

  it("answers identically for a known and an unknown address, without waiting for a (slow) mail server", async () => {
    await createProfessional({ email: "joke@linde.test", name: "Joke Jansen", password: STRONG, organisationId: orgId, locale: "de" });
    // A real SMTP server on loopback that takes 2 s to accept each message: if the known address waited for the
    // mail, its answer would take 2 s longer than the unknown one's.
    const slow = await installSlowSmtp(database, SLOW_SMTP_MS);
    const received = slow.received;
    try {
      const timed = async (email: string) => {
        const start = performance.now();
        const answer = await requestPasswordReset(email, origin);
        return { answer, ms: performance.now() - start };
      };
      await timed("nobody@linde.test");
      const known = await timed("joke@linde.test");
      const unknown = await timed("nobody-else@linde.test");
      expect(known.answer).toEqual(unknown.answer);
      expect(known.answer).toEqual({ ok: true });
      // Both paths do the same database work; neither waits for the mail server.
      expect(known.ms).toBeLessThan(SLOW_SMTP_MS);
      await vi.waitFor(() => expect(received).toEqual(["joke@linde.test"]), { timeout: SLOW_SMTP_MS * 3 });
    } finally {
      await slow.close();
      mails = installOutbox(database);
    }
    const before = (await mails()).length;
    await requestPasswordReset("joke@linde.test", origin);
    const after = await waitForMail(mails, before + 1);
    expect(after).toHaveLength(before + 1);
    const mail = after.at(-1)!;
    expect(mail.to).toBe("joke@linde.test");
    expect(mail.language).toBe("de");
    const link = mail.links.find((l) => l.includes("/set-password"))!;
    expect(link).toContain("/de/set-password?token=");

    expect(await setPasswordLink(tokenOf(link))).toMatchObject({ state: "valid", kind: "reset" });
    expect(await setPasswordFromLink(tokenOf(link), "jokejansenlinde", new Headers(), origin)).toMatchObject({ code: "weak-password" });
    const result = await setPasswordFromLink(tokenOf(link), "nieuwe-lente-gitaar-42", new Headers(), origin);
    expect(result).toMatchObject({ ok: true, role: "professional" });
    expect(await setPasswordLink(tokenOf(link))).toEqual({ state: "invalid" });
    expect((await signInWithPassword({ email: "joke@linde.test", password: STRONG }, new Headers(), origin)).ok).toBe(false);
    expect((await signInWithPassword({ email: "joke@linde.test", password: "nieuwe-lente-gitaar-42" }, new Headers(), origin)).ok).toBe(true);
  });

  it("a completed reset ends the person's older reset links", async () => {
    await createProfessional({ email: "kees@linde.test", name: "Kees Koster", password: STRONG, organisationId: orgId, locale: "nl" });
    let before = (await mails()).length;
    await requestPasswordReset("kees@linde.test", origin);
    const older = tokenOf((await waitForMail(mails, before + 1)).at(-1)!.links[0]);
    before = (await mails()).length;
    await requestPasswordReset("kees@linde.test", origin);
    const newer = tokenOf((await waitForMail(mails, before + 1)).at(-1)!.links[0]);
    expect(await setPasswordFromLink(newer, "nieuwe-lente-gitaar-43", new Headers(), origin)).toMatchObject({ ok: true });
    expect(await setPasswordLink(older)).toEqual({ state: "invalid" });
    expect(await setPasswordFromLink(older, "nog-een-lente-gitaar-44", new Headers(), origin)).toEqual({ ok: false, code: "invalid-action-code" });
    expect((await signInWithPassword({ email: "kees@linde.test", password: "nieuwe-lente-gitaar-43" }, new Headers(), origin)).ok).toBe(true);
  });

  it("a disabled person gets no reset link, and one sent before sets no password", async () => {
    const { id } = await createProfessional({ email: "lot@linde.test", name: "Lot Lens", password: STRONG, organisationId: orgId, locale: "nl" });
    const before = (await mails()).length;
    await requestPasswordReset("lot@linde.test", origin);
    const earlier = tokenOf((await waitForMail(mails, before + 1)).at(-1)!.links[0]);
    await setUserDisabled(admin, id, true, origin);
    expect(await requestPasswordReset("lot@linde.test", origin)).toEqual({ ok: true });
    expect(await setPasswordLink(earlier)).toEqual({ state: "invalid" });
    expect(await setPasswordFromLink(earlier, "nieuwe-lente-gitaar-45", new Headers(), origin)).toEqual({ ok: false, code: "invalid-action-code" });
    // The mail would be on its way through the job queue by now; none went to the disabled address.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await mails()).slice(before + 1).filter((m) => m.to === "lot@linde.test")).toEqual([]);
  });

  it("an expired reset link has its own message", async () => {
    const before = (await mails()).length;
    await requestPasswordReset("joke@linde.test", origin);
    const link = (await waitForMail(mails, before + 1)).at(-1)!.links[0];
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 61 * 60_000 });
    const expires = Number(new URL(link).searchParams.get("expires"));
    expect(await setPasswordLink(tokenOf(link), expires)).toEqual({ state: "expired" });
    expect(await setPasswordFromLink(tokenOf(link), "nog-een-ander-lang-wachtwoord", new Headers(), origin, expires)).toEqual({ ok: false, code: "expired-action-code" });
    // Without the hint a vanished token is just invalid.
    expect(await setPasswordLink(tokenOf(link))).toEqual({ state: "invalid" });
    vi.useRealTimers();
  });
});
