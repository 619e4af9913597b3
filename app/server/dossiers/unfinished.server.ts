/**
 * Unfinished dossiers (PRODUCT.md, `/admin/unfinished-dossiers`): drafts and returned dossiers not changed for
 * `unfinishedDraftDays`, and submitted ones waiting longer than the review target in working days. Admins only.
 * A reminder goes to whoever must act next (the professional, or the supervisors while it waits for review); it is
 * written to the dossier's event log and the audit log, and its e-mails to the job queue, in one transaction
 * (decision 083). The same reminders also go out by themselves every working day (app/server/jobs/reminders).
 */
import { and, asc, eq, gt, inArray, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { DAY_MS, daysSince, reviewTargetCutoff, workingDaysSince } from "~/domain/dossier/age";
import { AppError } from "~/domain/errors";
import { type AuditOrigin } from "../audit/audit.server";
import { config } from "../config.server";
import { actingAs } from "../access/actor-db.server";
import type { Queryable } from "../db/client.server";
import { dossier, organisation, user } from "../db/schema";
import { queueReminder, reminderHistory } from "../jobs/reminders.server";
import { matchingCount, PAGE_SIZE, paged, requestedPage } from "./lists.server";
import type { Actor } from "./actor.server";

export interface UnfinishedDossier {
  id: string;
  status: "draft" | "returned" | "submitted";
  /** Calendar days since the last change (draft, returned) or working days since submission (submitted). */
  age: number;
  since: Date;
  professionalId: string;
  organisationId: string;
  professionalName: string;
  organisationName: string;
  /** The latest reminder of this dossier, by an admin or the daily round; null if none was ever sent. */
  lastRemindedAt: Date | null;
  /** Reminders since the dossier entered this state (the third and later also go to the supervisors). */
  reminders: number;
}

/**
 * A page of the unfinished dossiers (DOSSIER_PAGE_SIZE rows, oldest change first), counted up to a cap like the
 * other dossier lists (decision 087). The database selects the page itself: the working-day rule becomes a cutoff
 * instant (`reviewTargetCutoff`), so neither the candidates nor their reminders are read whole (issue 13).
 */
export async function listUnfinished(
  actor: Actor,
  now: Date = new Date(),
  page = 1,
): Promise<{ rows: UnfinishedDossier[]; total: number; capped: boolean; page: number; pageCount: number; draftDays: number; reviewDays: number }> {
  // The unfinished-dossiers page is the administrator's (the permission table's people.manage).
  const { db } = actingAs(actor, "people.manage");
  const { draftDays, reviewDays, where } = unfinishedWhere(now);
  const result = await paged(
    requestedPage(page),
    (current, matching) => unfinishedRows(db, now, where, { limit: PAGE_SIZE, offset: (current - 1) * PAGE_SIZE, matching }),
    (limit) => matchingCount(db.select({ id: dossier.id }).from(dossier).where(where).limit(limit)),
  );
  return { ...result, draftDays, reviewDays };
}

/**
 * Drafts and returned dossiers unchanged for `unfinishedDraftDays` calendar days, and submitted ones whose
 * submission lies at or before the review target's cutoff; `only` narrows it to one dossier.
 */
function unfinishedWhere(now: Date, only?: string) {
  const { unfinishedDraftDays: draftDays, reviewTargetWorkingDays: reviewDays } = config();
  const staleBefore = new Date(now.getTime() - draftDays * DAY_MS);
  // Dates are read to the millisecond and stored to the microsecond: "before the next millisecond" is "at or before".
  const lateBefore = new Date(reviewTargetCutoff(reviewDays, now).getTime() + 1);
  const where = and(
    only ? eq(dossier.id, only) : undefined,
    // Implied by the two cases below, but said outright so the planner picks the partial index of unfinished
    // dossiers in order of their last change (dossier_unfinished_updated_idx) and stops after a page.
    inArray(dossier.status, ["draft", "returned", "submitted"]),
    or(and(inArray(dossier.status, ["draft", "returned"]), lte(dossier.updatedAt, staleBefore)), and(eq(dossier.status, "submitted"), lt(dossier.submittedAt, lateBefore))),
  );
  return { draftDays, reviewDays, where };
}

/**
 * The unfinished dossiers of `where` with their ages and reminders: oldest change first (the page), or by id (the
 * round's keyset batches: an id never changes, whatever is written meanwhile).
 */
async function unfinishedRows(
  db: Queryable,
  now: Date,
  where: SQL | undefined,
  window?: { limit: number; offset: number; matching?: SQL.Aliased<number> },
  order: "oldest-change" | "id" = "oldest-change",
): Promise<Array<UnfinishedDossier & { matching: number }>> {
  const query = db
    .select({
      // The page's total for `paged`, in the same statement; 0 where nobody asks for it.
      matching: window?.matching ?? sql<number>`0`.mapWith(Number),
      id: dossier.id,
      status: dossier.status,
      updatedAt: dossier.updatedAt,
      submittedAt: dossier.submittedAt,
      professionalId: dossier.professionalId,
      organisationId: dossier.organisationId,
      professionalName: user.name,
      organisationName: organisation.name,
    })
    .from(dossier)
    .innerJoin(user, eq(user.id, dossier.professionalId))
    .innerJoin(organisation, eq(organisation.id, dossier.organisationId))
    .where(where)
    .orderBy(...(order === "id" ? [asc(dossier.id)] : [asc(dossier.updatedAt), asc(dossier.id)]));
  const rows = window ? await query.limit(window.limit).offset(window.offset) : await query;
  const due = rows.map(({ submittedAt, updatedAt, ...r }) =>
    r.status === "submitted"
      ? { ...r, status: "submitted" as const, since: submittedAt!, age: workingDaysSince(submittedAt!, now) }
      : { ...r, status: r.status as "draft" | "returned", since: updatedAt, age: daysSince(updatedAt, now) },
  );
  const history = await reminderHistory(db, due);
  return due.map((r) => ({ ...r, ...history.get(r.id)! }));
}

/** One dossier if it is on the list at `now`, with its reminders (a reminder asks about its own). Unscoped: callers check who asks. */
export async function unfinishedOne(db: Queryable, now: Date, id: string): Promise<UnfinishedDossier | undefined> {
  const [row] = await unfinishedRows(db, now, unfinishedWhere(now, id).where);
  if (!row) return undefined;
  const { matching: _matching, ...one } = row;
  return one;
}

/**
 * The daily round's next batch: up to `size` unfinished dossiers at `now` by id after `afterId` (null: from the
 * start), with their reminders. Unscoped: the round is the system's own.
 */
export async function unfinishedBatch(db: Queryable, now: Date, afterId: string | null, size: number): Promise<UnfinishedDossier[]> {
  const { where } = unfinishedWhere(now);
  const rows = await unfinishedRows(db, now, and(where, afterId ? gt(dossier.id, afterId) : undefined), { limit: size, offset: 0 }, "id");
  return rows.map(({ matching: _matching, ...row }) => row);
}

/** Queues the reminder of one dossier on the list; returns how many people it goes to. */
export async function sendReminder(actor: Actor, dossierId: string, origin: AuditOrigin = {}): Promise<{ sent: number }> {
  const { db } = actingAs(actor, "people.manage");
  // Any dossier on the list, not only those on the page shown: a reminder from page 2 is as valid as one from page 1.
  const target = await unfinishedOne(db, new Date(), dossierId);
  // Only dossiers on the list get reminders: finished ones need none.
  if (!target) throw new AppError("dossier/wrong-status");
  const { recipients } = await queueReminder(target, { actorId: actor.id, origin });
  return { sent: recipients };
}
