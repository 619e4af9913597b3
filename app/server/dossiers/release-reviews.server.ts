/**
 * A supervisor who can no longer act on a dossier they are reviewing — removed from its organisation, or disabled —
 * would leave it in review with nobody able to take it further: only its reviewer may return, release or complete
 * it, and nobody else may claim it. Such dossiers go back to submitted, each with a `release` event in the same
 * transaction as the change that caused it (announced, so the organisation's queues show it at once), for the
 * organisation's other supervisors to claim. A professional's move releases theirs the same way
 * (people/professionals.server.ts).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Transaction } from "../db/client.server";
import { dossier } from "../db/schema";
import { recordDossierEvent } from "./events.server";

/** Why the reviews were released, kept in each release event's detail. */
export type ReviewReleaseReason = "supervisor-unassigned" | "supervisor-disabled";

/**
 * Releases the dossiers `supervisorId` is reviewing, in `organisationIds` or in every organisation; returns how many.
 * `actorId` is the administrator whose change caused it.
 */
export async function releaseReviewsOf(
  tx: Transaction,
  actorId: string,
  supervisorId: string,
  organisationIds: readonly string[] | "every",
  reason: ReviewReleaseReason,
): Promise<number> {
  if (organisationIds !== "every" && organisationIds.length === 0) return 0;
  const inReview = and(
    eq(dossier.status, "in_review"),
    eq(dossier.reviewerId, supervisorId),
    organisationIds === "every" ? undefined : inArray(dossier.organisationId, [...organisationIds]),
  );
  const released = await tx
    .update(dossier)
    .set({ status: "submitted", reviewerId: null, updatedAt: new Date(), version: sql`${dossier.version} + 1` })
    .where(inReview)
    .returning({ id: dossier.id, organisationId: dossier.organisationId, professionalId: dossier.professionalId });
  for (const row of released) {
    await recordDossierEvent(tx, row, actorId, { kind: "release", fromStatus: "in_review", toStatus: "submitted", status: "submitted", detail: { reason } });
  }
  return released.length;
}
