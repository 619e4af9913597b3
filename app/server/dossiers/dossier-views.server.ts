/**
 * A view of a dossier, logged: the dossier row and its patient, read through the dossier.read rule, with a `view`
 * event in its log unless this user's view was logged within DOSSIER_VIEW_COLLAPSE_MS (decision 048). Every read of
 * a dossier's content goes through here: opening the dossier (view.server.ts) and handing out its media's signed
 * URLs (media.server.ts `dossierMediaViews`), so neither can be had without the other's log entry.
 */
import { and, desc, eq, gt } from "drizzle-orm";
import { dossierReadGrant } from "~/domain/access/permissions";
import { DOSSIER_VIEW_COLLAPSE_MS } from "~/domain/constants";
import { readableDossierWithPatient } from "../access/dossier-db.server";
import { knownLoggedWithin, readKey, rememberLogged } from "../audit/recent-reads.server";
import type { Transaction } from "../db/client.server";
import { dossierEvent } from "../db/schema";
import { inTransaction } from "../db/transaction.server";
import type { Actor } from "./actor.server";
import { recordDossierEvent } from "./events.server";
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
export async function viewedDossier(actor: Actor, id: string) {
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
