/**
 * The server functions behind the dossier pages: notifications after transitions (recipients, languages, links,
 * failures not fatal), unfinished dossiers and reminders (admin only, event + audit), the professional's home,
 * and the missing list. Real PGlite, real outbox files.
 */
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, queryRows, type TestDatabase } from "../../../tests/support/test-database";
import { inTransaction } from "../db/transaction.server";
import type { JobData } from "../jobs/job-table.server";
import { sendDossierNotification } from "../jobs/notify.server";
import { jobQueue } from "../jobs/queue.server";
import { AppError } from "~/domain/errors";
import { reviewTargetCutoff } from "~/domain/dossier/age";
import { auditLog, dossier, dossierEvent, dossierMedium, user } from "../db/schema";
import { createAdmin, createOrganisation, createProfessional, createSupervisor } from "../demo/factories.server";
import { createDelivery, delivery, installDelivery } from "../mail/delivery.server";
import { listOutbox } from "../mail/outbox-reader.server";
import { capturingLogger } from "../mail/test-support";
import type { Actor } from "./actor.server";
import { createDossier } from "./create.server";
import { saveDraft, saveReview } from "./edit.server";
import { professionalHome } from "./home.server";
import { missingOf } from "./readiness.server";
import { listUnfinished, sendReminder } from "./unfinished.server";
import { openDossier } from "./view.server";
import { takeTransition } from "./workflow.server";
import { transitionDossier } from "./transitions.server";
import { insertDemoStill } from "../demo/demo-media.server";

let database: TestDatabase;
let pro: Actor;
let sup: Actor;
let supOther: Actor;
let admin: Actor;
const password = "een-lang-wachtwoord-2026";
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.startJobWorkers();
  installDelivery(createDelivery(database.config));
  const a = await createOrganisation({ name: "Praktijk A" });
  const b = await createOrganisation({ name: "Praktijk B" });
  pro = { id: (await createProfessional({ email: "pro@a.test", name: "Pia", password, organisationId: a.id })).id, role: "professional", organisationId: a.id, supervisedOrganisationIds: [] };
  const supId = (await createSupervisor({ email: "sup@a.test", name: "Dr. Sven", password, organisationIds: [a.id], locale: "en" })).id;
  sup = { id: supId, role: "supervisor", organisationId: null, supervisedOrganisationIds: [a.id] };
  const otherId = (await createSupervisor({ email: "sup@b.test", name: "Dr. Bas", password, organisationIds: [b.id] })).id;
  supOther = { id: otherId, role: "supervisor", organisationId: null, supervisedOrganisationIds: [b.id] };
  admin = { id: (await createAdmin({ email: "admin@casus.test", name: "Admin", password })).id, role: "admin", organisationId: null, supervisedOrganisationIds: [] };
}, 60_000);
afterAll(async () => {
  await database?.close();
});

const content = {
  anamnesis: { complaints: ["pain"], onset: "sudden", durationDays: 3, history: [], question: "Otitis externa?" },
  reasoning: { left: { canal: ["red-swollen"], eardrum: ["normal"], diagnosis: "otitis-externa", differential: [], confidence: 4, plan: ["ear-drops"], argument: "Rood." } },
};

async function readyDossier(): Promise<string> {
  const { id } = await createDossier(pro, { phone: "06 12345678", earSide: "left" });
  await saveDraft(pro, id, 1, content);
  await database.handle.db.insert(dossierMedium).values({ dossierId: id, mediaId: await insertDemoStill({ id: pro.id, organisationId: pro.organisationId! }, { db: database.handle.db, storeBytes: false }), ear: "left" });
  return id;
}

/** How many messages the outbox holds once the queue has sent what it had. */
async function outboxCount() {
  await database.settleJobs();
  return (await listOutbox(delivery().outboxDir, 200)).length;
}

async function mailsSince(count: number) {
  // The e-mails leave from the job queue after the commit (decision 083).
  await database.settleJobs();
  const all = await listOutbox(delivery().outboxDir, 200);
  return all.slice(count).filter((e) => e.kind === "email");
}

