/**
 * A sensitive change that waited for re-authentication: its form fields are kept on the server (encrypted, for
 * this session only, RECENT_LOGIN_MS at most), so the re-authentication form carries no typed password back to
 * the browser, and the change continues afterwards without the user typing it again.
 */
import { symmetricDecrypt, symmetricEncrypt } from "better-auth/crypto";
import { RECENT_LOGIN_MS } from "~/domain/constants";
import { auth } from "../auth/auth.server";

const key = (sessionId: string) => `pending-change-${sessionId}`;

export async function keepPendingChange(sessionId: string, fields: Record<string, string>): Promise<void> {
  const ctx = await auth().$context;
  await ctx.internalAdapter.deleteVerificationByIdentifier(key(sessionId));
  const value = await symmetricEncrypt({ key: ctx.secretConfig, data: JSON.stringify(fields) });
  await ctx.internalAdapter.createVerificationValue({ identifier: key(sessionId), value, expiresAt: new Date(Date.now() + RECENT_LOGIN_MS) });
}

/** The kept fields, once (they are removed as they are read). */
export async function takePendingChange(sessionId: string): Promise<Record<string, string> | null> {
  const ctx = await auth().$context;
  const row = await ctx.internalAdapter.findVerificationValue(key(sessionId));
  if (!row) return null;
  await ctx.internalAdapter.deleteVerificationByIdentifier(key(sessionId));
  if (new Date(row.expiresAt).getTime() < Date.now()) return null;
  return JSON.parse(await symmetricDecrypt({ key: ctx.secretConfig, data: row.value })) as Record<string, string>;
}
