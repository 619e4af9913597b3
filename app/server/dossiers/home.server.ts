/**
 * The professional's home: dossiers returned to them first, then their most recently changed ones. No totals (the
 * page shows none) and one list-read record for what the page shows, so the home costs two statements beyond
 * the session: returned and recent, and a third (the list-read check) only when this process has not logged the
 * same rows within the window itself (recent-reads.server.ts).
 */
import { DOSSIER_PAGE_SIZE, HOME_RECENT_LIMIT } from "~/domain/constants";
import type { AuditOrigin } from "../audit/audit.server";
import { recordListRead } from "../audit/list-reads.server";
import type { Actor } from "./actor.server";
import { firstOwnDossiers } from "./lists.server";

export async function professionalHome(actor: Actor, origin: AuditOrigin = {}) {
  const returned = await firstOwnDossiers(actor, { status: "returned", sort: "updated-asc" }, DOSSIER_PAGE_SIZE);
  // Returned dossiers are listed above, so the recent list leaves them out in the query (not after a limit).
  const recent = await firstOwnDossiers(actor, { sort: "updated-desc", excludeStatus: "returned" }, HOME_RECENT_LIMIT);
  await recordListRead(actor, "own-dossiers", [...returned, ...recent].map((r) => r.id), origin);
  return { returned, recent };
}
