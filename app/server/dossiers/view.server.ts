/**
 * Opening a dossier: everything the screen needs, scoped to the actor, and the view written to the event log
 * (PRODUCT.md: every view is logged; repeated views by one user within a few minutes once). Views are recorded
 * but not broadcast.
 */
import { dossierReadGrant } from "~/domain/access/permissions";
import { and, desc, eq, gt } from "drizzle-orm";
import { DOSSIER_VIEW_COLLAPSE_MS } from "~/domain/constants";
import { availableTransitions, type DossierStatus, reviewVisibleTo } from "~/domain/dossier/lifecycle";
import { dossierDb, readableDossier, readableDossierWithPatient } from "../access/dossier-db.server";
import { knownLoggedWithin, readKey, rememberLogged } from "../audit/recent-reads.server";
import type { Transaction } from "../db/client.server";
import { dossierEvent } from "../db/schema";
import { inTransaction } from "../db/transaction.server";
import { type Actor, relationOf } from "./actor.server";
import { readEventLog, recordDossierEvent } from "./events.server";
import { mediaViewsOf } from "./media.server";
import { messagesOf } from "./messages.server";
import { loadDossierWithPatientFor } from "./load.server";

/** When this user's view of this dossier was logged within DOSSIER_VIEW_COLLAPSE_MS (then it is not logged again). */
async function viewedRecently(tx: Transaction, actorId: string, dossierId: string, now: number): Promise<Date | null> {
  const [recent] = await tx
    .select({ at: dossierEvent.at })
    .from(dossierEvent)
    .where(
      and(
        eq(dossierEvent.dossierId, dossierId),
        eq(dossierEvent.actorId, actorId),
        eq(dossierEvent.kind, "view"),
        gt(dossierEvent.at, new Date(now - DOSSIER_VIEW_COLLAPSE_MS)),
      ),
    )
    .orderBy(desc(dossierEvent.seq))
    .limit(1);
  return recent?.at ?? null;
}

/**
 * The dossier row and its patient, with the view logged unless it was within the window. A view this process
 * logged itself is known without the serializable transaction (four statements) that checks and writes the log
 * (recent-reads.server.ts); the row is then read through the same rule.
 */
async function viewedDossier(actor: Actor, id: string) {
  const now = Date.now();
  const key = readKey("dossier.view", actor.id, id);
  if (knownLoggedWithin(key, now)) return readableDossierWithPatient(actor, id);
  // Set by the attempt that commits (a serializable transaction may be tried again): remembered only once written.
  let loggedAt = now;
  const read = await inTransaction(async (tx) => {
    const current = await loadDossierWithPatientFor(tx, actor, id);
    // Loaders revalidate after every action and live refresh: one view per user per few minutes is logged.
    const logged = await viewedRecently(tx, actor.id, id, now);
    loggedAt = logged ? logged.getTime() : now;
    if (!logged) await recordDossierEvent(tx, current.row, actor.id, { kind: "view", status: current.row.status, detail: { grant: dossierReadGrant(actor, current.row) } });
    return current;
  });
  rememberLogged(key, loggedAt);
  return read;
}

export async function openDossier(actor: Actor, id: string) {
  const { row, patient: patientRow } = await viewedDossier(actor, id);
  const db = dossierDb(actor, row);
  // Signed URLs only for someone who may read the dossier: the same rule loaded the row above, with its patient
  // (so it is not loaded again for the media and the thread). The two reads go out side by side (over a network,
  // one round trip's wait instead of two).
  const [media, messages] = await Promise.all([mediaViewsOf(db, row), messagesOf(db, id)]);
  const relation = relationOf(actor, row);
  const status = row.status as DossierStatus;
  return {
    // The review leaves the server only for someone who may read it (not just hidden by the page).
    dossier: { ...row, ...(reviewVisibleTo(status, relation) ? {} : { review: null, reasoningScore: null, reasoningScoreDetail: null }) },
    patient: patientRow ?? null,
    media,
    messages,
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
