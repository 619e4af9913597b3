/** Reading one dossier for an actor: scoped in the query's caller, 404 for anyone who may not see it. */
import { eq } from "drizzle-orm";
import { AppError } from "~/domain/errors";
import { isRowId } from "~/domain/row-id";
import type { Queryable } from "../db/client.server";
import { dossier, patient } from "../db/schema";
import { type Actor, mayRead } from "./actor.server";

export type DossierRow = typeof dossier.$inferSelect;
export type PatientRow = typeof patient.$inferSelect;

/**
 * The dossier row if the actor may read it. `forUpdate` locks the row for the rest of the transaction, so two
 * concurrent changes are applied one after the other and the version check sees the winner's write.
 */
export async function loadDossierFor(db: Queryable, actor: Actor, id: string, options: { forUpdate?: boolean } = {}): Promise<DossierRow> {
  if (!isRowId(id)) throw new AppError("not-found");
  const query = db.select().from(dossier).where(eq(dossier.id, id));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return readable(actor, row);
}

/** The dossier row and its patient in one statement, if the actor may read the dossier: what opening it shows. */
export async function loadDossierWithPatientFor(db: Queryable, actor: Actor, id: string): Promise<{ row: DossierRow; patient: PatientRow | null }> {
  if (!isRowId(id)) throw new AppError("not-found");
  const [found] = await db.select({ row: dossier, patient }).from(dossier).leftJoin(patient, eq(patient.id, dossier.patientId)).where(eq(dossier.id, id));
  return { row: readable(actor, found?.row), patient: found?.patient ?? null };
}

function readable(actor: Actor, row: DossierRow | undefined): DossierRow {
  if (!row || !mayRead(actor, row)) throw new AppError("not-found");
  return row;
}
