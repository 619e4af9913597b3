/**
 * What a page calls to take a lifecycle step: the transition (one transaction, app/server/dossiers/transitions)
 * and, once it has committed, the e-mail notifications. Notification failures are logged, never fatal.
 */
import type { DossierTransition } from "~/domain/dossier/lifecycle";
import type { Logger } from "../logger.server";
import type { Actor } from "./actor.server";
import { notifyTransition } from "../jobs/notify.server";
import { type TransitionInput, transitionDossier } from "./transitions.server";

export async function takeTransition(actor: Actor, id: string, transition: DossierTransition, input: TransitionInput = {}, log?: Logger) {
  const result = await transitionDossier(actor, id, transition, input);
  await notifyTransition(id, transition, log);
  return result;
}
