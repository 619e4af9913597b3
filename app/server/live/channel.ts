/** The PostgreSQL NOTIFY channel of live dossier updates (one place, used by the publisher and the listener). */
export const LIVE_CHANNEL = "casus_live";

import type { LiveEvent } from "~/domain/dossier/live-event";
import type { ExportProgressEvent } from "~/domain/export/options";

export type { LiveEvent };
/**
 * What travels on the channel: a dossier event (no `type`, as ever) or an export's progress (`type: "export"`,
 * administrators only; decision 067).
 */
export type LiveMessage = LiveEvent | ExportProgressEvent;
