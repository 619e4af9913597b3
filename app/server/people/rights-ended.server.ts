/**
 * What an administrator set going lives on their rights: when the rights end (made a supervisor, disabled, their
 * own invitation revoked), their work in progress that needs them ends in the same transaction, so nothing they
 * started keeps running under a right they no longer hold.
 */
import type { Transaction } from "../db/client.server";
import { stopExportsOf } from "../export/starter-rights.server";
import type { Actor, Origin } from "./access.server";
import { revokeInvitationsSentBy } from "./invitations.server";

export async function endWorkOfLostRights(tx: Transaction, actor: Actor, userId: string, origin: Origin): Promise<void> {
  // Dossier exports read every organisation's dossiers: only for a starter who still may (export.run).
  await stopExportsOf(tx, actor.id, userId, origin);
  // Invitations are grants of a role: only while their sender may still grant it.
  await revokeInvitationsSentBy(tx, actor, userId, origin);
}
