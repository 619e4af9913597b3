/** The message thread of a dossier: the owner and the assigned supervisors write; each message is an event. */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { AppError } from "~/domain/errors";
import { storedStringProblem } from "~/domain/limits";
import type { Queryable } from "../db/client.server";
import { dossierEvent, dossierMessage, user } from "../db/schema";
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

/**
 * The question a dossier was last returned with: the message its last return wrote. A return writes its message and
 * its event in one transaction, so both carry that transaction's now() as `at`, and the same author: that pairs them
 * (in SQL, at PostgreSQL's microseconds) without a stored link, for returns of any age. Null when it never was
 * returned. Callers check access first, and ask only while the dossier is returned (an answered question is history).
 */
export async function returnQuestionOf(db: Queryable, dossierId: string) {
  const lastReturn = db
    .select({ seq: sql`max(${dossierEvent.seq})` })
    .from(dossierEvent)
    .where(and(eq(dossierEvent.dossierId, dossierId), eq(dossierEvent.kind, "return")));
  const [question] = await db
    .select({ id: dossierMessage.id, body: dossierMessage.body, at: dossierMessage.at, authorId: dossierMessage.authorId, authorName: user.name })
    .from(dossierEvent)
    .innerJoin(dossierMessage, and(eq(dossierMessage.dossierId, dossierEvent.dossierId), eq(dossierMessage.authorId, dossierEvent.actorId), eq(dossierMessage.at, dossierEvent.at)))
    .innerJoin(user, eq(user.id, dossierMessage.authorId))
    .where(and(eq(dossierEvent.dossierId, dossierId), eq(dossierEvent.seq, sql`(${lastReturn})`)))
    .orderBy(desc(dossierMessage.at))
    .limit(1);
  return question ?? null;
}
