/**
 * The PostgreSQL NOTIFY channel of live dossier updates (one place, used by the publisher and the listener; the
 * trigger of migration 0012 that announces access changes names it too).
 */
export const LIVE_CHANNEL = "casus_live";

import type { LiveEvent } from "~/domain/dossier/live-event";
import type { ExportProgressEvent } from "~/domain/export/options";

export type { LiveEvent };
/**
 * A change to what `userId` may see (a session ended, their role, disabled flag or organisations changed), written
 * by the database's triggers in the changing transaction (decision 094). Not sent to browsers: the user's open
 * streams check the session again on it.
 */
export interface AccessChange {
  type: "access";
  userId: string;
}

/**
 * What travels on the channel: a dossier event (no `type`, as ever), an export's progress (`type: "export"`,
 * administrators only; decision 067), or an access change (`type: "access"`).
 */
export type LiveMessage = LiveEvent | ExportProgressEvent | AccessChange;
