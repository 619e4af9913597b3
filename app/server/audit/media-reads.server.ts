/**
 * Reads of patient media are audited (issue 12): handing out a medium's signed URLs (`GET /api/media/:id`) records
 * who read which medium, when and from where. The signed URLs themselves carry no user (a <video> cannot send
 * one), so the moment they are issued to a reader is the read that is logged. Repeated reads by one user within
 * DOSSIER_VIEW_COLLAPSE_MS are logged once, like dossier views (decision 048). The review page's periodic refresh
 * of its URLs (`/api/dossiers/:id/media`) is not a new read: its page load was logged as a dossier view.
 */
import { and, eq, gt } from "drizzle-orm";
import type { Actor } from "~/domain/access/actor";
import { DOSSIER_VIEW_COLLAPSE_MS } from "~/domain/constants";
import { type AuditOrigin, recordAudit } from "./audit.server";
import { systemDb } from "../db/client.server";
import { auditLog } from "../db/schema";

export const MEDIA_READ_ACTION = "media.read";

export async function recordMediaRead(actor: Actor, medium: { id: string; organisationId: string }, origin: AuditOrigin, now = Date.now()): Promise<void> {
  const [recent] = await systemDb()
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, MEDIA_READ_ACTION),
        eq(auditLog.subjectType, "media"),
        eq(auditLog.subjectId, medium.id),
        eq(auditLog.actorId, actor.id),
        gt(auditLog.at, new Date(now - DOSSIER_VIEW_COLLAPSE_MS)),
      ),
    )
    .limit(1);
  if (recent) return;
  await recordAudit({ action: MEDIA_READ_ACTION, actorId: actor.id, subjectType: "media", subjectId: medium.id, organisationId: medium.organisationId }, origin);
}
