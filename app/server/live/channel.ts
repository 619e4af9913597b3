/** The PostgreSQL NOTIFY channel of live dossier updates (one place, used by the publisher and the listener). */
export const LIVE_CHANNEL = "casus_live";

/** What a live event carries: enough to decide who may receive it and what changed, never dossier content. */
export interface LiveEvent {
  seq: number;
  dossierId: string;
  organisationId: string;
  professionalId: string;
  kind: string;
  status: string;
}
