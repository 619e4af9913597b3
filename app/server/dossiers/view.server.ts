/**
 * Opening a dossier: everything the screen needs, scoped to the actor, and the view written to the event log
 * (PRODUCT.md: every view is logged; repeated views by one user within a few minutes once). Views are recorded
 * but not broadcast.
 */
import { availableTransitions, type DossierStatus, reviewVisibleTo } from "~/domain/dossier/lifecycle";
import { dossierDb, readableDossier } from "../access/dossier-db.server";
import { type Actor, relationOf } from "./actor.server";
import { viewedDossier } from "./dossier-views.server";
import { readEventLog } from "./events.server";
import { mediaViewsOf } from "./media.server";
import { messagesOf, returnQuestionOf } from "./messages.server";

export async function openDossier(actor: Actor, id: string) {
  const { row, patient: patientRow } = await viewedDossier(actor, id);
  const db = dossierDb(actor, row);
  // Signed URLs only for someone who may read the dossier: the same rule loaded the row above, with its patient
  // (so it is not loaded again for the media and the thread). The reads go out side by side (over a network, one
  // round trip's wait instead of several). The open question of a returned dossier is shown above everything else;
  // once resubmitted it is only history in the thread.
  const status = row.status as DossierStatus;
  const [media, messages, returnQuestion] = await Promise.all([mediaViewsOf(db, row), messagesOf(db, id), status === "returned" ? returnQuestionOf(db, id) : null]);
  const relation = relationOf(actor, row);
  return {
    // The review leaves the server only for someone who may read it (not just hidden by the page).
    dossier: { ...row, ...(reviewVisibleTo(status, relation) ? {} : { review: null, reasoningScore: null, reasoningScoreDetail: null }) },
    patient: patientRow ?? null,
    media,
    messages,
    returnQuestion,
    relation,
    transitions: availableTransitions(status, relation),
  };
}

/** The dossier row for an action that checks its facts before changing it; not a view of its content, so not logged. */
export async function readDossier(actor: Actor, id: string) {
  return (await readableDossier(actor, id)).row;
}

/** The event log of a dossier: admins see it (PRODUCT.md); others get not-found from the same rule as reading. */
export async function dossierEvents(actor: Actor, id: string, limit = 200) {
  const { db } = await readableDossier(actor, id);
  if (actor.role !== "admin") return [];
  return readEventLog(db, id, { limit });
}
