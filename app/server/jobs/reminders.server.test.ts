/**
 * The daily reminder round and its escalation (decision 083), on real PGlite with the real job queue and outbox
 * files: weekends and public holidays are skipped, a dossier is reminded again only after two working days, the
 * third reminder of a draft also goes to the organisation's supervisors, and the admin's page shows when each
 * dossier was last reminded. The round runs at chosen instants of the past weeks; the reminder events it writes are
 * moved to that instant, as if the round had run then (the e-mails themselves go out now).
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, queryRows, type TestDatabase } from "../../../tests/support/test-database";
import { DAY_MS, isWorkingDay, localDayOf, localDayStart, isoDay } from "~/domain/dossier/working-time";
import { dossier, dossierEvent } from "../db/schema";
import { createAdmin, createOrganisation, createProfessional, createSupervisor } from "../demo/factories.server";
import type { Actor } from "../dossiers/actor.server";
import { createDossier } from "../dossiers/create.server";
import { listUnfinished } from "../dossiers/unfinished.server";
import { createDelivery, delivery, installDelivery } from "../mail/delivery.server";
import { listOutbox } from "../mail/outbox-reader.server";
import { reminderCron } from "./job-table.server";
import { JOB_HANDLERS } from "./job-handlers.server";
import { startJobQueue } from "./queue.server";
import { runReminderRound } from "./reminders.server";

let database: TestDatabase;
let pro: Actor;
let admin: Actor;
const password = "een-lang-wachtwoord-2026";

beforeAll(async () => {
  database = await createTestDatabase();
  await database.startJobWorkers();
  installDelivery(createDelivery(database.config));
  const org = await createOrganisation({ name: "Praktijk Herinner" });
  pro = { id: (await createProfessional({ email: "pro@herinner.test", name: "Pia", password, organisationId: org.id })).id, role: "professional", organisationId: org.id, supervisedOrganisationIds: [] };
  await createSupervisor({ email: "sup1@herinner.test", name: "Dr. Een", password, organisationIds: [org.id], locale: "en" });
  await createSupervisor({ email: "sup2@herinner.test", name: "Dr. Twee", password, organisationIds: [org.id] });
  admin = { id: (await createAdmin({ email: "admin@herinner.test", name: "Admin", password })).id, role: "admin", organisationId: null, supervisedOrganisationIds: [] };
}, 60_000);
afterAll(async () => {
  await database?.close();
});

/** 08:00 in the clinic's zone on the local day of `at`. */
function eightOClock(at: Date): Date {
  return new Date(localDayStart(isoDay(localDayOf(at))).getTime() + 8 * 60 * 60 * 1000);
}

/** The next days from `from` (exclusive) that pass `test`. */
function nextDays(from: Date, test: (day: Date) => boolean, count: number): Date[] {
  const found: Date[] = [];
  for (let at = eightOClock(new Date(from.getTime() + DAY_MS)); found.length < count; at = eightOClock(new Date(at.getTime() + DAY_MS + 2 * 60 * 60 * 1000))) {
    if (test(at)) found.push(at);
  }
  return found;
}

const working = (at: Date) => isWorkingDay(localDayOf(at));
const weekday = (at: Date) => ![0, 6].includes(new Date(`${isoDay(localDayOf(at))}T12:00:00Z`).getUTCDay());

async function mailsSince(count: number) {
  await database.settleJobs();
  return (await listOutbox(delivery().outboxDir, 500)).slice(count).filter((m) => m.kind === "email");
}

async function outboxCount() {
  await database.settleJobs();
  return (await listOutbox(delivery().outboxDir, 500)).length;
}

/** The round at `at`, then its reminder events dated `at`. */
async function roundAt(at: Date): Promise<string[]> {
  const reminded = await runReminderRound(at);
  await database.handle.db
    .update(dossierEvent)
    .set({ at })
    .where(and(eq(dossierEvent.kind, "reminder"), sql`${dossierEvent.at} > ${new Date(Date.now() - 60_000)}`));
  return reminded;
}

