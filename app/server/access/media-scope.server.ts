/**
 * Which media an actor may see: media follow their dossier's rule. A medium attached to a dossier is visible to
 * whoever may read that dossier (app/server/access/dossier-scope.server.ts), so a colleague in the same
 * organisation, or a supervisor before the dossier is submitted, gets "not found" like anyone else; a medium
 * not (yet) attached to a dossier — an upload in progress, a test upload — is its uploader's alone. Administrators
 * see every medium.
 */
import { and, eq, exists, or, sql, type SQL } from "drizzle-orm";
import type { Actor } from "~/domain/access/actor";
import { withoutOrganisation } from "~/domain/access/permissions";
import { systemDb } from "../db/client.server";
import { dossier, dossierMedium, media } from "../db/schema";
import { visibleDossiers } from "./dossier-scope.server";

export function visibleMedia(actor: Actor): SQL {
  if (actor.role === "admin") return sql`true`;
  if (withoutOrganisation(actor)) return sql`false`;
  const inReadableDossier = systemDb()
    .select({ one: sql`1` })
    .from(dossierMedium)
    .innerJoin(dossier, eq(dossier.id, dossierMedium.dossierId))
    .where(and(eq(dossierMedium.mediaId, media.id), visibleDossiers(actor)));
  return or(eq(media.uploaderId, actor.id), exists(inReadableDossier))!;
}