describe("notifications", () => {
  it("e-mails the organisation's supervisors on submit and the professional on return, each in their language with a link", async () => {
    const before = await outboxCount();
    const id = await readyDossier();
    await takeTransition(pro, id, "submit");
    const submitted = await mailsSince(before);
    // Only the supervisor of this organisation, in English (their locale), with a link to the review screen.
    expect(submitted.map((m) => [m.to, m.language])).toEqual([["sup@a.test", "en"]]);
    expect(submitted[0].kind === "email" && submitted[0].links).toContain(`http://localhost:3999/en/supervisor/case/${id}`);
    expect(submitted[0].kind === "email" && submitted[0].text).not.toContain("612345678");

    await takeTransition(sup, id, "claim");
    await takeTransition(sup, id, "return", { message: "Pijn bij tractie?" });
    const returned = await mailsSince(before + 1);
    expect(returned.map((m) => [m.to, m.language, m.kind === "email" && m.subject])).toEqual([["pro@a.test", "nl", "Uw dossier is teruggestuurd met een vraag"]]);
    expect(returned[0].kind === "email" && returned[0].links).toContain(`http://localhost:3999/supervisor/case/${id}`);

    // Completion: the professional (now German-speaking) is told by name who reviewed, with a link in German.
    await database.handle.db.update(user).set({ locale: "de" }).where(eq(user.id, pro.id));
    try {
      await takeTransition(pro, id, "resubmit");
      const claimed = await takeTransition(sup, id, "claim");
      const reviewed = await saveReview(sup, id, claimed.version, { agreement: "agree", urgency: "routine", feedback: "Goed." });
      const beforeComplete = await outboxCount();
      await takeTransition(sup, id, "complete", { expectedVersion: reviewed.version });
      const completed = await mailsSince(beforeComplete);
      expect(completed.map((m) => [m.to, m.language, m.kind === "email" && m.subject])).toEqual([["pro@a.test", "de", "Die Beurteilung Ihres Dossiers ist fertig"]]);
      const mail = completed[0].kind === "email" ? completed[0] : null;
      expect(mail?.links).toContain(`http://localhost:3999/de/supervisor/case/${id}`);
      expect(mail?.text).toContain("Dr. Sven hat die Beurteilung");
      expect(mail?.text).not.toContain("612345678");
    } finally {
      await database.handle.db.update(user).set({ locale: "nl" }).where(eq(user.id, pro.id));
    }
  });

  it("a failing mail server does not fail the transition: the job retries, and nobody gets the e-mail twice", async () => {
    const id = await readyDossier();
    const { log, lines } = capturingLogger();
    installDelivery(createDelivery({ ...database.config, smtpUrl: "smtp://127.0.0.1:9" }, log));
    let job: { id: string; state: string; later: boolean; data: JobData["dossier-notification"] } | undefined;
    try {
      const result = await takeTransition(pro, id, "submit");
      expect(result.status).toBe("submitted");
      await database.settleJobs();
      [job] = await queryRows<NonNullable<typeof job>>(
        database.handle.db.execute(sql`select id, state, start_after > now() as later, data from pgboss.job where name = 'dossier-notification' and data->>'dossierId' = ${id}`),
      );
      // Failed once, waiting to be retried with backoff; the delivery layer logged the masked recipient only.
      expect(job).toMatchObject({ state: "retry", later: true, data: { dossierId: id, transition: "submit" } });
      expect(lines.some((l) => l.msg === "e-mail could not be sent" && JSON.stringify(l).includes("s***@a.test"))).toBe(true);
      expect(lines.some((l) => JSON.stringify(l).includes("sup@a.test"))).toBe(false);
    } finally {
      installDelivery(createDelivery(database.config));
    }
    // The mail server is back: the retry (brought forward here instead of waiting for its backoff) sends it once.
    const before = await outboxCount();
    await database.handle.db.execute(sql`update pgboss.job set start_after = now() where id = ${job!.id}`);
    const sent = await mailsSince(before);
    expect(sent.map((m) => m.to)).toEqual(["sup@a.test"]);
    // Running the same job again (a second instance taking it over, say) sends nothing more.
    await sendDossierNotification(job!.data);
    expect(await mailsSince(before)).toHaveLength(1);
  });

  it("writes the notification job in the transition's transaction: a refused step leaves none", async () => {
    const id = await readyDossier();
    const count = async () =>
      (await queryRows<{ n: number }>(database.handle.db.execute(sql`select count(*)::int as n from pgboss.job where data->>'dossierId' = ${id}`)))[0].n;
    await expect(transitionDossier(pro, id, "submit", { expectedVersion: 99 })).rejects.toMatchObject({ code: "dossier/version-conflict" });
    expect(await count()).toBe(0);
    await expect(
      inTransaction(async (tx) => {
        await jobQueue().send(tx, "dossier-notification", { dossierId: id, transition: "submit", eventSeq: 0 });
        throw new Error("rolled back after the job was written");
      }),
    ).rejects.toThrow("rolled back");
    expect(await count()).toBe(0);
    await transitionDossier(pro, id, "submit");
    expect(await count()).toBe(1);
  });
});

