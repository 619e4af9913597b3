/**
 * Reads of patient media are audited (issue 12): handing out a medium's signed URLs (`GET /api/media/:id`) records
 * who read which medium, when and from where. The signed URLs themselves carry no user (a <video> cannot send
 * one), so the moment they are issued to a reader is the read that is logged. Repeated reads by one user within
 * DOSSIER_VIEW_COLLAPSE_MS are logged once, like dossier views (decision 048). A dossier's media with their URLs
 * (`/api/dossiers/:id/media`) are logged as a view of the dossier instead (dossiers/dossier-views.server.ts).
 */
import type { Actor } from "~/domain/access/actor";
import { mediaReadGrant } from "~/domain/access/permissions";
import { type AuditOrigin, recordAudit } from "./audit.server";
import { logReadOnce, readKey } from "./recent-reads.server";

export const MEDIA_READ_ACTION = "media.read" as const;

export async function recordMediaRead(actor: Actor, medium: { id: string; organisationId: string; uploaderId: string }, origin: AuditOrigin, now = Date.now()): Promise<void> {
  const entry = { action: MEDIA_READ_ACTION, actorId: actor.id, subjectType: "media", subjectId: medium.id };
  // The medium was found through the media scope: if neither admin nor uploader, a dossier it is attached to allowed it.
  const grant = mediaReadGrant(actor, { uploaderId: medium.uploaderId, dossiers: [] }) ?? "attached-dossier";
  // A repeat this process logged itself is known without asking the database (recent-reads.server.ts).
  await logReadOnce(readKey(MEDIA_READ_ACTION, actor.id, medium.id), entry, now, () => recordAudit({ ...entry, organisationId: medium.organisationId, after: { grant } }, origin));
}
