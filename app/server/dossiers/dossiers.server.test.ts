import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { AppError } from "~/domain/errors";
import { DOSSIER_COUNT_LIMIT, DOSSIER_VIEW_COLLAPSE_MS, MAX_STORED_STRING_BYTES } from "~/domain/constants";
import { dossier, dossierEvent, dossierMedium, patient } from "../db/schema";
import { createOrganisation, createProfessional, createSupervisor, createAdmin } from "../demo/factories.server";
import type { Actor } from "./actor.server";
import { createDossier } from "./create.server";
import { saveDraft, saveReview } from "./edit.server";
import { listOwnDossiers, PAGE_SIZE, patientHistory, supervisorQueue } from "./lists.server";
import { addMessage } from "./messages.server";
import { transitionDossier } from "./transitions.server";
import { dossierEvents, openDossier } from "./view.server";
import { insertDemoStill } from "../demo/demo-media.server";

let database: TestDatabase;
let pro: Actor;
let pro2: Actor;
let proOther: Actor;
let sup: Actor;
let sup2: Actor;
let supOther: Actor;
let admin: Actor;
const password = "een-lang-wachtwoord-2026";

beforeAll(async () => {
  database = await createTestDatabase();
  const a = await createOrganisation({ name: "Praktijk A" });
  const b = await createOrganisation({ name: "Praktijk B" });
  const mk = async (email: string, org: string) => ({
    id: (await createProfessional({ email, name: email, password, organisationId: org })).id,
    role: "professional" as const,
    organisationId: org,
    supervisedOrganisationIds: [],
  });
  pro = await mk("pro@a.test", a.id);
  pro2 = await mk("pro2@a.test", a.id);
  proOther = await mk("pro@b.test", b.id);
  const ms = async (email: string, orgs: string[]) => ({
    id: (await createSupervisor({ email, name: email, password, organisationIds: orgs })).id,
    role: "supervisor" as const,
    organisationId: null,
    supervisedOrganisationIds: orgs,
  });
  sup = await ms("sup@a.test", [a.id]);
  sup2 = await ms("sup2@a.test", [a.id]);
  supOther = await ms("sup@b.test", [b.id]);
  admin = { id: (await createAdmin({ email: "admin@casus.test", name: "Admin", password })).id, role: "admin", organisationId: null, supervisedOrganisationIds: [] };
}, 60_000);
afterAll(async () => {
  await database?.close();
});

async function codeOf(promise: Promise<unknown>): Promise<{ code: string; details: Record<string, unknown> }> {
  try {
    await promise;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { code: error.code, details: error.details };
  }
  throw new Error("expected an AppError");
}

const completeContent = {
  anamnesis: { complaints: ["pain"], onset: "sudden", durationDays: 3, history: [], question: "Is dit otitis externa?" },
  reasoning: {
    left: { canal: ["red-swollen"], eardrum: ["normal"], diagnosis: "otitis-externa", differential: [], confidence: 4, plan: ["ear-drops"], argument: "Rode gehoorgang." },
  },
};

async function readyDossier(owner = pro): Promise<{ id: string; version: number }> {
  const { id } = await createDossier(owner, { phone: "06 12345678", earSide: "left" });
  const { version } = await saveDraft(owner, id, 1, completeContent);
  await database.handle.db.insert(dossierMedium).values({ dossierId: id, mediaId: await insertDemoStill({ id: owner.id, organisationId: owner.organisationId! }, { db: database.handle.db, storeBytes: false }), ear: "left" });
  return { id, version };
}

