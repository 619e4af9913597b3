/**
 * The signed-in devices of one user, and ending them. Deleting the session row signs that device out at its
 * next request (sessions are read from the database on every request; there is no cookie cache).
 */
import { and, desc, eq, gt, ne } from "drizzle-orm";
import { type AuditOrigin, recordAudit } from "../audit/audit.server";
import { systemDb } from "../db/client.server";
import { session } from "../db/schema";

export interface ActiveSession {
  id: string;
  userAgent: string | null;
  signedInAt: string;
  lastSeenAt: string;
  current: boolean;
}

export async function listActiveSessions(user: { id: string; sessionId: string }): Promise<ActiveSession[]> {
  const rows = await systemDb()
    .select({ id: session.id, userAgent: session.userAgent, createdAt: session.createdAt, updatedAt: session.updatedAt })
    .from(session)
    .where(and(eq(session.userId, user.id), gt(session.expiresAt, new Date())))
    .orderBy(desc(session.updatedAt));
  return rows
    .map((row) => ({
      id: row.id,
      userAgent: row.userAgent,
      signedInAt: row.createdAt.toISOString(),
      lastSeenAt: row.updatedAt.toISOString(),
      current: row.id === user.sessionId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** Ends one of the user's own sessions; another user's session id is simply not found. */
export async function revokeSession(user: { id: string }, sessionId: string, origin: AuditOrigin): Promise<boolean> {
  const removed = await systemDb()
    .delete(session)
    .where(and(eq(session.id, sessionId), eq(session.userId, user.id)))
    .returning({ id: session.id });
  if (!removed.length) return false;
  await recordAudit({ action: "auth.session-revoked", actorId: user.id, subjectType: "session", subjectId: sessionId }, origin);
  return true;
}

/** Ends every session of the user except the current one. */
export async function revokeOtherSessions(user: { id: string; sessionId: string }, origin: AuditOrigin): Promise<number> {
  const removed = await systemDb()
    .delete(session)
    .where(and(eq(session.userId, user.id), ne(session.id, user.sessionId)))
    .returning({ id: session.id });
  await recordAudit({ action: "auth.other-sessions-revoked", actorId: user.id, subjectType: "user", subjectId: user.id, after: { count: removed.length } }, origin);
  return removed.length;
}
