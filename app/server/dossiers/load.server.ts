/** Reading one dossier for an actor: scoped in the query's caller, 404 for anyone who may not see it. */
import { eq } from "drizzle-orm";
import { AppError } from "~/domain/errors";
import { isRowId } from "~/domain/row-id";
import type { Queryable } from "../db/client.server";
import { dossier } from "../db/schema";
import { type Actor, mayRead } from "./actor.server";

export type DossierRow = typeof dossier.$inferSelect;

/**
 * The dossier row if the actor may read it. `forUpdate` locks the row for the rest of the transaction, so two
 * concurrent changes are applied one after the other and the version check sees the winner's write.
 */
export async function loadDossierFor(db: Queryable, actor: Actor, id: string, options: { forUpdate?: boolean } = {}): Promise<DossierRow> {
  if (!isRowId(id)) throw new AppError("not-found");
  const query = db.select().from(dossier).where(eq(dossier.id, id));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  if (!row || !mayRead(actor, row)) throw new AppError("not-found");
  return row;
}
