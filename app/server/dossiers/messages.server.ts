/** The message thread of a dossier: the owner and the assigned supervisors write; each message is an event. */
import { asc, eq } from "drizzle-orm";
import { AppError } from "~/domain/errors";
import { storedStringProblem } from "~/domain/limits";
import type { Queryable } from "../db/client.server";
import { dossierMessage, user } from "../db/schema";
import { inTransaction } from "../db/transaction.server";
import { type Actor, relationOf } from "./actor.server";
import { recordDossierEvent } from "./events.server";
import { loadDossierFor } from "./load.server";

export async function addMessage(actor: Actor, dossierId: string, body: string): Promise<{ id: string }> {
  const text = body.trim();
  if (!text) throw new AppError("invalid-argument", { missing: ["thread-message"] });
  if (storedStringProblem(text)) throw new AppError("string-too-long");
  return inTransaction(async (tx) => {
    const current = await loadDossierFor(tx, actor, dossierId);
    const relation = relationOf(actor, current);
    // Admins read for oversight; the conversation is between the professional and the supervisors.
    if (!relation.isOwner && !relation.isAssignedSupervisor) throw new AppError("dossier/not-allowed");
    if (current.status === "draft" || current.status === "cancelled") throw new AppError("dossier/wrong-status", { status: current.status });
    const [row] = await tx.insert(dossierMessage).values({ dossierId, authorId: actor.id, body: text }).returning({ id: dossierMessage.id });
    await recordDossierEvent(tx, current, actor.id, { kind: "message", status: current.status });
    return { id: row.id };
  });
}

/** The thread of a dossier, oldest first. Callers check access first (openDossier has loaded the row for the actor). */
export function messagesOf(db: Queryable, dossierId: string) {
  return db
    .select({ id: dossierMessage.id, body: dossierMessage.body, at: dossierMessage.at, authorId: dossierMessage.authorId, authorName: user.name })
    .from(dossierMessage)
    .innerJoin(user, eq(user.id, dossierMessage.authorId))
    .where(eq(dossierMessage.dossierId, dossierId))
    .orderBy(asc(dossierMessage.at));
}
