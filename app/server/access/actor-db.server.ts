/**
 * The database handle for work an actor does that the permission table decides by the actor alone (managing
 * people, the in-ear model's data): `can()` is asked in the same call that hands out the handle, so a query cannot
 * run without the check that allows it. Refused is "not found", as everywhere. Reads of individual records go
 * through the scopes beside this file instead.
 */
import type { Actor } from "~/domain/access/actor";
import { can } from "~/domain/access/permissions";
import type { ActorOnlyAction } from "~/domain/api-table";
import { AppError } from "~/domain/errors";
import { systemDb, type Database } from "../db/client.server";

/** The actor, known to be allowed `action`, and the handle to do it with. */
export function actingAs<A extends Actor>(actor: A | null | undefined, action: ActorOnlyAction): { actor: A; db: Database } {
  if (!actor || !can(actor, action)) throw new AppError("not-found");
  return { actor, db: systemDb() };
}
