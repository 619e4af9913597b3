/**
 * The admin's view of the job queue: a notification whose mail server is down shows as waiting for a retry with
 * its reason and dossier, "try again now" sends it once the server is back (and is audited), and only admins see
 * or retry anything. Real PGlite, real queue, real outbox.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { auditLog, dossierMedium } from "../db/schema";
import { createAdmin, createOrganisation, createProfessional, createSupervisor } from "../demo/factories.server";
import { insertDemoStill } from "../demo/demo-media.server";
import type { Actor } from "../dossiers/actor.server";
import { createDossier } from "../dossiers/create.server";
import { saveDraft } from "../dossiers/edit.server";
import { takeTransition } from "../dossiers/workflow.server";
import { createDelivery, delivery, installDelivery } from "../mail/delivery.server";
import { listOutbox } from "../mail/outbox-reader.server";
import { capturingLogger } from "../mail/test-support";
import { jobOverview, retryJobNow } from "./job-overview.server";

let database: TestDatabase;
let pro: Actor;
let sup: Actor;
let admin: Actor;
const password = "een-lang-wachtwoord-2026";

beforeAll(async () => {
  database = await createTestDatabase();
  await database.startJobWorkers();
  const org = await createOrganisation({ name: "Praktijk Wachtrij" });
  pro = { id: (await createProfessional({ email: "pro@wachtrij.test", name: "Pia", password, organisationId: org.id })).id, role: "professional", organisationId: org.id, supervisedOrganisationIds: [] };
  const supId = (await createSupervisor({ email: "sup@wachtrij.test", name: "Dr. Sven", password, organisationIds: [org.id] })).id;
  sup = { id: supId, role: "supervisor", organisationId: null, supervisedOrganisationIds: [org.id] };
  admin = { id: (await createAdmin({ email: "admin@wachtrij.test", name: "Admin", password })).id, role: "admin", organisationId: null, supervisedOrganisationIds: [] };
}, 60_000);
afterAll(async () => {
  await database?.close();
});

async function submittedWithMailServerDown(): Promise<string> {
  const { id } = await createDossier(pro, { phone: "06 13131313", earSide: "left" });
  await saveDraft(pro, id, 1, {
    anamnesis: { complaints: ["pain"], onset: "sudden", durationDays: 3, history: [], question: "Otitis?" },
    reasoning: { left: { canal: ["red-swollen"], eardrum: ["normal"], diagnosis: "otitis-externa", differential: [], confidence: 4, plan: ["ear-drops"], argument: "Rood." } },
  });
  await database.handle.db.insert(dossierMedium).values({ dossierId: id, mediaId: await insertDemoStill({ id: pro.id, organisationId: pro.organisationId! }, { db: database.handle.db, storeBytes: false }), ear: "left" });
  installDelivery(createDelivery({ ...database.config, smtpUrl: "smtp://127.0.0.1:9" }, capturingLogger().log));
  try {
    await takeTransition(pro, id, "submit");
    await database.settleJobs();
  } finally {
    installDelivery(createDelivery(database.config));
  }
  return id;
}

describe("the jobs page's data", () => {
  it("shows a failed notification with its reason and dossier, and sends it once when tried again", async () => {
    const id = await submittedWithMailServerDown();
    const overview = await jobOverview(admin);
    const counts = overview.counts.find((c) => c.name === "dossier-notification")!.counts;
    expect(counts.retry).toBe(1);
    const job = overview.attention.find((j) => j.dossierId === id)!;
    expect(job).toMatchObject({ name: "dossier-notification", state: "retry", attempts: 1, allowed: 9, reason: "mail-delivery-failed" });
    expect(job.nextAttempt!.getTime()).toBeGreaterThan(Date.now());

    const before = (await listOutbox(delivery().outboxDir, 200)).length;
    expect(await retryJobNow(admin, "dossier-notification", job.id)).toBe(true);
    await database.settleJobs();
    const sent = (await listOutbox(delivery().outboxDir, 200)).slice(before);
    expect(sent.map((m) => m.kind === "email" && [m.to, m.subject])).toEqual([["sup@wachtrij.test", "Nieuw dossier ter beoordeling"]]);
    expect((await jobOverview(admin)).attention.find((j) => j.id === job.id)).toBeUndefined();
    // Done: there is nothing to try again.
    expect(await retryJobNow(admin, "dossier-notification", job.id)).toBe(false);
    const audits = await database.handle.db.select().from(auditLog).where(eq(auditLog.subjectId, job.id));
    expect(audits.map((a) => [a.action, a.actorId])).toEqual([["job.retried", admin.id]]);
  });

  it("gives a job that failed every attempt one more", async () => {
    const id = await submittedWithMailServerDown();
    await database.handle.db.execute(sql`update pgboss.job set state = 'failed', retry_count = retry_limit where data->>'dossierId' = ${id}`);
    const job = (await jobOverview(admin)).attention.find((j) => j.dossierId === id)!;
    expect(job).toMatchObject({ state: "failed", attempts: 9, allowed: 9 });
    expect(await retryJobNow(admin, "dossier-notification", job.id)).toBe(true);
    await database.settleJobs();
    expect((await jobOverview(admin)).attention.find((j) => j.id === job.id)).toBeUndefined();
  });

  it("is the administrator's only", async () => {
    await expect(jobOverview(sup)).rejects.toMatchObject({ code: "not-found" });
    await expect(jobOverview(pro)).rejects.toMatchObject({ code: "not-found" });
    await expect(retryJobNow(sup, "dossier-notification", crypto.randomUUID())).rejects.toMatchObject({ code: "not-found" });
    expect(await retryJobNow(admin, "no-such-kind", crypto.randomUUID())).toBe(false);
  });
});
