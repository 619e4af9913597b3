/**
 * What a live dossier event carries (the `dossier` events of GET /api/live): enough to decide who may receive it
 * and what changed, never dossier content. Shared by the server that sends it and the browser that reads it.
 */
export interface LiveEvent {
  seq: number;
  dossierId: string;
  organisationId: string;
  professionalId: string;
  kind: string;
  status: string;
}
