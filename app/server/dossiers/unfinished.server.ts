/**
 * Unfinished dossiers (PRODUCT.md, `/admin/unfinished-dossiers`): drafts and returned dossiers not changed for
 * `unfinishedDraftDays`, and submitted ones waiting longer than the review target in working days. Admins only.
 * A reminder goes to whoever must act next (the professional, or the supervisors while it waits for review); it is
 * written to the dossier's event log and the audit log, and its e-mails to the job queue, in one transaction
 * (decision 083). The same reminders also go out by themselves every working day (app/server/jobs/reminders).
 */
import { and, asc, eq, inArray, lte, or } from "drizzle-orm";
import { DAY_MS, daysSince, isPastReviewTarget, workingDaysSince } from "~/domain/dossier/age";
import { DOSSIER_PAGE_SIZE } from "~/domain/constants";
import { AppError } from "~/domain/errors";
import { type AuditOrigin } from "../audit/audit.server";
import { config } from "../config.server";
import { actingAs } from "../access/actor-db.server";
import type { Queryable } from "../db/client.server";
import { dossier, organisation, user } from "../db/schema";
import { queueReminder, reminderHistory } from "../jobs/reminders.server";
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
 * A page of the unfinished dossiers (DOSSIER_PAGE_SIZE rows, oldest change first) with the total. The working-day
 * rule runs in JavaScript after a calendar-day bound in SQL, so the candidates are read whole and the page is cut
 * here: the page stays bounded, the query grows with the unfinished dossiers (which the reminders keep few).
 */
export async function listUnfinished(
  actor: Actor,
  now: Date = new Date(),
  page = 1,
): Promise<{ rows: UnfinishedDossier[]; total: number; page: number; pageCount: number; draftDays: number; reviewDays: number }> {
  const all = await allUnfinished(actor, now);
  const pageCount = Math.max(1, Math.ceil(all.rows.length / DOSSIER_PAGE_SIZE));
  const current = Math.min(Math.max(1, Number.isFinite(page) ? Math.floor(page) : 1), pageCount);
  const rows = all.rows.slice((current - 1) * DOSSIER_PAGE_SIZE, current * DOSSIER_PAGE_SIZE);
  return { ...all, rows, total: all.rows.length, page: current, pageCount };
}

async function allUnfinished(actor: Actor, now: Date): Promise<{ rows: UnfinishedDossier[]; draftDays: number; reviewDays: number }> {
  // The unfinished-dossiers page is the administrator's (the permission table's people.manage).
  const { db } = actingAs(actor, "people.manage");
  return unfinishedIn(db, now);
}

/**
 * Every unfinished dossier, oldest change first, with its reminders; `only` narrows it to one dossier in SQL (a
 * reminder asks about its own, not the whole list). Unscoped: callers check who asks.
 */
export async function unfinishedIn(db: Queryable, now: Date, only?: string): Promise<{ rows: UnfinishedDossier[]; draftDays: number; reviewDays: number }> {
  const { unfinishedDraftDays: draftDays, reviewTargetWorkingDays: reviewDays } = config();
  const staleBefore = new Date(now.getTime() - draftDays * DAY_MS);
  // Working days never exceed calendar days, so this bound only narrows the candidates; the exact rule runs below.
  const waitingBefore = new Date(now.getTime() - reviewDays * DAY_MS);
  const rows = await db
    .select({
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
    .where(
      and(
        only ? eq(dossier.id, only) : undefined,
        or(
          and(inArray(dossier.status, ["draft", "returned"]), lte(dossier.updatedAt, staleBefore)),
          and(eq(dossier.status, "submitted"), lte(dossier.submittedAt, waitingBefore)),
        ),
      ),
    )
    .orderBy(asc(dossier.updatedAt));
  const due: Omit<UnfinishedDossier, "lastRemindedAt" | "reminders">[] = [];
  for (const { submittedAt, updatedAt, ...r } of rows) {
    if (r.status === "submitted") {
      if (!submittedAt || !isPastReviewTarget(submittedAt, reviewDays, now)) continue;
      due.push({ ...r, status: "submitted", since: submittedAt, age: workingDaysSince(submittedAt, now) });
    } else {
      due.push({ ...r, status: r.status as "draft" | "returned", since: updatedAt, age: daysSince(updatedAt, now) });
    }
  }
  const history = await reminderHistory(db, due);
  return { rows: due.map((r) => ({ ...r, ...history.get(r.id)! })), draftDays, reviewDays };
}

/** Queues the reminder of one dossier on the list; returns how many people it goes to. */
export async function sendReminder(actor: Actor, dossierId: string, origin: AuditOrigin = {}): Promise<{ sent: number }> {
  const { db } = actingAs(actor, "people.manage");
  // Any dossier on the list, not only those on the page shown: a reminder from page 2 is as valid as one from page 1.
  const [target] = (await unfinishedIn(db, new Date(), dossierId)).rows;
  // Only dossiers on the list get reminders: finished ones need none.
  if (!target) throw new AppError("dossier/wrong-status");
  const { recipients } = await queueReminder(target, { actorId: actor.id, origin });
  return { sent: recipients };
}
