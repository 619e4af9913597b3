/** The professional's home: dossiers returned to them first, then their most recently changed ones. */
import type { AuditOrigin } from "../audit/audit.server";
import type { Actor } from "./actor.server";
import { listOwnDossiers } from "./lists.server";

const RECENT_LIMIT = 10;

export async function professionalHome(actor: Actor, origin: AuditOrigin = {}) {
  const returned = await listOwnDossiers(actor, { status: "returned", sort: "updated-asc" }, origin);
  const recent = await listOwnDossiers(actor, { sort: "updated-desc" }, origin);
  const returnedIds = new Set(returned.rows.map((r) => r.id));
  return { returned: returned.rows, recent: recent.rows.filter((r) => !returnedIds.has(r.id)).slice(0, RECENT_LIMIT) };
}