describe("the daily reminder round", () => {
  it("skips weekends and public holidays, repeats after two working days, and escalates the third reminder to the supervisors", async () => {
    // Days of the past weeks, relative to today, so the test means the same whatever day the suite runs.
    const start = new Date(Date.now() - 30 * DAY_MS);
    const [saturday] = nextDays(start, (at) => !weekday(at), 1);
    const [holiday] = nextDays(new Date(Date.now() - 400 * DAY_MS), (at) => weekday(at) && !working(at), 1);
    const [first, second, third, fourth, fifth] = nextDays(start, working, 5);

    const { id } = await createDossier(pro, { phone: "06 12121212", earSide: "left" });
    await database.handle.db.update(dossier).set({ updatedAt: new Date(start.getTime() - 10 * DAY_MS) }).where(eq(dossier.id, id));

    expect(await runReminderRound(saturday)).toEqual([]);
    expect(await runReminderRound(holiday)).toEqual([]);

    let before = await outboxCount();
    expect(await roundAt(first)).toEqual([id]);
    expect((await mailsSince(before)).map((m) => [m.to, m.kind === "email" && m.subject])).toEqual([["pro@herinner.test", "Herinnering: een dossier wacht op u"]]);
    // The same day, and the next working day: not due again.
    expect(await roundAt(first)).toEqual([]);
    expect(await roundAt(second)).toEqual([]);

    before = await outboxCount();
    expect(await roundAt(third)).toEqual([id]);
    expect((await mailsSince(before)).map((m) => m.to)).toEqual(["pro@herinner.test"]);
    expect(await roundAt(fourth)).toEqual([]);

    // Two reminders passed without a change: the third goes to the professional and, in copy, to the supervisors.
    before = await outboxCount();
    expect(await roundAt(fifth)).toEqual([id]);
    const escalated = await mailsSince(before);
    expect(escalated.map((m) => [m.to, m.kind === "email" && m.subject]).sort()).toEqual([
      ["pro@herinner.test", "Herinnering: een dossier wacht op u"],
      ["sup1@herinner.test", "A professional has not finished a dossier"],
      ["sup2@herinner.test", "Een professional rondt een dossier niet af"],
    ]);
    const sup1 = escalated.find((m) => m.to === "sup1@herinner.test");
    expect(sup1?.kind === "email" && sup1.text).toContain("Pia of Praktijk Herinner has not finished a draft dossier");
    expect(sup1?.kind === "email" && sup1.links).toContain("http://localhost:3999/en/supervisor");

    // The events name the round as sender and the escalation; the admin's page shows the last reminder.
    const events = await queryRows<{ detail: { by: string; escalated: boolean; recipients: number } }>(
      database.handle.db.execute(sql`select detail from dossier_event where dossier_id = ${id} and kind = 'reminder' order by seq`),
    );
    expect(events.map((e) => e.detail)).toEqual([
      { by: "schedule", escalated: false, recipients: 1 },
      { by: "schedule", escalated: false, recipients: 1 },
      { by: "schedule", escalated: true, recipients: 3 },
    ]);
    const { rows } = await listUnfinished(admin, fifth);
    expect(rows.find((r) => r.id === id)).toMatchObject({ reminders: 3, lastRemindedAt: fifth });

    // A change by the professional starts the count again: the next reminder is to her alone.
    await database.handle.db.update(dossier).set({ updatedAt: new Date(fifth.getTime() + 60_000) }).where(eq(dossier.id, id));
    const again = await listUnfinished(admin, new Date(fifth.getTime() + 11 * DAY_MS));
    expect(again.rows.find((r) => r.id === id)).toMatchObject({ reminders: 0 });
  });

  it("is scheduled at REMINDER_TIME in the clinic's time zone, Monday to Friday, and unscheduled when off", async () => {
    expect(reminderCron({ hour: 7, minute: 30 })).toBe("30 7 * * 1-5");
    const schedules = async (reminderSchedule: { cron: string; timeZone: string } | null) => {
      const queue = await startJobQueue(database.handle, { handlers: JOB_HANDLERS, reminderSchedule });
      try {
        return (await queue.boss.getSchedules()).map((s) => [s.name, s.cron, s.options?.tz]);
      } finally {
        await queue.stop();
      }
    };
    expect(await schedules({ cron: reminderCron({ hour: 8, minute: 0 }), timeZone: "Europe/Brussels" })).toEqual([["unfinished-reminders", "0 8 * * 1-5", "Europe/Brussels"]]);
    expect(await schedules(null)).toEqual([]);
  });

  it("reads the list in batches: across batch boundaries every due dossier is reminded exactly once", async () => {
    const org = await createOrganisation({ name: "Praktijk Partij" });
    const owner: Actor = {
      id: (await createProfessional({ email: "pro@partij.test", name: "Piet", password, organisationId: org.id })).id,
      role: "professional",
      organisationId: org.id,
      supervisedOrganisationIds: [],
    };
    const [day] = nextDays(new Date(Date.now() - 20 * DAY_MS), working, 1);
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push((await createDossier(owner, { phone: `06 1313131${i}`, earSide: "left" })).id);
    await database.handle.db.update(dossier).set({ updatedAt: new Date(day.getTime() - 30 * DAY_MS) }).where(eq(dossier.organisationId, org.id));

    // Batches of 2: the 7 dossiers (and any other due one) span four batches and more.
    const reminded = await runReminderRound(day, undefined, 2);
    expect(new Set(reminded).size, "nobody reminded twice in one round").toBe(reminded.length);
    expect(reminded.filter((id) => ids.includes(id)).sort()).toEqual([...ids].sort());
    const events = await queryRows<{ dossier_id: string; n: number }>(
      database.handle.db.execute(sql`select dossier_id, count(*)::int as n from dossier_event where kind = 'reminder' and dossier_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) group by dossier_id`),
    );
    expect(events.map((e) => e.n)).toEqual(ids.map(() => 1));
  });
});
