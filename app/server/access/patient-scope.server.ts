/**
 * Which patients an actor may look up, and whose dossiers they may list on the history page: the permission
 * table's patient.read (app/domain/access/permissions.ts) — the professionals of the patient's organisation, and
 * administrators. A patient and their dossiers always share one organisation, so the same rule reads on both tables.
 * access-scopes.server.test.ts holds these and `can()` to the same answers.
 */
import { and, eq, sql, type Column, type SQL } from "drizzle-orm";
import type { Actor } from "~/domain/access/actor";
import { systemDb, type Database } from "../db/client.server";
import { dossier, patient } from "../db/schema";

/** patient.read on a table's organisation column. */
function inPatientOrganisation(actor: Actor, organisationId: Column): SQL {
  switch (actor.role) {
    case "admin":
      return sql`true`;
    case "professional":
      return actor.organisationId ? eq(organisationId, actor.organisationId) : sql`false`;
    case "supervisor":
      return sql`false`;
  }
}

export function visiblePatients(actor: Actor): SQL {
  return inPatientOrganisation(actor, patient.organisationId);
}

/** The dossiers of the patients `actor` may look up (the history list's rows: summaries, not the dossiers' contents). */
export function visiblePatientHistory(actor: Actor): SQL {
  return inPatientOrganisation(actor, dossier.organisationId);
}

export interface PatientRecords {
  db: Database;
  /** Conditions on the patient table, within what the actor may look up. */
  patients(...conditions: (SQL | undefined)[]): SQL;
  /** Conditions on the dossier table, within the histories the actor may list. */
  history(...conditions: (SQL | undefined)[]): SQL;
}

export function patientRecords(actor: Actor): PatientRecords {
  const patients = visiblePatients(actor);
  const history = visiblePatientHistory(actor);
  return {
    db: systemDb(),
    patients: (...conditions) => and(patients, ...conditions)!,
    history: (...conditions) => and(history, ...conditions)!,
  };
}
