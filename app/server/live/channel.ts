/** The PostgreSQL NOTIFY channel of live dossier updates (one place, used by the publisher and the listener). */
export const LIVE_CHANNEL = "casus_live";

export type { LiveEvent } from "~/domain/dossier/live-event";
