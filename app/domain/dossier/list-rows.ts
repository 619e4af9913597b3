/**
 * What a dossier list sends the browser per row: what its rows show and link by, nothing else. The list queries
 * read more (the scopes' and the read log's columns: organisation, owner, reviewer, version, the other dates); that
 * stays on the server. Less patient-linked data in every page, and less to encode, send and hydrate per row: the
 * supervisor's queue at 100,000 dossiers carried 13 fields a row where it shows 6 (issue 13).
 */

/** A row of the dossier table (home, my dossiers, a patient's history). */
export interface DossierTableRow {
  id: string;
  status: string;
  earSide: string;
  phone: string | null;
  updatedAt: Date;
  /** A patient's history names whose dossier each is, and links only the viewer's own. */
  professionalName?: string;
  professionalId?: string;
}

export function tableRow(row: Omit<DossierTableRow, "professionalName" | "professionalId">): DossierTableRow {
  return { id: row.id, status: row.status, earSide: row.earSide, phone: row.phone, updatedAt: row.updatedAt };
}

export function historyRow(row: Parameters<typeof tableRow>[0] & { professionalId: string; professionalName: string }): DossierTableRow {
  return { ...tableRow(row), professionalId: row.professionalId, professionalName: row.professionalName };
}

/** An entry of the supervisor's queue: waiting, in their review, or recently completed. */
export interface QueueRow {
  id: string;
  status: string;
  earSide: string;
  phone: string | null;
  submittedAt: Date | null;
  professionalName: string;
}

export function queueRow(row: QueueRow): QueueRow {
  return { id: row.id, status: row.status, earSide: row.earSide, phone: row.phone, submittedAt: row.submittedAt, professionalName: row.professionalName };
}
