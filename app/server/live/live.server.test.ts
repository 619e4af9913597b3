/**
 * Live updates: pg_notify inside the change's transaction reaches listeners only on commit; on PostgreSQL every
 * instance (here: two database handles with their own buses, as two server processes would have) hears it; and
 * two supervisors claiming at once on a real PostgreSQL: one wins, the other is told; two dossiers started at once
 * for the same new phone share one new patient.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { startPostgres, type PostgresServer } from "../../../tests/support/postgres";
import { AppError } from "~/domain/errors";
import { createAuth, installAuth } from "../auth/auth.server";
import { type DatabaseHandle, installDatabase, openDatabase } from "../db/client.server";
import { migrateDatabase } from "../db/migrate.server";
import { dossierMedium } from "../db/schema";
import { inTransaction } from "../db/transaction.server";
import { createOrganisation, createProfessional, createSupervisor } from "../demo/factories.server";
import type { Actor } from "../dossiers/actor.server";
import { createDossier } from "../dossiers/create.server";
import { saveDraft } from "../dossiers/edit.server";
import { recordDossierEvent } from "../dossiers/events.server";
import { transitionDossier } from "../dossiers/transitions.server";
import { startLiveBus, type LiveBus } from "./bus.server";
import type { LiveEvent } from "./channel";
import { mayReceive } from "./visibility.server";
import { insertDemoStill } from "../demo/demo-media.server";

const password = "een-lang-wachtwoord-2026";

function collect(bus: LiveBus) {
  const events: LiveEvent[] = [];
  // Dossier events only (export progress shares the channel).
  bus.subscribe((e) => {
    if (!("type" in e)) events.push(e);
  });
  return events;
}

async function until(check: () => boolean, ms = 5_000) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function people() {
  const org = await createOrganisation({ name: "Praktijk Live" });
  const other = await createOrganisation({ name: "Elders" });
  const pro: Actor = {
    id: (await createProfessional({ email: "live-pro@a.test", name: "Pro", password, organisationId: org.id })).id,
    role: "professional",
    organisationId: org.id,
    supervisedOrganisationIds: [],
  };
  const sup = async (email: string, orgs: string[]): Promise<Actor> => ({
    id: (await createSupervisor({ email, name: email, password, organisationIds: orgs })).id,
    role: "supervisor",
    organisationId: null,
    supervisedOrganisationIds: orgs,
  });
  return { org, pro, sup1: await sup("live-s1@a.test", [org.id]), sup2: await sup("live-s2@a.test", [org.id]), outsider: await sup("live-s3@b.test", [other.id]) };
}

async function submitted(pro: Actor, db: DatabaseHandle) {
  const { id } = await createDossier(pro, { phone: "0612345678", earSide: "left" });
  await saveDraft(pro, id, 1, {
    anamnesis: { complaints: ["pain"], onset: "gradual", durationDays: 2, history: [], question: "Wat ziet u?" },
    reasoning: { left: { canal: ["normal"], eardrum: ["red"], diagnosis: "acute-otitis-media", differential: [], confidence: 3, plan: ["pain-relief"], argument: "Rood trommelvlies." } },
  });
  await db.db.insert(dossierMedium).values({ dossierId: id, mediaId: await insertDemoStill({ id: pro.id, organisationId: pro.organisationId! }, { db: db.db, storeBytes: false }), ear: "left" });
  await transitionDossier(pro, id, "submit");
  return id;
}

describe("live bus on PGlite", () => {
  let database: TestDatabase;
  let bus: LiveBus;
  beforeAll(async () => {
    database = await createTestDatabase();
    bus = await startLiveBus(database.handle);
  }, 60_000);
  afterAll(async () => {
    await bus?.close();
    await database?.close();
  });

  it("announces committed changes and not rolled-back ones, and never views", async () => {
    const events = collect(bus);
    const { pro } = await people();
    const { id } = await createDossier(pro, { phone: "0612345678", earSide: "left" });
    await until(() => events.some((e) => e.dossierId === id && e.kind === "create"));
    await inTransaction(async (tx) => {
      await recordDossierEvent(tx, { id, organisationId: pro.organisationId!, professionalId: pro.id }, pro.id, { kind: "view", status: "draft" });
    });
    await inTransaction(async (tx) => {
      await recordDossierEvent(tx, { id, organisationId: pro.organisationId!, professionalId: pro.id }, pro.id, { kind: "edit", status: "draft" });
      throw new Error("roll back");
    }).catch(() => {});
    await saveDraft(pro, id, 1, { earSide: "right" });
    await until(() => events.filter((e) => e.dossierId === id).length >= 2);
    expect(events.filter((e) => e.dossierId === id).map((e) => e.kind)).toEqual(["create", "edit"]);
  });

  it("delivers an event only to those who may read the dossier", async () => {
    const base = { seq: 1, dossierId: "d", organisationId: "org-a", professionalId: "pro-a", kind: "submit" };
    const supA: Actor = { id: "s", role: "supervisor", organisationId: null, supervisedOrganisationIds: ["org-a"] };
    const supB: Actor = { id: "t", role: "supervisor", organisationId: null, supervisedOrganisationIds: ["org-b"] };
    const owner: Actor = { id: "pro-a", role: "professional", organisationId: "org-a", supervisedOrganisationIds: [] };
    const colleague: Actor = { id: "pro-b", role: "professional", organisationId: "org-a", supervisedOrganisationIds: [] };
    expect(mayReceive(supA, { ...base, status: "submitted" })).toBe(true);
    expect(mayReceive(supA, { ...base, status: "draft" })).toBe(false);
    expect(mayReceive(supB, { ...base, status: "submitted" })).toBe(false);
    expect(mayReceive(owner, { ...base, status: "draft" })).toBe(true);
    expect(mayReceive(colleague, { ...base, status: "submitted" })).toBe(false);
  });
});

describe("on a real PostgreSQL shared by two instances", () => {
  let postgres: PostgresServer;
  let first: DatabaseHandle;
  let second: DatabaseHandle;
  let busFirst: LiveBus;
  let busSecond: LiveBus;
  let settings: TestDatabase;

  beforeAll(async () => {
    settings = await createTestDatabase();
    postgres = await startPostgres();
    first = await openDatabase({ url: postgres.url });
    second = await openDatabase({ url: postgres.url });
    await migrateDatabase(first);
    installDatabase(first);
    installAuth(createAuth(first.db, settings.config));
    busFirst = await startLiveBus(first, postgres.url);
    busSecond = await startLiveBus(second, postgres.url);
  }, 120_000);
  afterAll(async () => {
    await busFirst?.close();
    await busSecond?.close();
    await first?.close();
    await second?.close();
    await postgres?.stop();
    await settings?.close();
  });

  it("tells the other instance about a change made on this one", async () => {
    const heardThere = collect(busSecond);
    const { pro } = await people();
    const id = await submitted(pro, first);
    await until(() => heardThere.some((e) => e.dossierId === id && e.kind === "submit"));
    expect(heardThere.find((e) => e.kind === "submit")).toMatchObject({ dossierId: id, status: "submitted", professionalId: pro.id });
  });

  it("lets exactly one of two simultaneous claims win", async () => {
    const pro: Actor = { id: "", role: "professional", organisationId: null, supervisedOrganisationIds: [] };
    const team = await createOrganisation({ name: "Race" });
    pro.id = (await createProfessional({ email: "race-pro@a.test", name: "Pro", password, organisationId: team.id })).id;
    pro.organisationId = team.id;
    const s = async (email: string): Promise<Actor> => ({
      id: (await createSupervisor({ email, name: email, password, organisationIds: [team.id] })).id,
      role: "supervisor",
      organisationId: null,
      supervisedOrganisationIds: [team.id],
    });
    const [a, b] = [await s("race-a@a.test"), await s("race-b@a.test")];
    for (let round = 0; round < 5; round++) {
      const id = await submitted(pro, first);
      const results = await Promise.allSettled([transitionDossier(a, id, "claim"), transitionDossier(b, id, "claim")]);
      const won = results.filter((r) => r.status === "fulfilled");
      const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect(lost[0].reason).toBeInstanceOf(AppError);
      expect((lost[0].reason as AppError).code).toBe("dossier/already-claimed");
    }
  });

  it("starts two dossiers at once for the same new phone without a conflict: one new patient, shared", async () => {
    const team = await createOrganisation({ name: "Tegelijk" });
    const p = async (email: string): Promise<Actor> => ({
      id: (await createProfessional({ email, name: email, password, organisationId: team.id })).id,
      role: "professional",
      organisationId: team.id,
      supervisedOrganisationIds: [],
    });
    const [a, b] = [await p("same-a@a.test"), await p("same-b@a.test")];
    for (let round = 0; round < 5; round++) {
      const phone = `06 5555 000${round}`;
      const [one, two] = await Promise.all([createDossier(a, { phone, earSide: "left" }), createDossier(b, { phone, earSide: "right" })]);
      expect(one.patientId).toBe(two.patientId);
      expect([one.patientIsNew, two.patientIsNew].sort()).toEqual([false, true]);
    }
  });
});
