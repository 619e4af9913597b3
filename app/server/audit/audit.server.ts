/**
 * The audit log, written by the data layer (not by routes): who did what to which record, when, and from where.
 * Never pass secrets in before/after; phone numbers are stored masked.
 */
import { and, eq, gt, type SQL } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { systemDb, type Queryable } from "../db/client.server";
import { auditLog } from "../db/schema";
import type { AuditAction } from "~/domain/audit-actions";

export interface AuditEntry {
  action: AuditAction;
  actorId?: string | null;
  subjectType?: string | null;
  subjectId?: string | null;
  organisationId?: string | null;
  before?: unknown;
  after?: unknown;
}

export interface AuditOrigin {
  requestId?: string | null;
  ipAddress?: string | null;
}

export async function recordAudit(entry: AuditEntry, origin: AuditOrigin = {}, db: Queryable = systemDb()): Promise<void> {
  await db.insert(auditLog).values({
    action: entry.action,
    actorId: entry.actorId ?? null,
    subjectType: entry.subjectType ?? null,
    subjectId: entry.subjectId ?? null,
    organisationId: entry.organisationId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    requestId: origin.requestId ?? null,
    ipAddress: origin.ipAddress ?? null,
  });
}

/** The origin of an audited action from a route's request and context. */
export function auditOrigin(_request: Request, context: AppLoadContext): AuditOrigin {
  return { requestId: context.requestId, ipAddress: context.clientIp };
}

/**
 * When `entry`'s actor logged a row of the same action on the same subject since `since` (and matching `also`), or
 * null: reads logged once per window (dossier views, media and list reads) ask this first. Any such row will do.
 */
export async function auditedAt(entry: Required<Pick<AuditEntry, "action" | "actorId" | "subjectType" | "subjectId">>, since: Date, also?: SQL): Promise<Date | null> {
  const [row] = await systemDb()
    .select({ at: auditLog.at })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, entry.action),
        eq(auditLog.actorId, entry.actorId!),
        eq(auditLog.subjectType, entry.subjectType!),
        eq(auditLog.subjectId, entry.subjectId!),
        gt(auditLog.at, since),
        also,
      ),
    )
    .limit(1);
  return row?.at ?? null;
}

/** Whether `entry`'s actor already has a row of the same action on the same subject since `since`. */
export async function auditedSince(entry: Required<Pick<AuditEntry, "action" | "actorId" | "subjectType" | "subjectId">>, since: Date, also?: SQL): Promise<boolean> {
  return (await auditedAt(entry, since, also)) !== null;
}
