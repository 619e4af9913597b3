/**
 * What a page calls to take a lifecycle step: the transition (one transaction, app/server/dossiers/transitions, that
 * also writes the notification job) and, once it has committed, a nudge to this instance's worker so the e-mail
 * leaves now rather than at the next poll. Sending, retrying and failing are the queue's (decision 083).
 */
import type { DossierTransition } from "~/domain/dossier/lifecycle";
import type { Actor } from "./actor.server";
import { NOTIFYING_TRANSITIONS } from "../jobs/job-table.server";
import { jobQueue } from "../jobs/queue.server";
import { type TransitionInput, transitionDossier } from "./transitions.server";

export async function takeTransition(actor: Actor, id: string, transition: DossierTransition, input: TransitionInput = {}) {
  const result = await transitionDossier(actor, id, transition, input);
  if (NOTIFYING_TRANSITIONS.has(transition)) jobQueue().wake("dossier-notification");
  return result;
}
