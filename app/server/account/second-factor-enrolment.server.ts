/**
 * Enrolling, renewing and switching off the second factor from the account pages. Stored exactly as Better Auth's
 * twoFactor plugin stores it (encrypted secret, encrypted JSON list of backup codes), so the plugin's challenge
 * endpoints on /verify-login verify against it. Callers check the recent-login rule first.
 */
import { createOTP } from "@better-auth/utils/otp";
import { generateRandomString, symmetricDecrypt, symmetricEncrypt } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import QRCode from "qrcode";
import { type AuditOrigin, recordAudit } from "../audit/audit.server";
import { auth } from "../auth/auth.server";
import { TOTP_ISSUER } from "../auth/plugins/two-factor.server";
import { systemDb, type Transaction } from "../db/client.server";
import { inTransaction } from "../db/transaction.server";
import { twoFactor, user as userTable } from "../db/schema";

const BACKUP_CODE_COUNT = 10;

export interface Enrolment {
  /** otpauth:// URI, also shown as a QR code. */
  totpUri: string;
  /** The secret in base32, for typing into an authenticator app by hand. */
  manualKey: string;
  /** The QR code as an SVG data: URL (CSP allows data: images). */
  qrDataUrl: string;
  backupCodes: string[];
}

function newBackupCodes(): string[] {
  return Array.from({ length: BACKUP_CODE_COUNT }, () => {
    const code = generateRandomString(10, "a-z", "0-9", "A-Z");
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

async function encrypt(data: string): Promise<string> {
  return symmetricEncrypt({ key: (await auth().$context).secretConfig, data });
}

/** Codes as the twoFactor plugin's challenge checks them (6 digits, 30 s), so what enrols here signs in there. */
const totp = (secret: string) => createOTP(secret, { digits: 6, period: 30 });

/** Whether `code` is the authenticator app's current code for a stored (encrypted) secret. */
export async function totpCodeMatches(encryptedSecret: string, code: string): Promise<boolean> {
  if (!/^\d{6}$/.test(code.trim())) return false;
  const secret = await symmetricDecrypt({ key: (await auth().$context).secretConfig, data: encryptedSecret });
  return totp(secret).verify(code.trim());
}

async function describeEnrolment(secret: string, email: string, backupCodes: string[]): Promise<Enrolment> {
  const totpUri = totp(secret).url(TOTP_ISSUER, email);
  const manualKey = new URL(totpUri).searchParams.get("secret") ?? "";
  const svg = await QRCode.toString(totpUri, { type: "svg", errorCorrectionLevel: "M", margin: 1 });
  return { totpUri, manualKey, qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`, backupCodes };
}

/** A new, unconfirmed secret and backup codes (replacing an unconfirmed earlier attempt). Nothing changes for sign-in yet. */
export async function startEnrolment(user: { id: string; email: string }, origin: AuditOrigin): Promise<Enrolment> {
  const secret = generateRandomString(32);
  const backupCodes = newBackupCodes();
  const values = { secret: await encrypt(secret), backupCodes: await encrypt(JSON.stringify(backupCodes)), verified: false, failedVerificationCount: 0, lockedUntil: null };
  await systemDb().transaction(async (tx) => {
    await tx.delete(twoFactor).where(eq(twoFactor.userId, user.id));
    await tx.insert(twoFactor).values({ id: crypto.randomUUID(), userId: user.id, ...values });
  });
  await recordAudit({ action: "auth.second-factor-enrolment-started", actorId: user.id, subjectType: "user", subjectId: user.id }, origin);
  return describeEnrolment(secret, user.email, backupCodes);
}

/** The pending enrolment again (after a wrong code, the page shows the same QR code). */
export async function pendingEnrolment(user: { id: string; email: string }): Promise<Enrolment | null> {
  const [row] = await systemDb().select().from(twoFactor).where(eq(twoFactor.userId, user.id));
  if (!row || row.verified !== false) return null;
  const key = (await auth().$context).secretConfig;
  const secret = await symmetricDecrypt({ key, data: row.secret });
  const codes = JSON.parse(await symmetricDecrypt({ key, data: row.backupCodes })) as string[];
  return describeEnrolment(secret, user.email, codes);
}

/** Confirms enrolment with a first code from the app: from now on every sign-in asks for the second factor. */
export async function confirmEnrolment(user: { id: string }, code: string, origin: AuditOrigin): Promise<boolean> {
  const [row] = await systemDb().select().from(twoFactor).where(eq(twoFactor.userId, user.id));
  if (!row || row.verified !== false || !/^\d{6}$/.test(code.trim())) return false;
  if (!(await totpCodeMatches(row.secret, code))) {
    await recordAudit({ action: "auth.second-factor-enrolment-failed", actorId: user.id, subjectType: "user", subjectId: user.id }, origin);
    return false;
  }
  await systemDb().transaction(async (tx) => {
    await tx.update(twoFactor).set({ verified: true }).where(eq(twoFactor.id, row.id));
    await tx.update(userTable).set({ twoFactorEnabled: true, updatedAt: new Date() }).where(eq(userTable.id, user.id));
  });
  await recordAudit({ action: "auth.second-factor-enabled", actorId: user.id, subjectType: "user", subjectId: user.id, after: { method: "totp" } }, origin);
  return true;
}

/** New backup codes; the old ones stop working at once. */
export async function regenerateBackupCodes(user: { id: string }, origin: AuditOrigin): Promise<string[] | null> {
  const codes = newBackupCodes();
  const updated = await systemDb()
    .update(twoFactor)
    .set({ backupCodes: await encrypt(JSON.stringify(codes)) })
    .where(eq(twoFactor.userId, user.id))
    .returning({ verified: twoFactor.verified });
  if (!updated.length || updated[0].verified === false) return null;
  await recordAudit({ action: "auth.backup-codes-regenerated", actorId: user.id, subjectType: "user", subjectId: user.id }, origin);
  return codes;
}

/** How many unused backup codes are left (null: no second factor). */
export async function remainingBackupCodes(userId: string): Promise<number | null> {
  const [row] = await systemDb().select({ backupCodes: twoFactor.backupCodes, verified: twoFactor.verified }).from(twoFactor).where(eq(twoFactor.userId, userId));
  if (!row || row.verified === false) return null;
  const codes = JSON.parse(await symmetricDecrypt({ key: (await auth().$context).secretConfig, data: row.backupCodes })) as string[];
  return codes.length;
}

/** Removes the TOTP secret and backup codes. Used by the owner (account page) and by an admin (reset). */
/** Removes the user's second factor in the caller's transaction (with its audit row); whether there was one. */
export async function removeSecondFactor(tx: Transaction, userId: string): Promise<boolean> {
  const removed = await tx.delete(twoFactor).where(eq(twoFactor.userId, userId)).returning({ id: twoFactor.id });
  const [before] = await tx.select({ enabled: userTable.twoFactorEnabled }).from(userTable).where(eq(userTable.id, userId));
  await tx.update(userTable).set({ twoFactorEnabled: false, updatedAt: new Date() }).where(eq(userTable.id, userId));
  return removed.length > 0 || Boolean(before?.enabled);
}

export async function disableSecondFactor(user: { id: string }, origin: AuditOrigin): Promise<void> {
  // The change and its audit row in one transaction: never one without the other.
  await inTransaction(async (tx) => {
    await removeSecondFactor(tx, user.id);
    await recordAudit({ action: "auth.second-factor-disabled", actorId: user.id, subjectType: "user", subjectId: user.id }, origin, tx);
  });
}