describe("creating a dossier", () => {
  it("stores the patient's phone as E.164 and recognises the patient the next time", async () => {
    const first = await createDossier(pro, { phone: "06 1234 5678", earSide: "both" });
    const second = await createDossier(pro2, { phone: "+31612345678", earSide: "right" });
    expect(first.patientIsNew).toBe(true);
    expect(second.patientIsNew).toBe(false);
    expect(second.patientId).toBe(first.patientId);
    const [row] = await database.handle.db.select().from(patient).where(eq(patient.id, first.patientId));
    expect(row.phone).toBe("+31612345678");
  });

  it("keeps the same phone in another organisation a separate patient", async () => {
    const here = await createDossier(pro, { phone: "0612345678", earSide: "left" });
    const there = await createDossier(proOther, { phone: "0612345678", earSide: "left" });
    expect(there.patientId).not.toBe(here.patientId);
  });

  it("refuses an invalid phone and non-professionals", async () => {
    expect((await codeOf(createDossier(pro, { phone: "12", earSide: "left" }))).code).toBe("invalid-phone-number");
    expect((await codeOf(createDossier(pro, { phone: "0612345678", earSide: "middle" }))).code).toBe("invalid-argument");
    expect((await codeOf(createDossier(sup, { phone: "0612345678", earSide: "left" }))).code).toBe("not-found");
  });

  it("stores the start form's anamnesis with the dossier, and a refused anamnesis creates nothing (no orphan draft)", async () => {
    const db = database.handle.db;
    const counts = async () => ({
      dossiers: (await db.select().from(dossier)).length,
      patients: (await db.select().from(patient)).length,
      events: (await db.select().from(dossierEvent)).length,
    });
    const before = await counts();
    const refused = await codeOf(createDossier(pro, { phone: "0687654321", earSide: "left", anamnesis: { complaints: ["pain"], history: [], question: "x".repeat(MAX_STORED_STRING_BYTES + 1) } }));
    expect(refused.code).toBe("invalid-argument");
    expect(await counts()).toEqual(before);
    const { id } = await createDossier(pro, { phone: "0687654321", earSide: "left", anamnesis: { complaints: ["pain"], history: [], question: "Otitis?" } });
    const [row] = await db.select().from(dossier).where(eq(dossier.id, id));
    expect([row.version, row.anamnesis]).toEqual([1, { complaints: ["pain"], history: [], question: "Otitis?" }]);
  });

  it("lets two dossiers started at once for the same new phone share one new patient", async () => {
    const [one, two] = await Promise.all([
      createDossier(pro, { phone: "0611112222", earSide: "left" }),
      createDossier(pro2, { phone: "0611112222", earSide: "right" }),
    ]);
    expect(one.patientId).toBe(two.patientId);
    expect([one.patientIsNew, two.patientIsNew].sort()).toEqual([false, true]);
  });

  it("writes a create event", async () => {
    const { id } = await createDossier(pro, { phone: "0612345678", earSide: "left" });
    const events = await database.handle.db.select().from(dossierEvent).where(eq(dossierEvent.dossierId, id));
    expect(events.map((e) => [e.kind, e.toStatus, e.actorId])).toEqual([["create", "draft", pro.id]]);
  });
});

describe("editing", () => {
  it("refuses a save based on an older version, so nothing is silently overwritten", async () => {
    const { id } = await createDossier(pro, { phone: "0612345678", earSide: "left" });
    expect(await saveDraft(pro, id, 1, { anamnesis: { complaints: ["itch"], history: [] } })).toEqual({ version: 2 });
    const conflict = await codeOf(saveDraft(pro, id, 1, { anamnesis: { complaints: ["pain"], history: [] } }));
    expect(conflict).toEqual({ code: "dossier/version-conflict", details: { version: 2 } });
    const [row] = await database.handle.db.select().from(dossier).where(eq(dossier.id, id));
    expect(row.anamnesis.complaints).toEqual(["itch"]);
  });

  it("validates content and lets only the owner edit", async () => {
    const { id } = await createDossier(pro, { phone: "0612345678", earSide: "left" });
    expect((await codeOf(saveDraft(pro, id, 1, { anamnesis: { complaints: ["headache"], history: [] } }))).code).toBe("invalid-argument");
    expect((await codeOf(saveDraft(pro, id, 1, { secret: true }))).code).toBe("invalid-argument");
    expect((await codeOf(saveDraft(pro2, id, 1, { earSide: "right" }))).code).toBe("not-found");
    expect((await codeOf(saveDraft(proOther, id, 1, { earSide: "right" }))).code).toBe("not-found");
  });
});

