/** Who may receive a live event: the same rule as reading the dossier (app/server/dossiers/actor.server.ts). */
import { type Actor, mayRead } from "../dossiers/actor.server";
import type { LiveEvent } from "./channel";

export function mayReceive(actor: Actor, event: LiveEvent): boolean {
  return mayRead(actor, { organisationId: event.organisationId, professionalId: event.professionalId, status: event.status });
}