describe("unfinished dossiers", () => {
  it("lists stale drafts and submitted dossiers past the review target, and reminds with an event and an audit row", async () => {
    const fresh = await createDossier(pro, { phone: "06 23456789", earSide: "left" });
    const stale = await createDossier(pro, { phone: "06 23456780", earSide: "left" });
    await database.handle.db.update(dossier).set({ updatedAt: new Date(Date.now() - 8 * DAY_MS) }).where(eq(dossier.id, stale.id));
    const late = await readyDossier();
    await transitionDossier(pro, late, "submit");
    await database.handle.db.update(dossier).set({ submittedAt: new Date(Date.now() - 7 * DAY_MS) }).where(eq(dossier.id, late));

    const returnedStale = await readyDossier();
    const returnedFresh = await readyDossier();
    for (const id of [returnedStale, returnedFresh]) {
      await transitionDossier(pro, id, "submit");
      await transitionDossier(sup, id, "claim");
      await transitionDossier(sup, id, "return", { message: "Vraag" });
    }
    await database.handle.db.update(dossier).set({ updatedAt: new Date(Date.now() - 9 * DAY_MS) }).where(eq(dossier.id, returnedStale));

    const { rows } = await listUnfinished(admin);
    const ids = rows.map((r) => r.id);
    expect(rows.find((r) => r.id === returnedStale)).toMatchObject({ status: "returned", age: 9 });
    expect(ids).not.toContain(returnedFresh);
    expect(ids).toContain(stale.id);
    expect(ids).toContain(late);
    expect(ids).not.toContain(fresh.id);
    expect(rows.find((r) => r.id === stale.id)).toMatchObject({ status: "draft", age: 8, professionalName: "Pia", organisationName: "Praktijk A" });

    const before = await outboxCount();
    expect(await sendReminder(admin, stale.id)).toEqual({ sent: 1 });
    expect(await sendReminder(admin, late)).toEqual({ sent: 1 });
    const mails = await mailsSince(before);
    expect(mails.map((m) => m.to)).toEqual(["pro@a.test", "sup@a.test"]);
    const events = await database.handle.db.select().from(dossierEvent).where(eq(dossierEvent.dossierId, stale.id));
    expect(events.map((e) => e.kind)).toContain("reminder");
    const audits = await database.handle.db.select().from(auditLog).where(eq(auditLog.subjectId, stale.id));
    expect(audits.map((a) => a.action)).toEqual(["dossier.reminder-sent"]);
  });

  it("is paged by the database, oldest change first, and a submitted dossier is late from the review target's cutoff on", async () => {
    const now = new Date();
    const { reviewDays } = await listUnfinished(admin, now);
    const cutoff = reviewTargetCutoff(reviewDays, now);
    const base = { organisationId: pro.organisationId!, professionalId: pro.id };
    const drafts = await database.handle.db
      .insert(dossier)
      .values(Array.from({ length: 30 }, (_, i) => ({ ...base, status: "draft", updatedAt: new Date(now.getTime() - 40 * DAY_MS + i * 60_000) })))
      .returning({ id: dossier.id });
    const [onTime, late] = await database.handle.db
      .insert(dossier)
      .values([
        { ...base, status: "submitted", submittedAt: new Date(cutoff.getTime() + 1), updatedAt: new Date(now.getTime() - 50 * DAY_MS) },
        { ...base, status: "submitted", submittedAt: cutoff, updatedAt: new Date(now.getTime() - 50 * DAY_MS) },
      ])
      .returning({ id: dossier.id });

    const first = await listUnfinished(admin, now, 1);
    expect(first.rows).toHaveLength(25);
    const all = [...first.rows];
    for (let page = 2; page <= first.pageCount; page++) all.push(...(await listUnfinished(admin, now, page)).rows);
    expect(all).toHaveLength(first.total);
    const ids = all.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    // Oldest change first across the pages: the late dossier (50 days), then the 30 drafts in their order.
    expect(ids.indexOf(late.id)).toBeLessThan(ids.indexOf(drafts[0].id));
    expect(drafts.map((d) => ids.indexOf(d.id))).toEqual([...drafts.map((d) => ids.indexOf(d.id))].sort((a, b) => a - b));
    expect(ids).not.toContain(onTime.id);
    expect(all.find((r) => r.id === late.id)).toMatchObject({ status: "submitted", age: reviewDays, reminders: 0, lastRemindedAt: null });
    // A page far past the end shows the last one.
    expect((await listUnfinished(admin, now, 1e21)).page).toBe(first.pageCount);
    await database.handle.db.delete(dossier).where(inArray(dossier.id, [...drafts.map((d) => d.id), onTime.id, late.id]));
  });

  it("is for admins only, and only for dossiers on the list", async () => {
    await expect(listUnfinished(sup)).rejects.toMatchObject({ code: "not-found" });
    await expect(sendReminder(pro, crypto.randomUUID())).rejects.toBeInstanceOf(AppError);
    const fresh = await createDossier(pro, { phone: "06 34567890", earSide: "right" });
    await expect(sendReminder(admin, fresh.id)).rejects.toMatchObject({ code: "dossier/wrong-status" });
  });
});

describe("the professional's home and the missing list", () => {
  it("puts returned dossiers first and leaves them out of the recent list", async () => {
    const id = await readyDossier();
    await transitionDossier(pro, id, "submit");
    await transitionDossier(sup, id, "claim");
    await transitionDossier(sup, id, "return", { message: "Vraag" });
    const home = await professionalHome(pro);
    expect(home.returned.map((r) => r.id)).toContain(id);
    expect(home.recent.map((r) => r.id)).not.toContain(id);
    await expect(professionalHome(supOther)).rejects.toMatchObject({ code: "not-found" });
  });

  it("names what a draft still lacks, with the media per ear", async () => {
    const { id } = await createDossier(pro, { phone: "06 12345678", earSide: "both" });
    const opened = await openDossier(pro, id);
    const missing = missingOf(opened.dossier, opened.media);
    expect(missing).toContain("anamnesis-complaints");
    expect(missing).toContain("media-left");
    expect(missing).toContain("media-right");
    expect(missing).toContain("reasoning-right-argument");
  });
});
