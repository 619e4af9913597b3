/** The professional's home: dossiers returned to them first, then their most recently changed ones. */
import type { Actor } from "./actor.server";
import { listOwnDossiers } from "./lists.server";

const RECENT_LIMIT = 10;

export async function professionalHome(actor: Actor) {
  const returned = await listOwnDossiers(actor, { status: "returned", sort: "updated-asc" });
  const recent = await listOwnDossiers(actor, { sort: "updated-desc" });
  const returnedIds = new Set(returned.rows.map((r) => r.id));
  return { returned: returned.rows, recent: recent.rows.filter((r) => !returnedIds.has(r.id)).slice(0, RECENT_LIMIT) };
}
