/**
 * Lifecycle transitions (app/domain/dossier/lifecycle.ts decides which are allowed): each runs in one
 * transaction that locks the dossier row, checks status, actor and version, applies the change and writes the
 * event, and — for the steps that tell somebody — the notification job (the transactional outbox, decision 083: the
 * e-mail goes out exactly when the step committed). Claiming is therefore atomic: of two supervisors claiming at once, one wins and the other is told
 * `dossier/already-claimed`.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { EarSide } from "~/domain/dossier/choices";
import { missingForComplete, reviewSchema } from "~/domain/dossier/content";
import { reasoningScore } from "~/domain/dossier/reasoning-score";
import { reviewWorkingMs, workingMsBetween } from "~/domain/dossier/working-time";
import { decideTransition, type DossierStatus, type DossierTransition } from "~/domain/dossier/lifecycle";
import { AppError } from "~/domain/errors";
import { storedStringProblem } from "~/domain/limits";
import type { Transaction } from "../db/client.server";
import { dossier, dossierEvent, dossierMedium, dossierMessage } from "../db/schema";
import { inTransaction } from "../db/transaction.server";
import { NOTIFYING_TRANSITIONS } from "../jobs/job-table.server";
import { jobQueue } from "../jobs/queue.server";
import { type Actor, relationOf } from "./actor.server";
import { recordDossierEvent } from "./events.server";
import { loadDossierFor, type DossierRow } from "./load.server";
import { missingOf } from "./readiness.server";

export interface TransitionInput {
  /** The version the actor saw; a stale one is `dossier/version-conflict`. Claims may omit it (first come, first served). */
  expectedVersion?: number;
  /** "return with question": the question goes into the message thread in the same transaction. */
  message?: string;
}

async function checkComplete(tx: Transaction, current: DossierRow, transition: DossierTransition): Promise<void> {
  if (transition === "submit" || transition === "resubmit") {
    const media = await tx.select({ ear: dossierMedium.ear }).from(dossierMedium).where(eq(dossierMedium.dossierId, current.id));
    // The same rule the pages show as "still missing" (readiness.server.ts).
    const missing = missingOf(current, media);
    if (missing.length) throw new AppError("dossier/incomplete", { missing });
  }
  if (transition === "complete") {
    const missing = missingForComplete(reviewSchema.parse(current.review ?? {}));
    if (missing.length) throw new AppError("dossier/incomplete", { missing });
  }
}

/**
 * The row's changes, with the facts reporting aggregates (decision 070): the first submission, the working time
 * to the first claim, the returns, and at completion the review clock's working time and the reasoning score.
 */
async function changesFor(tx: Transaction, current: DossierRow, transition: DossierTransition, actor: Actor, to: DossierStatus) {
  const now = new Date();
  const base = { status: to, updatedAt: now };
  switch (transition) {
    case "claim": {
      const firstClaim = current.claimWaitWorkingMs === null && current.firstSubmittedAt !== null;
      return { ...base, reviewerId: actor.id, ...(firstClaim ? { claimWaitWorkingMs: workingMsBetween(current.firstSubmittedAt!, now) } : {}) };
    }
    case "release":
      return { ...base, reviewerId: null };
    case "submit":
      return { ...base, submittedAt: now, firstSubmittedAt: now };
    case "resubmit":
      return { ...base, submittedAt: now };
    case "return":
      return { ...base, returnCount: sql`${dossier.returnCount} + 1` };
    case "complete": {
      const clock = await tx
        .select({ kind: dossierEvent.kind, at: dossierEvent.at })
        .from(dossierEvent)
        .where(and(eq(dossierEvent.dossierId, current.id), inArray(dossierEvent.kind, ["submit", "return", "resubmit"])))
        .orderBy(asc(dossierEvent.seq));
      const score = reasoningScore(current.earSide as EarSide, current.reasoning, reviewSchema.parse(current.review ?? {}));
      return {
        ...base,
        completedAt: now,
        reviewWorkingMs: reviewWorkingMs([...clock, { kind: "complete", at: now }], now),
        reasoningScore: score.score,
        reasoningScoreDetail: score,
      };
    }
    default:
      return base;
  }
}

export async function transitionDossier(
  actor: Actor,
  id: string,
  transition: DossierTransition,
  input: TransitionInput = {},
): Promise<{ status: DossierStatus; version: number }> {
  if (transition === "return") {
    const text = input.message?.trim() ?? "";
    if (!text) throw new AppError("invalid-argument", { missing: ["return-question"] });
    if (storedStringProblem(text)) throw new AppError("string-too-long");
  }
  return inTransaction(async (tx) => {
    const current = await loadDossierFor(tx, actor, id, { forUpdate: true });
    const relation = relationOf(actor, current);
    const decision = decideTransition(transition, current.status as DossierStatus, relation);
    if (!decision.ok) {
      // Somebody who may not take this step at all learns nothing more than that the dossier is not theirs.
      if (decision.reason === "not-allowed" && !relation.isOwner && !relation.isAssignedSupervisor) throw new AppError("not-found");
      if (transition === "claim" && current.status === "in_review") throw new AppError("dossier/already-claimed");
      throw new AppError(decision.reason === "wrong-status" ? "dossier/wrong-status" : "dossier/not-allowed", { status: current.status });
    }
    if (input.expectedVersion !== undefined && input.expectedVersion !== current.version) {
      throw new AppError("dossier/version-conflict", { version: current.version });
    }
    await checkComplete(tx, current, transition);
    const [row] = await tx
      .update(dossier)
      .set({ ...(await changesFor(tx, current, transition, actor, decision.to)), version: sql`${dossier.version} + 1` })
      .where(eq(dossier.id, id))
      .returning({ version: dossier.version });
    if (transition === "return") {
      await tx.insert(dossierMessage).values({ dossierId: id, authorId: actor.id, body: input.message!.trim() });
    }
    const eventSeq = await recordDossierEvent(tx, current, actor.id, {
      kind: transition,
      fromStatus: current.status,
      toStatus: decision.to,
      status: decision.to,
    });
    if (NOTIFYING_TRANSITIONS.has(transition)) await jobQueue().send(tx, "dossier-notification", { dossierId: id, transition, eventSeq });
    return { status: decision.to, version: row.version };
  });
}
