/**
 * Reminders of unfinished dossiers (decision 083). One reminder is one dossier event ("reminder") and one
 * `dossier-reminder` job, written in one transaction; the job e-mails whoever must act next — the professional for
 * a draft or returned dossier, the organisation's supervisors for one waiting for review — and, once a professional
 * let REMINDERS_BEFORE_ESCALATION reminders pass, the supervisors as well.
 *
 * An admin sends one from the unfinished-dossiers page; the daily round (`unfinished-reminders`, REMINDER_TIME in
 * the clinic's time zone, working days only) sends one to every dossier on the list not reminded in the last
 * REMINDER_REPEAT_WORKING_DAYS working days. A round cut short and retried skips the dossiers it already did.
 */
import { and, eq, inArray } from "drizzle-orm";
import { REMINDER_REPEAT_WORKING_DAYS, REMINDER_ROUND_BATCH_SIZE, REMINDERS_BEFORE_ESCALATION } from "~/domain/constants";
import { proDossierPath } from "~/domain/dossier/pro-links";
import { isWorkingDay, localDayOf, workingDaysBetween } from "~/domain/dossier/working-time";
import { localizePath } from "~/domain/locales";
import { routePath } from "~/domain/route-table";
import { type AuditOrigin, recordAudit } from "../audit/audit.server";
import { systemDb, type Queryable } from "../db/client.server";
import { dossierEvent } from "../db/schema";
import { inTransaction } from "../db/transaction.server";
import { recordDossierEvent } from "../dossiers/events.server";
import { unfinishedBatch, unfinishedOne, type UnfinishedDossier } from "../dossiers/unfinished.server";
import { logger, type Logger } from "../logger.server";
import { delivery } from "../mail/delivery.server";
import type { JobData } from "./job-table.server";
import { SendRound } from "./notification-ledger.server";
import { caseLink, supervisorsOf, userById } from "./notify.server";
import { jobQueue } from "./queue.server";

type ReminderTarget = Pick<UnfinishedDossier, "id" | "status" | "since" | "organisationId" | "professionalId"> & { reminders: number };

/** Per dossier: its latest reminder ever, and how many came since it entered its present state (`since`). */
export async function reminderHistory(db: Queryable, rows: readonly Pick<UnfinishedDossier, "id" | "since">[]) {
  const history = new Map<string, { lastRemindedAt: Date | null; reminders: number }>(rows.map((r) => [r.id, { lastRemindedAt: null, reminders: 0 }]));
  if (!rows.length) return history;
  const since = new Map(rows.map((r) => [r.id, r.since.getTime()]));
  const events = await db
    .select({ dossierId: dossierEvent.dossierId, at: dossierEvent.at })
    .from(dossierEvent)
    .where(and(eq(dossierEvent.kind, "reminder"), inArray(dossierEvent.dossierId, [...since.keys()])));
  for (const e of events) {
    const h = history.get(e.dossierId)!;
    if (!h.lastRemindedAt || e.at > h.lastRemindedAt) h.lastRemindedAt = e.at;
    if (e.at.getTime() >= since.get(e.dossierId)!) h.reminders++;
  }
  return history;
}

/** Whether this reminder also goes to the supervisors: a professional has let enough reminders pass. */
function escalates(target: Pick<ReminderTarget, "status" | "reminders">): boolean {
  return target.status !== "submitted" && target.reminders >= REMINDERS_BEFORE_ESCALATION;
}

/**
 * Writes the reminder (event, audit when an admin sent it, job) in one transaction; returns how many people it is
 * for at this moment. `by.actorId` null: the daily round.
 */
