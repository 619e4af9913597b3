/**
 * The database handle for what belongs to one dossier (its patient, media, thread, event log), handed out only
 * with a dossier the actor may read: the same rule as loading it (the permission table's dossier.read), asked in
 * the same call, so related rows cannot be read for a dossier that was not checked.
 */
import type { Actor } from "~/domain/access/actor";
import { can, type DossierFacts } from "~/domain/access/permissions";
import { AppError } from "~/domain/errors";
import { systemDb, type Database } from "../db/client.server";
import { loadDossierFor, loadDossierWithPatientFor, type DossierRow, type PatientRow } from "../dossiers/load.server";

/** A dossier `actor` may read (404 otherwise) and the handle for what belongs to it. */
export async function readableDossier(actor: Actor, id: string): Promise<{ row: DossierRow; db: Database }> {
  const db = systemDb();
  return { row: await loadDossierFor(db, actor, id), db };
}

/** A dossier `actor` may read (404 otherwise) with its patient, in one statement, and the handle for the rest. */
export async function readableDossierWithPatient(actor: Actor, id: string): Promise<{ row: DossierRow; patient: PatientRow | null; db: Database }> {
  const db = systemDb();
  return { ...(await loadDossierWithPatientFor(db, actor, id)), db };
}

/** The handle for what belongs to a dossier row already loaded (checked again, since the row came from elsewhere). */
export function dossierDb(actor: Actor, dossier: DossierFacts): Database {
  if (!can(actor, "dossier.read", dossier)) throw new AppError("not-found");
  return systemDb();
}
