/**
 * Unfinished dossiers (PRODUCT.md, `/admin/unfinished-dossiers`): drafts and returned dossiers not changed for
 * `unfinishedDraftDays`, and submitted ones waiting longer than the review target in working days. Admins only.
 * A reminder e-mails whoever must act next (the professional, or the supervisors while it waits for review),
 * and is written to the dossier's event log and the audit log.
 */
import { and, asc, eq, inArray, lte, or } from "drizzle-orm";
import { DAY_MS, daysSince, isPastReviewTarget, workingDaysSince } from "~/domain/dossier/age";
import { DOSSIER_PAGE_SIZE } from "~/domain/constants";
import { AppError } from "~/domain/errors";
import { localizePath } from "~/domain/locales";
import { proDossierPath } from "~/domain/dossier/pro-links";
import { type AuditOrigin, recordAudit } from "../audit/audit.server";
import { config } from "../config.server";
import { actingAs } from "../access/actor-db.server";
import { dossier, organisation, user } from "../db/schema";
import { inTransaction } from "../db/transaction.server";
import { delivery } from "../mail/delivery.server";
import type { Actor } from "./actor.server";
import { recordDossierEvent } from "./events.server";
import { caseLink, supervisorsOf, userById } from "../jobs/notify.server";

export interface UnfinishedDossier {
  id: string;
  status: "draft" | "returned" | "submitted";
  /** Calendar days since the last change (draft, returned) or working days since submission (submitted). */
  age: number;
  since: Date;
  professionalName: string;
  organisationName: string;
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
      professionalName: user.name,
      organisationName: organisation.name,
    })
    .from(dossier)
    .innerJoin(user, eq(user.id, dossier.professionalId))
    .innerJoin(organisation, eq(organisation.id, dossier.organisationId))
    .where(
      or(
        and(inArray(dossier.status, ["draft", "returned"]), lte(dossier.updatedAt, staleBefore)),
        and(eq(dossier.status, "submitted"), lte(dossier.submittedAt, waitingBefore)),
      ),
    )
    .orderBy(asc(dossier.updatedAt));
  const out: UnfinishedDossier[] = [];
  for (const r of rows) {
    if (r.status === "submitted") {
      if (!r.submittedAt || !isPastReviewTarget(r.submittedAt, reviewDays, now)) continue;
      out.push({ ...r, status: "submitted", since: r.submittedAt, age: workingDaysSince(r.submittedAt, now) });
    } else {
      out.push({ ...r, status: r.status as "draft" | "returned", since: r.updatedAt, age: daysSince(r.updatedAt, now) });
    }
  }
  return { rows: out, draftDays, reviewDays };
}

/** E-mails the reminder; returns how many e-mails went out. */
export async function sendReminder(actor: Actor, dossierId: string, origin: AuditOrigin = {}): Promise<{ sent: number }> {
  const { db } = actingAs(actor, "people.manage");
  // Every unfinished dossier, not one page: a reminder from page 2 is as valid as one from page 1.
  const { rows } = await allUnfinished(actor, new Date());
  const target = rows.find((r) => r.id === dossierId);
  // Only dossiers on the list get reminders: finished ones need none.
  if (!target) throw new AppError("dossier/wrong-status");
  const [row] = await db
    .select({ organisationId: dossier.organisationId, professionalId: dossier.professionalId, status: dossier.status })
    .from(dossier)
    .where(eq(dossier.id, dossierId));
  let sent = 0;
  if (target.status === "submitted") {
    for (const s of await supervisorsOf(row.organisationId)) {
      await delivery().sendEmail(s, "dossier-reminder", {
        name: s.name,
        url: caseLink(dossierId, s.locale),
        status: "submitted",
        days: target.age,
        organisation: target.organisationName,
      });
      sent++;
    }
  } else {
    const owner = await userById(row.professionalId);
    if (owner) {
      // A draft opens to be edited, a returned dossier on its case page (with the question): the owner's own links.
      const page = proDossierPath(owner.id, { id: dossierId, status: target.status });
      await delivery().sendEmail(owner, "dossier-reminder", {
        name: owner.name,
        url: localizePath(page, owner.locale),
        status: target.status,
        days: target.age,
        organisation: target.organisationName,
      });
      sent++;
    }
  }
  await inTransaction(async (tx) => {
    await recordDossierEvent(tx, { id: dossierId, organisationId: row.organisationId, professionalId: row.professionalId }, actor.id, {
      kind: "reminder",
      status: row.status,
      detail: { recipients: sent },
    });
    await recordAudit(
      { action: "dossier.reminder-sent", actorId: actor.id, subjectType: "dossier", subjectId: dossierId, organisationId: row.organisationId, after: { recipients: sent } },
      origin,
      tx,
    );
  });
  return { sent };
}
