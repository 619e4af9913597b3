/**
 * "Requires recent login": password, e-mail, phone and second-factor changes need a sign-in within the last
 * RECENT_LOGIN_MS. A session counts as recent when it was created that recently, or when its owner confirmed
 * their identity again on the spot (password, authenticator code or backup code); that confirmation is kept as a
 * verification row for this session only, so it never outlives the window or moves to another device.
 */
import { createOTP } from "@better-auth/utils/otp";
import { symmetricDecrypt } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { RECENT_LOGIN_MS } from "~/domain/constants";
import { type AuditOrigin, recordAudit } from "../audit/audit.server";
import { auth } from "../auth/auth.server";
import type { SessionUser } from "../auth/session.server";
import { systemDb } from "../db/client.server";
import { twoFactor } from "../db/schema";

const marker = (sessionId: string) => `recent-login-${sessionId}`;

export async function isRecentLogin(user: Pick<SessionUser, "sessionId" | "sessionCreatedAt">, now = Date.now()): Promise<boolean> {
  if (now - user.sessionCreatedAt.getTime() < RECENT_LOGIN_MS) return true;
  const ctx = await auth().$context;
  const confirmed = await ctx.internalAdapter.findVerificationValue(marker(user.sessionId));
  return Boolean(confirmed && new Date(confirmed.expiresAt).getTime() > now);
}

export type ReauthMethod = "password" | "totp";

/** True when the secret proves the user is who the session says; a success makes the session recent again. */
export async function reauthenticate(
  user: Pick<SessionUser, "id" | "sessionId">,
  input: { method: ReauthMethod; secret: string },
  origin: AuditOrigin,
): Promise<boolean> {
  const ok = input.method === "password" ? await passwordMatches(user.id, input.secret) : await totpMatches(user.id, input.secret);
  await recordAudit({ action: ok ? "auth.reauthenticated" : "auth.reauthentication-failed", actorId: user.id, subjectType: "user", subjectId: user.id, after: { method: input.method } }, origin);
  if (!ok) return false;
  const ctx = await auth().$context;
  await ctx.internalAdapter.deleteVerificationByIdentifier(marker(user.sessionId));
  await ctx.internalAdapter.createVerificationValue({ identifier: marker(user.sessionId), value: user.id, expiresAt: new Date(Date.now() + RECENT_LOGIN_MS) });
  return true;
}

export async function hasPassword(userId: string): Promise<boolean> {
  const ctx = await auth().$context;
  return Boolean((await ctx.internalAdapter.findCredentialAccount(userId))?.password);
}

async function passwordMatches(userId: string, password: string): Promise<boolean> {
  if (!password || password.length > 256) return false;
  const ctx = await auth().$context;
  const hash = (await ctx.internalAdapter.findCredentialAccount(userId))?.password;
  return hash ? ctx.password.verify({ hash, password }) : false;
}

async function totpMatches(userId: string, code: string): Promise<boolean> {
  if (!/^\d{6}$/.test(code.trim())) return false;
  const [row] = await systemDb().select({ secret: twoFactor.secret, verified: twoFactor.verified }).from(twoFactor).where(eq(twoFactor.userId, userId));
  if (!row || row.verified === false) return false;
  const ctx = await auth().$context;
  const secret = await symmetricDecrypt({ key: ctx.secretConfig, data: row.secret });
  return createOTP(secret, { digits: 6, period: 30 }).verify(code.trim());
}