export async function queueReminder(target: ReminderTarget, by: { actorId: string | null; origin?: AuditOrigin }): Promise<{ recipients: number; escalated: boolean }> {
  const escalated = escalates(target);
  const supervisors = target.status === "submitted" || escalated ? (await supervisorsOf(target.organisationId)).length : 0;
  const recipients = (target.status === "submitted" ? 0 : 1) + supervisors;
  await inTransaction(async (tx) => {
    const eventSeq = await recordDossierEvent(tx, { id: target.id, organisationId: target.organisationId, professionalId: target.professionalId }, by.actorId, {
      kind: "reminder",
      status: target.status,
      detail: { recipients, escalated, by: by.actorId ? "admin" : "schedule" },
    });
    if (by.actorId) {
      await recordAudit(
        { action: "dossier.reminder-sent", actorId: by.actorId, subjectType: "dossier", subjectId: target.id, organisationId: target.organisationId, after: { recipients } },
        by.origin ?? {},
        tx,
      );
    }
    await jobQueue().send(tx, "dossier-reminder", { dossierId: target.id, eventSeq, escalate: escalated });
  });
  jobQueue().wake("dossier-reminder");
  return { recipients, escalated };
}

/** The `dossier-reminder` job: the e-mails of one reminder, each recipient once. */
export async function sendDossierReminder({ dossierId, eventSeq, escalate }: JobData["dossier-reminder"], log: Logger = logger, now = new Date()): Promise<void> {
  const target = await unfinishedOne(systemDb(), now, dossierId);
  // Finished (or deleted) since the reminder was written: nobody needs it any more.
  if (!target) return;
  const round = new SendRound("dossier-reminder", eventSeq, log, { dossierId });
  const reminder = { status: target.status, days: target.age, organisation: target.organisationName };
  if (target.status === "submitted") {
    for (const s of await supervisorsOf(target.organisationId)) {
      await round.send(s.id, () => delivery().sendEmail(s, "dossier-reminder", { name: s.name, url: caseLink(dossierId, s.locale), ...reminder }));
    }
  } else {
    const owner = await userById(target.professionalId);
    if (owner) {
      // A draft opens to be edited, a returned dossier on its case page (with the question): the owner's own links.
      const page = proDossierPath(owner.id, { id: dossierId, status: target.status });
      await round.send(owner.id, () => delivery().sendEmail(owner, "dossier-reminder", { name: owner.name, url: localizePath(page, owner.locale), ...reminder }));
    }
    if (escalate) {
      for (const s of await supervisorsOf(target.organisationId)) {
        await round.send(s.id, () =>
          delivery().sendEmail(s, "dossier-escalation", {
            name: s.name,
            url: localizePath(routePath("supervisor"), s.locale),
            status: target.status as "draft" | "returned",
            days: target.age,
            organisation: target.organisationName,
            professional: target.professionalName,
          }),
        );
      }
    }
  }
  round.finish();
}

/** Whether the round reminds this dossier now: never reminded in this state, or not for a while. */
function isReminderDue(row: Pick<UnfinishedDossier, "lastRemindedAt" | "reminders">, now: Date): boolean {
  if (!row.reminders || !row.lastRemindedAt) return true;
  return workingDaysBetween(row.lastRemindedAt, now) >= REMINDER_REPEAT_WORKING_DAYS;
}

/**
 * The `unfinished-reminders` job (the daily round); returns the dossiers it reminded, by id. It reads the list in
 * keyset batches by id (REMINDER_ROUND_BATCH_SIZE), so a list of any length is never in memory at once.
 */
export async function runReminderRound(now = new Date(), log: Logger = logger, batchSize = REMINDER_ROUND_BATCH_SIZE): Promise<string[]> {
  // The schedule names weekdays only; a public holiday is skipped here (the clinic's calendar).
  if (!isWorkingDay(localDayOf(now))) return [];
  const reminded: string[] = [];
  for (let afterId: string | null = null; ; ) {
    const batch = await unfinishedBatch(systemDb(), now, afterId, batchSize);
    for (const row of batch) {
      if (!isReminderDue(row, now)) continue;
      await queueReminder(row, { actorId: null });
      reminded.push(row.id);
    }
    if (batch.length < batchSize) break;
    afterId = batch.at(-1)!.id;
  }
  if (reminded.length) log.info({ reminded: reminded.length }, "daily reminders queued");
  return reminded;
}
