/**
 * Which dossiers and organisations a reporting page may count (PRODUCT.md "Reporting and insight"): the
 * permission table's `reporting.read` decides who may report at all (admins and supervisors; anyone else is "not
 * found"), and the dossiers counted are the ones the viewer may read (`visibleDossiers`: a supervisor's own
 * organisations, shared dossiers only), narrowed to the organisations the filter asks for. The condition goes
 * into every reporting query, so no page or CSV can count a dossier its viewer could not open.
 */
import { and, asc, inArray, type SQL, sql } from "drizzle-orm";
import type { Actor } from "~/domain/access/actor";
import { type Database } from "../db/client.server";
import { dossier, organisation } from "../db/schema";
import { actingAs } from "./actor-db.server";
import { visibleDossiers } from "./dossier-scope.server";

export interface ReportingScope {
  db: Database;
  /** Administrators see every count; others get small counts suppressed. */
  suppressSmallCounts: boolean;
  /** The organisations the viewer may report on (the filter's choices), by name. */
  organisations: { id: string; name: string }[];
  /** The SQL condition on `dossier` for the requested organisations within the viewer's reach. */
  dossiers: SQL;
  /** The requested organisations that are within reach (empty: all of them). */
  organisationIds: string[];
}

export async function reportingScope(actor: Actor | null | undefined, requestedOrganisationIds: readonly string[]): Promise<ReportingScope> {
  const { actor: viewer, db } = actingAs(actor, "reporting.read");
  const reach = viewer.role === "admin" ? sql`true` : inArray(organisation.id, viewer.supervisedOrganisationIds.length ? [...viewer.supervisedOrganisationIds] : [""]);
  const organisations = await db.select({ id: organisation.id, name: organisation.name }).from(organisation).where(reach).orderBy(asc(organisation.name));
  const allowed = new Set(organisations.map((o) => o.id));
  const organisationIds = requestedOrganisationIds.filter((id) => allowed.has(id));
  // Asked only for organisations out of reach: nothing, not everything.
  const narrowed = requestedOrganisationIds.length === 0 ? sql`true` : organisationIds.length ? inArray(dossier.organisationId, organisationIds) : sql`false`;
  return {
    db,
    suppressSmallCounts: viewer.role !== "admin",
    organisations,
    dossiers: and(visibleDossiers(viewer), narrowed)!,
    organisationIds,
  };
}
