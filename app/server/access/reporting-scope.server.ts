/**
 * Which dossiers and organisations a reporting page may count (PRODUCT.md "Reporting and insight"): the
 * permission table's `reporting.read` decides who may report at all (admins and supervisors; anyone else is "not
 * found"), and the dossiers counted are the ones the viewer may read (`visibleDossiers`: a supervisor's own
 * organisations, shared dossiers only), narrowed to the organisations the filter asks for. The condition goes
 * into every reporting query, so no page or CSV can count a dossier its viewer could not open.
 */
import { and, asc, type AnyColumn, inArray, type SQL, sql } from "drizzle-orm";
import type { Actor } from "~/domain/access/actor";
import { type Database } from "../db/client.server";
import { dossier, organisation } from "../db/schema";
import { actingAs } from "./actor-db.server";
import { visibleDossiers } from "./dossier-scope.server";

export interface ReportingScope {
  db: Database;
  /** Who is asking (allowed `reporting.read`). */
  viewer: Actor;
  /** Administrators see every count; others get small counts suppressed. */
  suppressSmallCounts: boolean;
  /** The organisations the viewer may report on (the filter's choices), by name. */
  organisations: { id: string; name: string }[];
  /** The SQL condition on `dossier` for the requested organisations within the viewer's reach. */
  dossiers: SQL;
  /** The requested organisations that are within reach (empty: all of them). */
  organisationIds: string[];
  /**
   * The same reach on the roll-up tables (decision 074), which count per organisation: the condition on a roll-up
   * table's organisation column, and whether only shared dossiers count (a supervisor's reach has no drafts, as
   * `visibleDossiers`).
   */
  rollupOrganisations: (column: AnyColumn) => SQL;
  sharedOnly: boolean;
}

export async function reportingScope(actor: Actor | null | undefined, requestedOrganisationIds: readonly string[]): Promise<ReportingScope> {
  const { actor: viewer, db } = actingAs(actor, "reporting.read");
  const reach = viewer.role === "admin" ? sql`true` : inArray(organisation.id, viewer.supervisedOrganisationIds.length ? [...viewer.supervisedOrganisationIds] : [""]);
  const organisations = await db.select({ id: organisation.id, name: organisation.name }).from(organisation).where(reach).orderBy(asc(organisation.name));
  const allowed = new Set(organisations.map((o) => o.id));
  const organisationIds = requestedOrganisationIds.filter((id) => allowed.has(id));
  // Asked only for organisations out of reach: nothing, not everything.
  const narrowed = requestedOrganisationIds.length === 0 ? sql`true` : organisationIds.length ? inArray(dossier.organisationId, organisationIds) : sql`false`;
  // The roll-up's organisations: those asked for within reach, else all within reach (everything for an admin).
  const counted = requestedOrganisationIds.length ? organisationIds : viewer.role === "admin" ? null : [...allowed];
  return {
    db,
    viewer,
    suppressSmallCounts: viewer.role !== "admin",
    organisations,
    dossiers: and(visibleDossiers(viewer), narrowed)!,
    organisationIds,
    rollupOrganisations: (column) => (counted === null ? sql`true` : counted.length ? inArray(column, counted) : sql`false`),
    sharedOnly: viewer.role !== "admin",
  };
}
