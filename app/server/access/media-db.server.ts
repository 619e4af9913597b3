/**
 * The database handle for media, handed out only with the check that allows it (as dossier-db.server.ts does for
 * dossiers): a medium the actor may see (media-scope: media follow their dossier's rule), a list within that
 * scope, an organisation the actor may upload into (the permission table's media.upload), or — for the bytes
 * behind a signed URL — a signature that verifies, since the signature is the permission there. Refused is
 * storage/object-not-found (storage/unauthorized for an organisation one may not upload into), the seed's codes.
 */
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Actor } from "~/domain/access/actor";
import { can } from "~/domain/access/permissions";
import { StorageError } from "~/domain/storage-errors";
import { systemDb, type Database } from "../db/client.server";
import { media, organisation } from "../db/schema";
import { type MediaVariant, verifyMediaSignature } from "../media/signed-url.server";
import { visibleMedia } from "./media-scope.server";

export type MediumRow = typeof media.$inferSelect;

/** A medium `actor` may see, and the handle to change it with; "not found" for one they may not see. */
export async function readableMedium(actor: Actor, id: string): Promise<{ row: MediumRow; db: Database }> {
  const db = systemDb();
  const [row] = await db
    .select()
    .from(media)
    .where(and(eq(media.id, id), visibleMedia(actor)));
  if (!row) throw new StorageError("storage/object-not-found");
  return { row, db };
}

/** The handle for lists of media, with the actor's scope in every condition. */
export function mediaLists(actor: Actor): { db: Database; where(...conditions: (SQL | undefined)[]): SQL } {
  const visible = visibleMedia(actor);
  return { db: systemDb(), where: (...conditions) => and(visible, ...conditions)! };
}

/** The handle for putting media into an organisation `actor` may upload into (its quota, the new record). */
export function uploadingInto(actor: Actor, organisationId: string): Database {
  if (!can(actor, "media.upload", { organisationId })) throw new StorageError("storage/unauthorized", { reason: "organisation" });
  return systemDb();
}

/** The organisations `actor` may upload into (media.upload), as a condition on the organisation table, for pickers. */
export function uploadOrganisationScope(actor: Actor): { db: Database; where: SQL } {
  const where =
    actor.role === "admin"
      ? sql`true`
      : actor.role === "supervisor"
        ? actor.supervisedOrganisationIds.length
          ? inArray(organisation.id, [...actor.supervisedOrganisationIds])
          : sql`false`
        : actor.organisationId
          ? eq(organisation.id, actor.organisationId)
          : sql`false`;
  return { db: systemDb(), where };
}

/**
 * The medium behind a signed URL: the signature (made when a permitted actor asked for the medium, which was
 * audited then) is checked in the same call that reads the row.
 */
export async function signedMedium(id: string, variant: MediaVariant, expires: unknown, signature: unknown): Promise<MediumRow> {
  const problem = verifyMediaSignature(id, variant, expires, signature);
  if (problem) throw new StorageError(problem === "expired" ? "storage/unauthorized" : "storage/invalid-url", { reason: problem });
  const [row] = await systemDb().select().from(media).where(eq(media.id, id));
  if (!row) throw new StorageError("storage/object-not-found");
  return row;
}
