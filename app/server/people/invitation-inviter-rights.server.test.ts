/**
 * An invitation is a grant of a role by an administrator, valid only while they may still grant it (docs/security.md
 * "Invitations follow their sender's rights"). Made a supervisor or disabled, the sender's open invitations are
 * revoked in the same transaction: the link sets no password and the invitee's account is disabled. Before, they
 * stayed valid and the invitee got the role from someone who no longer held it.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { acceptInvitation, invitationLinkState } from "../auth/invitation-link.server";
import { loadSessionUser, type SessionUser } from "../auth/session.server";
import { auditLog, invitation, session, user } from "../db/schema";
import { inTransaction } from "../db/transaction.server";
import { createAdmin } from "../demo/factories.server";
import { DEMO_PASSWORD, seedDemoData, type DemoData } from "../demo/seed-demo.server";
import { signInCookie } from "../../../tests/support/media-server";
import { installOutbox, tokenOf, waitForMail } from "../../../tests/support/people";
import { completeSignInLink, requestSignInLink } from "../auth/magic-link-sign-in.server";
import { createInvitationInTx, inviterMayInvite, latestInvitation, resendInvitation } from "./invitations.server";
import { demoteAdministrator, setUserDisabled } from "./users.server";

const PASSWORD = "Kleine-otoscoop-lampjes-2026";
let database: TestDatabase;
let demo: DemoData;
let chief: SessionUser;
let mails: ReturnType<typeof installOutbox>;
let n = 0;

beforeAll(async () => {
  database = await createTestDatabase({ MFA_REQUIRED_ROLES: "", SIGN_IN_RATE_LIMIT_PER_MINUTE: "1000" });
  // Sign-in links are mailed by a job.
  await database.startJobWorkers();
  demo = await seedDemoData({ dossiers: false });
  mails = installOutbox(database);
  chief = (await loadSessionUser(new Headers({ cookie: await signInCookie(database, "admin@casus.test") })))!;
});

afterAll(async () => {
  await database?.close();
});

/** A second administrator who invites one professional and one administrator (links not yet used). */
async function adminWithInvitations() {
  const i = ++n;
  const email = `sender-${i}@casus.test`;
  await createAdmin({ email, name: `Sender ${i}`, password: DEMO_PASSWORD });
  const sender = (await loadSessionUser(new Headers({ cookie: await signInCookie(database, email) })))!;
  const invite = (role: "professional" | "admin") =>
    inTransaction((tx) =>
      createInvitationInTx(tx, sender, { name: `Invitee ${role} ${i}`, email: `${role}-${i}@casus.test`, role, locale: "nl", organisationId: role === "professional" ? demo.organisations[0].id : null }, {}),
    );
  return { sender, pro: await invite("professional"), admin: await invite("admin") };
}

async function banned(userId: string) {
  const [row] = await database.handle.db.select({ banned: user.banned }).from(user).where(eq(user.id, userId));
  return row.banned;
}

describe("invitations of an administrator who loses the right to invite", () => {
  it("are revoked when the sender is made a supervisor: the links set no password, the invitees' accounts are disabled", async () => {
    const { sender, pro, admin } = await adminWithInvitations();
    await demoteAdministrator(chief, sender.id, {});
    for (const mail of [pro, admin]) {
      expect((await latestInvitation(database.handle.db, mail.userId))?.state).toBe("revoked");
      expect(await invitationLinkState(mail.token)).toEqual({ state: "invalid" });
      expect(await acceptInvitation(mail.token, PASSWORD, {})).toEqual({ ok: false, code: "invalid-action-code" });
      expect(await banned(mail.userId)).toBe(true);
    }
    const rows = await database.handle.db.select().from(auditLog).where(and(eq(auditLog.subjectId, pro.userId), eq(auditLog.action, "invitation.revoked")));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: chief.id, after: { reason: "inviter-lost-rights", inviter: sender.id } });
  });

  it("are revoked when the sender is disabled", async () => {
    const { sender, pro } = await adminWithInvitations();
    await setUserDisabled(chief, sender.id, true, {});
    expect(await acceptInvitation(pro.token, PASSWORD, {})).toEqual({ ok: false, code: "invalid-action-code" });
    expect(await banned(pro.userId)).toBe(true);
  });

  it("leave accepted invitations alone: the person already has their account", async () => {
    const { sender, pro } = await adminWithInvitations();
    expect(await acceptInvitation(pro.token, PASSWORD, {})).toMatchObject({ ok: true });
    await demoteAdministrator(chief, sender.id, {});
    expect((await latestInvitation(database.handle.db, pro.userId))?.state).toBe("accepted");
    expect(await banned(pro.userId)).toBe(false);
  });

  it("leave an invitee alone who already signs in without having accepted (by e-mail link): they are at work", async () => {
    const { sender, pro } = await adminWithInvitations();
    const before = (await mails()).length;
    await requestSignInLink({ email: `professional-${n}@casus.test`, redirectTo: null, locale: "nl" }, new Headers(), {});
    const link = (await waitForMail(mails, before + 1)).at(-1)!.links.find((l) => l.includes("/verify-login"))!;
    expect(await completeSignInLink(tokenOf(link), new Headers(), {})).toMatchObject({ ok: true });
    await demoteAdministrator(chief, sender.id, {});
    expect(await banned(pro.userId)).toBe(false);
    expect((await latestInvitation(database.handle.db, pro.userId))?.state).toBe("pending");
    expect(await database.handle.db.select().from(session).where(eq(session.userId, pro.userId))).toHaveLength(1);
    const revoked = await database.handle.db.select().from(auditLog).where(and(eq(auditLog.subjectId, pro.userId), eq(auditLog.action, "invitation.revoked")));
    expect(revoked).toEqual([]);
  });

  it("are refused when opened or accepted after the sender's right went outside the product (role changed in the database)", async () => {
    const { sender, pro } = await adminWithInvitations();
    await database.handle.db.update(user).set({ role: "supervisor" }).where(eq(user.id, sender.id));
    expect(await invitationLinkState(pro.token)).toEqual({ state: "invalid" });
    expect(await acceptInvitation(pro.token, PASSWORD, {})).toEqual({ ok: false, code: "invalid-action-code" });
  });

  it("work again when another administrator resends them, who then vouches for the grant", async () => {
    const { sender, pro } = await adminWithInvitations();
    await demoteAdministrator(chief, sender.id, {});
    await resendInvitation(chief, pro.userId, {});
    const [row] = await database.handle.db.select().from(invitation).where(eq(invitation.userId, pro.userId));
    expect(row.invitedBy).toBe(chief.id);
    expect(await banned(pro.userId)).toBe(false);
    expect(row.revokedAt).toBeNull();
    // The new link (from the outbox) is not needed: the old one is dead anyway, and the grant is the chief's now.
    expect(await inviterMayInvite(database.handle.db, row.invitedBy)).toBe(true);
  });
});