describe("the lifecycle", () => {
  it("says what is missing before submit", async () => {
    const { id } = await createDossier(pro, { phone: "0612345678", earSide: "both" });
    const { code, details } = await codeOf(transitionDossier(pro, id, "submit"));
    expect(code).toBe("dossier/incomplete");
    expect(details.missing).toEqual(
      expect.arrayContaining(["anamnesis-complaints", "media-left", "media-right", "reasoning-left-diagnosis", "reasoning-right-argument"]),
    );
  });

  it("hides drafts from supervisors and other organisations, shares a submitted dossier with its organisation's supervisors", async () => {
    const { id, version } = await readyDossier();
    for (const outsider of [sup, supOther, pro2, proOther]) expect((await codeOf(openDossier(outsider, id))).code).toBe("not-found");
    expect(await transitionDossier(pro, id, "submit", { expectedVersion: version })).toEqual({ status: "submitted", version: version + 1 });
    expect((await openDossier(sup, id)).transitions).toEqual(["claim"]);
    for (const outsider of [supOther, pro2, proOther]) expect((await codeOf(openDossier(outsider, id))).code).toBe("not-found");
    expect((await openDossier(admin, id)).transitions).toEqual([]);
  });

  it("runs submit → claim → return → resubmit → claim → release → claim → complete, each step logged", async () => {
    const { id } = await readyDossier();
    await transitionDossier(pro, id, "submit");
    await transitionDossier(sup, id, "claim");
    expect((await codeOf(transitionDossier(sup2, id, "claim"))).code).toBe("dossier/already-claimed");
    expect((await codeOf(transitionDossier(sup2, id, "complete"))).code).toBe("dossier/not-allowed");
    expect((await codeOf(transitionDossier(sup, id, "return"))).details).toEqual({ missing: ["return-question"] });
    await transitionDossier(sup, id, "return", { message: "Is er ook jeuk?" });
    await addMessage(pro, id, "Ja, sinds twee dagen.");
    await transitionDossier(pro, id, "resubmit");
    await transitionDossier(sup2, id, "claim");
    await transitionDossier(sup2, id, "release");
    const claimed = await transitionDossier(sup, id, "claim");
    expect((await codeOf(transitionDossier(sup, id, "complete"))).details.missing).toEqual(["review-agreement", "review-urgency", "review-feedback"]);
    expect((await codeOf(saveReview(sup2, id, claimed.version, { agreement: "agree" }))).code).toBe("dossier/not-editable");
    // An advised follow-up without its days is saved, but the review cannot be completed until the days are there.
    const overall = { agreement: "agree", urgency: "routine", feedback: "Goed gezien." };
    const daysMissing = await saveReview(sup, id, claimed.version, { ...overall, ears: { left: { plan: ["ear-drops", "follow-up"] } } });
    expect((await codeOf(transitionDossier(sup, id, "complete", { expectedVersion: daysMissing.version }))).details.missing).toEqual(["review-left-follow-up"]);
    const reviewed = await saveReview(sup, id, daysMissing.version, { ...overall, ears: { left: { plan: ["ear-drops", "follow-up"], followUpDays: 14 } } });
    expect(await transitionDossier(sup, id, "complete", { expectedVersion: reviewed.version })).toEqual({ status: "completed", version: reviewed.version + 1 });

    const view = await openDossier(pro, id);
    expect(view.dossier.status).toBe("completed");
    // The reporting facts (decision 070): one return counted, the review clock and the claim wait measured (a few
    // ms of working time, or none at a weekend), and the reasoning score given with what it compared.
    expect(view.dossier).toMatchObject({ returnCount: 1, reasoningScore: expect.any(Number) });
    expect(view.dossier.firstSubmittedAt).toBeInstanceOf(Date);
    expect(view.dossier.reviewWorkingMs).toBeGreaterThanOrEqual(0);
    expect(view.dossier.claimWaitWorkingMs).toBeGreaterThanOrEqual(0);
    expect(view.dossier.reasoningScoreDetail?.findings).toBe(1);
    expect(view.messages.map((m) => m.body)).toEqual(["Is er ook jeuk?", "Ja, sinds twee dagen."]);
    const events = (await dossierEvents(admin, id)).reverse();
    expect(events.filter((e) => e.kind !== "view" && e.kind !== "edit").map((e) => `${e.kind}:${e.fromStatus ?? ""}>${e.toStatus ?? ""}`)).toEqual([
      "create:>draft",
      "submit:draft>submitted",
      "claim:submitted>in_review",
      "return:in_review>returned",
      "message:>",
      "resubmit:returned>submitted",
      "claim:submitted>in_review",
      "release:in_review>submitted",
      "claim:submitted>in_review",
      "complete:in_review>completed",
    ]);
    // Views are logged too (here: the owner reading the review), and only admins read the log.
    expect(events.filter((e) => e.kind === "view").map((e) => e.actorName)).toEqual(["pro@a.test"]);
    expect(await dossierEvents(pro, id)).toEqual([]);
  });

  it("sends the owner the review only when handed back (returned or completed): not in review, nor waiting after a release or resubmit", async () => {
    const { id } = await readyDossier();
    await transitionDossier(pro, id, "submit");
    const claimed = await transitionDossier(sup, id, "claim");
    const draftReview = { agreement: "partly", urgency: "soon", feedback: "Half af." };
    const saved = await saveReview(sup, id, claimed.version, draftReview);
    const reviewFor = async (actor: Actor) => (await openDossier(actor, id)).dossier.review;
    expect(await reviewFor(pro)).toBeNull();
    expect(await reviewFor(sup2)).toMatchObject(draftReview);
    expect(await reviewFor(admin)).toMatchObject(draftReview);
    await transitionDossier(sup, id, "return", { expectedVersion: saved.version, message: "Hoe lang al?" });
    expect(await reviewFor(pro)).toMatchObject(draftReview);
    expect((await openDossier(pro, id)).dossier.reasoningScore).toBeNull();
    await transitionDossier(pro, id, "resubmit");
    expect(await reviewFor(pro)).toBeNull();
    const again = await transitionDossier(sup, id, "claim");
    await transitionDossier(sup, id, "release", { expectedVersion: again.version });
    expect(await reviewFor(pro)).toBeNull();
    const last = await transitionDossier(sup, id, "claim");
    const done = await saveReview(sup, id, last.version, { agreement: "agree", urgency: "routine", feedback: "Klaar." });
    await transitionDossier(sup, id, "complete", { expectedVersion: done.version });
    expect(await reviewFor(pro)).toMatchObject({ feedback: "Klaar." });
  });

  it("gives the open return question while returned: the last return's, not a later message, none once resubmitted", async () => {
    const { id } = await readyDossier();
    await transitionDossier(pro, id, "submit");
    expect((await openDossier(pro, id)).returnQuestion).toBeNull();
    await transitionDossier(sup, id, "claim");
    await transitionDossier(sup, id, "return", { message: "Is er ook jeuk?" });
    // Another message of the same supervisor, and the owner's answer, while it is returned: the question stays.
    await addMessage(sup, id, "En koorts?");
    await addMessage(pro, id, "Nee.");
    expect((await openDossier(pro, id)).returnQuestion).toMatchObject({ body: "Is er ook jeuk?", authorId: sup.id, authorName: "sup@a.test", at: expect.any(Date) });
    await transitionDossier(pro, id, "resubmit");
    expect((await openDossier(pro, id)).returnQuestion).toBeNull();
    // Returned again, by another supervisor: the new question, not the first one.
    await transitionDossier(sup2, id, "claim");
    await transitionDossier(sup2, id, "return", { message: "Welke kant precies?" });
    expect((await openDossier(pro, id)).returnQuestion).toMatchObject({ body: "Welke kant precies?", authorName: "sup2@a.test" });
    expect((await openDossier(sup2, id)).returnQuestion?.body).toBe("Welke kant precies?");
  });

  it("logs repeated views by the same user within a few minutes once (each live refresh opens the dossier again)", async () => {
    const db = database.handle.db;
    const { id } = await createDossier(pro, { phone: "0612345678", earSide: "left" });
    const views = async () => (await db.select().from(dossierEvent).where(eq(dossierEvent.dossierId, id))).filter((e) => e.kind === "view");
    await openDossier(pro, id);
    // The repeat is known to this process: no transaction to check and write the log (the embedded database's
    // transaction method is watched, and still runs).
    const transactions = vi.spyOn(database.handle.pglite!, "transaction");
    const statements = vi.spyOn(database.handle.pglite!, "query");
    try {
      const repeated = await openDossier(pro, id);
      expect(transactions).not.toHaveBeenCalled();
      // The row with its patient, then the media and the thread.
      expect(statements).toHaveBeenCalledTimes(3);
      expect(repeated.patient).toMatchObject({ phone: "+31612345678" });
      await openDossier(admin, id);
      expect(transactions).toHaveBeenCalledTimes(1);
    } finally {
      transactions.mockRestore();
      statements.mockRestore();
    }
    expect((await views()).map((v) => v.actorId)).toEqual([pro.id, admin.id]);
    // Each view names the right it was read under (nobody reads on another's behalf).
    expect((await views()).map((v) => v.detail)).toEqual([{ grant: "owner" }, { grant: "admin" }]);
    // Once the last view is older than the window, the next one is logged again: when the clock has moved on
    // (this process remembers its own recent views), and when another instance logged it that long ago.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + DOSSIER_VIEW_COLLAPSE_MS + 1000);
      await openDossier(pro, id);
      await openDossier(pro, id);
    } finally {
      vi.useRealTimers();
    }
    expect((await views()).map((v) => v.actorId)).toEqual([pro.id, admin.id, pro.id]);
    // A view another instance logged a minute ago is found in the database, and not logged again here.
    const { id: other } = await createDossier(pro, { phone: "0612345678", earSide: "left" });
    const [facts] = await db.select().from(dossier).where(eq(dossier.id, other));
    const elsewhere = { dossierId: other, organisationId: facts.organisationId, professionalId: facts.professionalId, actorId: admin.id, kind: "view" };
    await db.insert(dossierEvent).values({ ...elsewhere, at: new Date(Date.now() - 60_000) });
    await openDossier(admin, other);
    await openDossier(admin, other);
    expect((await db.select().from(dossierEvent).where(eq(dossierEvent.dossierId, other))).filter((e) => e.kind === "view")).toHaveLength(1);
  });

  it("lets the owner discard a draft, and nobody move a dossier out of order", async () => {
    const { id } = await createDossier(pro, { phone: "0612345678", earSide: "left" });
    expect((await codeOf(transitionDossier(sup, id, "claim"))).code).toBe("not-found");
    expect((await codeOf(transitionDossier(pro, id, "resubmit"))).code).toBe("dossier/wrong-status");
    expect((await codeOf(transitionDossier(pro, id, "discard", { expectedVersion: 7 }))).code).toBe("dossier/version-conflict");
    expect((await transitionDossier(pro, id, "discard")).status).toBe("cancelled");
    expect((await codeOf(saveDraft(pro, id, 2, { earSide: "right" }))).code).toBe("dossier/not-editable");
  });
});

