/**
 * The handle for lists of dossiers. A list gets the database only together with `where`, which starts every
 * condition from the actor's read rule (visibleDossiers, the permission table's dossier.read): a list's own filters
 * (status, owner, the queue's "submitted") narrow what the actor may read; they can never widen it.
 */
import { and, type SQL } from "drizzle-orm";
import type { Actor } from "~/domain/access/actor";
import { systemDb, type Database } from "../db/client.server";
import { visibleDossiers } from "./dossier-scope.server";

export interface DossierListScope {
  db: Database;
  /** The actor's read rule and the list's own conditions, all of them. */
  where(...conditions: (SQL | undefined)[]): SQL;
}

export function dossierLists(actor: Actor): DossierListScope {
  const visible = visibleDossiers(actor);
  return { db: systemDb(), where: (...conditions) => and(visible, ...conditions)! };
}