describe("lists", () => {
  it("filters the professional's own dossiers by status and phone, and pages", async () => {
    const mine = await listOwnDossiers(pro, { status: "cancelled" });
    expect(mine.rows.every((r) => r.status === "cancelled" && r.professionalId === pro.id)).toBe(true);
    expect(mine.total).toBeGreaterThan(0);
    const byPhone = await listOwnDossiers(pro, { phone: "06-12345678" });
    expect(byPhone.rows.every((r) => r.phone === "+31612345678")).toBe(true);
    expect((await listOwnDossiers(pro, { phone: "nonsense" })).rows).toEqual([]);
    expect((await listOwnDossiers(proOther, {})).rows.every((r) => r.professionalId === proOther.id)).toBe(true);
  });

  it("sorts, filters by period and pages a professional's dossiers; a patient's history is newest first", async () => {
    const db = database.handle.db;
    const pro3: Actor = {
      id: (await createProfessional({ email: "pro3@a.test", name: "Pro 3", password, organisationId: pro.organisationId! })).id,
      role: "professional",
      organisationId: pro.organisationId,
      supervisedOrganisationIds: [],
    };
    const base = Date.UTC(2026, 0, 1);
    const day = 24 * 60 * 60 * 1000;
    // Dossier i was created on day i and last changed on day 26 − i: the two sort orders are each other's reverse.
    const ids: string[] = [];
    for (let i = 0; i < PAGE_SIZE + 2; i++) {
      const { id } = await createDossier(pro3, { phone: "0623456789", earSide: "left" });
      await db.update(dossier).set({ createdAt: new Date(base + i * day), updatedAt: new Date(base + (PAGE_SIZE + 1 - i) * day) }).where(eq(dossier.id, id));
      ids.push(id);
    }
    const first = await listOwnDossiers(pro3, {});
    expect([first.total, first.page, first.pageCount, first.rows.length]).toEqual([PAGE_SIZE + 2, 1, 2, PAGE_SIZE]);
    // Default: last changed first.
    expect(first.rows.map((r) => r.id)).toEqual(ids.slice(0, PAGE_SIZE));
    const second = await listOwnDossiers(pro3, { page: 2 });
    expect(second.rows.map((r) => r.id)).toEqual(ids.slice(PAGE_SIZE));
    expect((await listOwnDossiers(pro3, { page: 99 })).page).toBe(2);
    // A page and its total are one statement; a stale link past the end takes three (a page without rows has no
    // count: the first page is read for it, then the last). The embedded database's query method is watched.
    const statements = vi.spyOn(database.handle.pglite!, "query");
    try {
      expect((await listOwnDossiers(pro3, { page: 2 }, {}, { recordRead: false })).rows).toHaveLength(2);
      expect(statements).toHaveBeenCalledTimes(1);
      statements.mockClear();
      expect((await listOwnDossiers(pro3, { page: 7 }, {}, { recordRead: false })).page).toBe(2);
      expect(statements).toHaveBeenCalledTimes(3);
    } finally {
      statements.mockRestore();
    }
    expect((await listOwnDossiers(pro3, { sort: "updated-asc" })).rows[0].id).toBe(ids.at(-1));
    expect((await listOwnDossiers(pro3, { sort: "created-desc" })).rows[0].id).toBe(ids.at(-1));
    expect((await listOwnDossiers(pro3, { sort: "created-asc", page: 2 })).rows.map((r) => r.id)).toEqual(ids.slice(PAGE_SIZE));
    // Period on the last change: from inclusive, to exclusive (days 7, 6 and 5: dossiers 19, 20, 21, last changed first).
    const period = await listOwnDossiers(pro3, { from: new Date(base + 5 * day).toISOString(), to: new Date(base + 8 * day).toISOString() });
    expect([period.total, period.rows.map((r) => r.id)]).toEqual([3, [ids[19], ids[20], ids[21]]]);
    expect((await listOwnDossiers(pro3, { from: "not a date" })).total).toBe(PAGE_SIZE + 2);
    // A bound JavaScript takes but PostgreSQL does not (year 0, year 10000 and the Date's own limits) is ignored like
    // one that is no date at all, instead of failing the query (the security review's 500s).
    for (const bound of ["0000-01-01", "0000-01-01T00:00:00.000Z", "+010000-01-01T00:00:00.000Z", "275760-09-13", "-271821-04-20"]) {
      expect((await listOwnDossiers(pro3, { from: bound })).total, bound).toBe(PAGE_SIZE + 2);
      expect((await listOwnDossiers(pro3, { to: bound })).total, bound).toBe(PAGE_SIZE + 2);
    }

    // A patient's history is paged too: newest first, a page at a time.
    const history = await patientHistory(pro3, "0623456789");
    expect([history.total, history.page, history.pageCount]).toEqual([PAGE_SIZE + 2, 1, 2]);
    expect(history.rows.map((r) => r.id)).toEqual([...ids].reverse().slice(0, PAGE_SIZE));
    expect((await patientHistory(pro3, "0623456789", {}, 2)).rows.map((r) => r.id)).toEqual([...ids].reverse().slice(PAGE_SIZE));
  });

  it("counts a long list only up to its cap, and pages on past it (decision 087)", async () => {
    // An organisation of its own with more submitted dossiers than the cap, written in one statement.
    const org = await createOrganisation({ name: "Praktijk Veel" });
    const many = (await createProfessional({ email: "many@c.test", name: "Veel", password, organisationId: org.id })).id;
    const manyPro: Actor = { id: many, role: "professional", organisationId: org.id, supervisedOrganisationIds: [] };
    const manySup: Actor = { id: (await createSupervisor({ email: "sup@c.test", name: "Sup C", password, organisationIds: [org.id] })).id, role: "supervisor", organisationId: null, supervisedOrganisationIds: [org.id] };
    const n = DOSSIER_COUNT_LIMIT + 40;
    const base = Date.UTC(2026, 0, 1);
    const ids = Array.from({ length: n }, (_, i) => `many-${String(i).padStart(4, "0")}`);
    await database.handle.db.insert(dossier).values(
      ids.map((id, i) => ({ id, organisationId: org.id, professionalId: many, status: "submitted", submittedAt: new Date(base + i * 60_000), updatedAt: new Date(base + i * 60_000) })),
    );

    const first = await listOwnDossiers(manyPro, {});
    expect([first.total, first.capped, first.page, first.pageCount]).toEqual([DOSSIER_COUNT_LIMIT, true, 1, DOSSIER_COUNT_LIMIT / PAGE_SIZE]);
    // A page past the cap is still reached (the count then runs to that page), and the last page is exact again.
    const beyond = await listOwnDossiers(manyPro, { page: DOSSIER_COUNT_LIMIT / PAGE_SIZE + 1 });
    expect([beyond.page, beyond.capped, beyond.rows.length]).toEqual([DOSSIER_COUNT_LIMIT / PAGE_SIZE + 1, true, PAGE_SIZE]);
    const last = await listOwnDossiers(manyPro, { page: 99 });
    expect([last.total, last.capped, last.page, last.rows.map((r) => r.id)]).toEqual([n, false, Math.ceil(n / PAGE_SIZE), ids.slice(0, n % PAGE_SIZE).reverse()]);

    const queue = await supervisorQueue(manySup);
    expect([queue.waitingTotal, queue.waitingCapped, queue.pageCount, queue.waiting.map((r) => r.id)]).toEqual([DOSSIER_COUNT_LIMIT, true, DOSSIER_COUNT_LIMIT / PAGE_SIZE, ids.slice(0, PAGE_SIZE)]);
    const lastQueuePage = await supervisorQueue(manySup, { page: 99 });
    expect([lastQueuePage.waitingTotal, lastQueuePage.waitingCapped, lastQueuePage.waiting.map((r) => r.id)]).toEqual([n, false, ids.slice(n - (n % PAGE_SIZE))]);

    // An absurd page number (typed into the address) shows the last page, as any page past the end does.
    for (const page of [1e18, 1e21, Number.MAX_VALUE]) {
      expect((await listOwnDossiers(manyPro, { page })).page).toBe(Math.ceil(n / PAGE_SIZE));
      expect((await supervisorQueue(manySup, { page })).page).toBe(Math.ceil(n / PAGE_SIZE));
    }
    expect((await patientHistory(pro2, "0612345678", {}, 1e21)).page).toBe(1);

    // Under the cap the count is exact.
    const fewer = await listOwnDossiers(manyPro, { from: new Date(base + (n - 30) * 60_000).toISOString() });
    expect([fewer.total, fewer.capped, fewer.pageCount]).toEqual([30, false, 2]);
  });

  it("gives a patient's history within the organisation only, under the canonical number", async () => {
    const history = await patientHistory(pro2, "06 12 34 56 78");
    expect(history.canonical).toBe("+31612345678");
    expect(history.rows.length).toBeGreaterThan(1);
    expect(new Set(history.rows.map((r) => r.organisationId)).size).toBe(1);
    const there = await patientHistory(proOther, "0612345678");
    expect(there.rows.every((r) => r.professionalId === proOther.id)).toBe(true);
  });

  it("queues submitted dossiers oldest first for the organisation's supervisors only", async () => {
    const first = await readyDossier();
    await transitionDossier(pro, first.id, "submit");
    const second = await readyDossier(pro2);
    await transitionDossier(pro2, second.id, "submit");
    const queue = await supervisorQueue(sup);
    const ids = queue.waiting.map((r) => r.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect((await supervisorQueue(supOther)).waiting.map((r) => r.id)).not.toContain(first.id);
    await transitionDossier(sup, first.id, "claim");
    expect((await supervisorQueue(sup)).mine.map((r) => r.id)).toContain(first.id);
    expect((await supervisorQueue(sup2)).mine.map((r) => r.id)).not.toContain(first.id);
  });
});
