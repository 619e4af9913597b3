import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { codeOf, installOutbox } from "../../../tests/support/people";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { organisationSchema } from "~/domain/people-forms";
import { signInWithPassword } from "../auth/password-sign-in.server";
import { loadSessionUser } from "../auth/session.server";
import { asc } from "drizzle-orm";
import { auditLog, dossier, dossierEvent, patient, professional, session, supervisorOrganisation, twoFactor, user } from "../db/schema";
import { createDossier as startDossier } from "../dossiers/create.server";
import { transitionDossier } from "../dossiers/transitions.server";
import { patientHistory } from "../dossiers/lists.server";
import { attachMedium, dossierMediaViews } from "../dossiers/media.server";
import { insertDemoStill } from "../demo/demo-media.server";
import { createAdmin, createDossier, createOrganisation as factoryOrganisation, createProfessional, createSupervisor } from "../demo/factories.server";
import type { Actor } from "./access.server";
import { auditTrail } from "./audit-trail.server";
import { importProfessionalsCsv, parseCsv, previewProfessionalsCsv } from "./csv-import.server";
import { dashboard, serviceHealth } from "./dashboard.server";
import { assignSupervisor, createOrganisation, listOrganisations, organisationDetail, setOrganisationActive, unassignSupervisor, updateOrganisation } from "./organisations.server";
import { moveProfessional, movePreview, professionalDetail } from "./professionals.server";
import { listAdministrators, updateSupervisor } from "./staff.server";
import { runPersonAction } from "./person-actions.server";
import { demoteAdministrator, resetUserSecondFactor, setUserDisabled } from "./users.server";
import { createObjectStore, installObjectStore } from "../storage/storage.server";

let database: TestDatabase;
let mails: Awaited<ReturnType<typeof installOutbox>>;
let admin: Actor;
let admin2: Actor;
let orgA: string;
let orgB: string;
let proA: string;
let supervisorId: string;
const origin = { requestId: "req", ipAddress: "127.0.0.1" };
const PW = "kraanvogel-tandpasta-oktober-7";
const orgForm = (over: Partial<Record<string, string>> = {}) =>
  organisationSchema.parse({ name: "Apotheek Noord", kind: "pharmacy", city: "Groningen", contactEmail: "", contactPhone: "", storageQuota: "1", ...over });

beforeAll(async () => {
  database = await createTestDatabase({ SIGN_IN_RATE_LIMIT_PER_MINUTE: "1000" });
  mails = installOutbox(database);
  installObjectStore(await createObjectStore(database.config));
  admin = { id: (await createAdmin({ email: "a1@casus.test", name: "Anna Admin", password: PW })).id, role: "admin", name: "Anna Admin", organisationId: null, supervisedOrganisationIds: [] };
  admin2 = { id: (await createAdmin({ email: "a2@casus.test", name: "Bart Admin", password: PW })).id, role: "admin", name: "Bart Admin", organisationId: null, supervisedOrganisationIds: [] };
  orgA = (await factoryOrganisation({ name: "Praktijk Oost", city: "Enschede" })).id;
  orgB = (await factoryOrganisation({ name: "Praktijk West", city: "Leiden" })).id;
  proA = (await createProfessional({ email: "pro@oost.test", name: "Pieter Pro", password: PW, organisationId: orgA })).id;
  supervisorId = (await createSupervisor({ email: "sup@casus.test", name: "Sofie Sup", password: PW, organisationIds: [orgA] })).id;
  await createDossier({ organisationId: orgA, professionalId: proA, status: "submitted" });
  await createDossier({ organisationId: orgA, professionalId: proA });
});
afterAll(async () => {
  await database?.close();
});

describe("role checks in the data layer", () => {
  it("refuses everyone but admins, whatever the route did", async () => {
    const sup: Actor = { id: supervisorId, role: "supervisor", organisationId: null, supervisedOrganisationIds: [] };
    expect(await codeOf(listOrganisations(sup, {}))).toBe("not-found");
    expect(await codeOf(organisationDetail(sup, orgA))).toBe("not-found");
    expect(await codeOf(setUserDisabled({ id: proA, role: "professional", organisationId: null, supervisedOrganisationIds: [] }, proA, true, origin))).toBe("not-found");
    expect(await codeOf(dashboard(sup))).toBe("not-found");
  });
});

describe("organisations", () => {
  it("create, edit, search, sort and page; each change audited with before and after", async () => {
    const { id } = await createOrganisation(admin, orgForm(), origin);
    await updateOrganisation(admin, id, orgForm({ city: "Assen", storageQuota: "2,5" }), origin);
    const trail = await auditTrail(admin, { organisationId: id });
    expect(trail.map((t) => t.action)).toEqual(["organisation.updated", "organisation.created"]);
    expect(trail[0]).toMatchObject({ actorName: "Anna Admin", before: { city: "Groningen" }, after: { city: "Assen", storageQuotaBytes: 2.5 * 1024 ** 3 } });
    // A phone number is never kept whole in the audit log: the contact phone's change shows its last digits.
    await updateOrganisation(admin, id, orgForm({ city: "Assen", storageQuota: "2,5", contactPhone: "050 123 4567" }), origin);
    const [phoneChange] = await auditTrail(admin, { organisationId: id });
    expect(phoneChange).toMatchObject({ before: { contactPhone: null }, after: { contactPhone: "*******567" } });
    expect(JSON.stringify(await database.handle.db.select().from(auditLog).where(eq(auditLog.subjectId, id)))).not.toMatch(/123.?4567/);
    // The organisation itself keeps the number as typed.
    expect((await organisationDetail(admin, id)).organisation).toMatchObject({ contactPhone: "050 123 4567" });
    expect((await listOrganisations(admin, { q: "assen" })).rows.map((r) => r.name)).toEqual(["Apotheek Noord"]);
    expect((await listOrganisations(admin, { q: "%" })).rows).toEqual([]);
    const byName = await listOrganisations(admin, { sort: "name", dir: "desc" });
    expect(byName.rows.map((r) => r.name)).toEqual(["Praktijk West", "Praktijk Oost", "Apotheek Noord"]);
    expect(byName.rows.find((r) => r.name === "Praktijk Oost")).toMatchObject({ professionals: 1, supervisors: 1 });
    for (let i = 0; i < 21; i++) await factoryOrganisation({ name: `Zorg ${String(i).padStart(2, "0")}` });
    const page2 = await listOrganisations(admin, { sort: "name", page: 2 });
    expect(page2).toMatchObject({ total: 24, page: 2, pages: 2 });
    expect(page2.rows).toHaveLength(4);
    expect(await codeOf(updateOrganisation(admin, "no-such-org", orgForm(), origin))).toBe("not-found");
  });

  it("validates every field with a message key", () => {
    const parsed = organisationSchema.safeParse({ name: "", kind: "castle", contactEmail: "x@", contactPhone: "abc", storageQuota: "-1" });
    expect(parsed.success).toBe(false);
    const fields = Object.fromEntries(parsed.error!.issues.map((i) => [i.path[0], i.message]));
    expect(fields).toMatchObject({
      name: "people:validation.nameRequired",
      kind: "people:validation.kindInvalid",
      contactEmail: "people:validation.emailInvalid",
      contactPhone: "people:validation.phoneInvalid",
      storageQuota: "people:validation.quotaInvalid",
    });
  });

  it("a deactivated organisation's professionals are signed out and cannot sign in; reactivating lets them in again", async () => {
    const signedIn = await signInWithPassword({ email: "pro@oost.test", password: PW }, new Headers(), origin);
    expect(signedIn.ok).toBe(true);
    await setOrganisationActive(admin, orgA, false, origin);
    expect(await database.handle.db.select().from(session).where(eq(session.userId, proA))).toEqual([]);
    if (signedIn.ok) expect(await loadSessionUser(new Headers({ cookie: signedIn.setCookies.map((c) => c.split(";")[0]).join("; ") }))).toBeNull();
    // Its own message, but only after a correct password: a guesser learns nothing about the organisation.
    expect(await signInWithPassword({ email: "pro@oost.test", password: PW }, new Headers(), origin)).toEqual({ ok: false, code: "organisation-inactive" });
    expect(await signInWithPassword({ email: "pro@oost.test", password: `${PW}-wrong` }, new Headers(), origin)).toEqual({ ok: false, code: "wrong-credentials" });
    expect(await signInWithPassword({ email: "nobody@oost.test", password: PW }, new Headers(), origin)).toEqual({ ok: false, code: "wrong-credentials" });
    // Other roles are not affected: the supervisor of that organisation still signs in.
    expect((await signInWithPassword({ email: "sup@casus.test", password: PW }, new Headers(), origin)).ok).toBe(true);
    expect((await database.handle.db.select().from(professional).where(eq(professional.userId, proA))).length).toBe(1);
    await setOrganisationActive(admin, orgA, true, origin);
    expect((await signInWithPassword({ email: "pro@oost.test", password: PW }, new Headers(), origin)).ok).toBe(true);
    const actions = (await auditTrail(admin, { organisationId: orgA })).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["organisation.deactivated", "organisation.reactivated"]));
  });

  it("assign and unassign supervisors", async () => {
    await assignSupervisor(admin, orgB, supervisorId, origin);
    expect((await organisationDetail(admin, orgB)).supervisors.rows.map((s) => s.id)).toEqual([supervisorId]);
    await unassignSupervisor(admin, orgB, supervisorId, origin);
    expect((await organisationDetail(admin, orgB)).supervisors.rows).toEqual([]);
    expect(await codeOf(unassignSupervisor(admin, orgB, supervisorId, origin))).toBe("not-found");
    expect(await codeOf(organisationDetail(admin, "no-such-org"))).toBe("not-found");
  });
});

describe("professionals", () => {
  it("a proId outside the orgId is not found, exactly like an unknown one", async () => {
    expect((await professionalDetail(admin, orgA, proA)).professional.name).toBe("Pieter Pro");
    expect(await codeOf(professionalDetail(admin, orgB, proA))).toBe("not-found");
    expect(await codeOf(professionalDetail(admin, orgA, "nobody"))).toBe("not-found");
    // Ids that are no record ids (a NUL byte was a PostgreSQL error, a 500) are unknown, like ones that do not exist.
    expect(await codeOf(professionalDetail(admin, orgA, "\0"))).toBe("not-found");
    expect(await codeOf(professionalDetail(admin, "\0", proA))).toBe("not-found");
  });

  it("disable signs out everywhere and blocks sign-in; enable lets them in again", async () => {
    await signInWithPassword({ email: "pro@oost.test", password: PW }, new Headers(), origin);
    await setUserDisabled(admin, proA, true, origin);
    expect(await database.handle.db.select().from(session).where(eq(session.userId, proA))).toEqual([]);
    expect(await signInWithPassword({ email: "pro@oost.test", password: PW }, new Headers(), origin)).toEqual({ ok: false, code: "user-disabled" });
    await setUserDisabled(admin, proA, false, origin);
    expect((await signInWithPassword({ email: "pro@oost.test", password: PW }, new Headers(), origin)).ok).toBe(true);
    const trail = (await auditTrail(admin, { userIds: [proA] })).filter((t) => t.action.startsWith("user."));
    expect(trail.slice(0, 2)).toMatchObject([
      { action: "user.enabled", before: { disabled: true }, after: { disabled: false } },
      { action: "user.disabled", before: { disabled: false }, after: { disabled: true } },
    ]);
  });

  it("move: names what moves, takes the dossiers along, refuses inactive targets", async () => {
    expect(await movePreview(admin, orgA, proA, orgB)).toEqual({ name: "Pieter Pro", from: "Praktijk Oost", to: "Praktijk West", toActive: true, dossiers: 2 });
    const inactive = (await factoryOrganisation({ name: "Gesloten" })).id;
    await setOrganisationActive(admin, inactive, false, origin);
    expect(await codeOf(moveProfessional(admin, orgA, proA, inactive, origin))).toBe("organisation-inactive");
    expect(await codeOf(moveProfessional(admin, orgB, proA, orgA, origin))).toBe("not-found");
    await moveProfessional(admin, orgA, proA, orgB, origin);
    expect((await professionalDetail(admin, orgB, proA)).dossiers).toHaveLength(2);
    expect(await codeOf(professionalDetail(admin, orgA, proA))).toBe("not-found");
    const moved = await database.handle.db.select().from(dossier).where(eq(dossier.professionalId, proA));
    expect(moved.every((d) => d.organisationId === orgB)).toBe(true);
    await moveProfessional(admin, orgB, proA, orgA, origin);
  });

  it("reset second factor is audited, with the request it came from", async () => {
    await resetUserSecondFactor(admin, proA, origin);
    const [entry] = await database.handle.db.select().from(auditLog).where(eq(auditLog.action, "auth.second-factor-reset"));
    expect(entry).toMatchObject({ actorId: admin.id, subjectId: proA, requestId: "req", ipAddress: "127.0.0.1" });
    expect(await codeOf(resetUserSecondFactor(admin, "nobody", origin))).toBe("not-found");
  });
});

describe("administrators and supervisors", () => {
  it("nobody disables themselves", async () => {
    expect(await codeOf(setUserDisabled(admin, admin.id, true, origin))).toBe("self-disable");
  });

  it("nobody resets their own second factor here: that is the account page's, behind a recent sign-in", async () => {
    const db = database.handle.db;
    await db.insert(twoFactor).values({ id: "own-factor", secret: "secret", backupCodes: "codes", userId: admin.id });
    await db.update(user).set({ twoFactorEnabled: true }).where(eq(user.id, admin.id));
    try {
      // The person action the administrator, supervisor and professional pages share, with one's own id.
      expect(await runPersonAction(admin, "reset-2fa", admin.id, origin)).toEqual({ ok: false, error: "self-second-factor-reset" });
      expect(await codeOf(resetUserSecondFactor(admin, admin.id, origin))).toBe("self-second-factor-reset");
      expect(await db.select({ id: twoFactor.id }).from(twoFactor).where(eq(twoFactor.userId, admin.id))).toEqual([{ id: "own-factor" }]);
      const [row] = await db.select({ enabled: user.twoFactorEnabled }).from(user).where(eq(user.id, admin.id));
      expect(row.enabled).toBe(true);
      expect(await db.select().from(auditLog).where(and(eq(auditLog.action, "auth.second-factor-reset"), eq(auditLog.subjectId, admin.id)))).toEqual([]);
    } finally {
      await db.delete(twoFactor).where(eq(twoFactor.userId, admin.id));
      await db.update(user).set({ twoFactorEnabled: false }).where(eq(user.id, admin.id));
    }
  });

  it("the last active admin can be neither disabled nor demoted", async () => {
    await setUserDisabled(admin, admin2.id, true, origin);
    // Anna is now the only active admin: Bart (disabled) cannot take her rights away, and she cannot lose them.
    expect(await codeOf(demoteAdministrator(admin, admin.id, origin))).toBe("last-admin");
    expect(await codeOf(setUserDisabled(admin2, admin.id, true, origin))).toBe("last-admin");
    await setUserDisabled(admin, admin2.id, false, origin);
    await demoteAdministrator(admin, admin2.id, origin);
    const [bart] = await database.handle.db.select().from(user).where(eq(user.id, admin2.id));
    expect(bart.role).toBe("supervisor");
    expect((await listAdministrators(admin)).rows.map((a) => a.name)).toEqual(["Anna Admin"]);
    expect(await codeOf(setUserDisabled({ id: bart.id, role: "supervisor", organisationId: null, supervisedOrganisationIds: [] }, admin.id, true, origin))).toBe("not-found");
  });

  it("two admins disabling each other at once leave one active", async () => {
    const c = { id: (await createAdmin({ email: "a3@casus.test", name: "Cor Admin", password: PW })).id, role: "admin" as const, organisationId: null, supervisedOrganisationIds: [] };
    await setUserDisabled(admin, admin.id === c.id ? admin.id : c.id, false, origin);
    // Only Anna and Cor are active admins now.
    const results = await Promise.allSettled([setUserDisabled(admin, c.id, true, origin), setUserDisabled(c, admin.id, true, origin)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const active = (await listAdministrators(admin)).rows.filter((a) => !a.banned);
    expect(active).toHaveLength(1);
    // Put things back for the tests below.
    const survivor = active[0].id === admin.id ? admin : c;
    await setUserDisabled(survivor, survivor.id === admin.id ? c.id : admin.id, false, origin);
  });

  it("supervisor edit replaces specialty and organisations, audited before/after", async () => {
    await updateSupervisor(admin, supervisorId, { specialty: "ent", organisationIds: [orgB, orgA, orgB] }, origin);
    const rows = await database.handle.db.select().from(supervisorOrganisation).where(eq(supervisorOrganisation.supervisorId, supervisorId));
    expect(rows.map((r) => r.organisationId).sort()).toEqual([orgA, orgB].sort());
    const [entry] = await auditTrail(admin, { userIds: [supervisorId] });
    expect(entry).toMatchObject({ action: "supervisor.updated", before: { specialty: "gp", organisationIds: [orgA] }, after: { specialty: "ent" } });
    expect(await codeOf(updateSupervisor(admin, supervisorId, { specialty: "ent", organisationIds: ["nope"] }, origin))).toBe("not-found");
  });
});

describe("CSV import", () => {
  it("parses commas, semicolons and quotes", () => {
    expect(parseCsv('naam;e-mail;functie\r\n"Jansen; J.";j@x.test;"Assistent ""A"""\n\n')).toEqual([
      ["naam", "e-mail", "functie"],
      ["Jansen; J.", "j@x.test", 'Assistent "A"'],
    ]);
  });

  it("previews every row's problems and writes nothing until all rows are valid", async () => {
    const bad = ["name,email,job title", "Eva Eerst,eva@oost.test,Assistent", ",geen-adres,", "Dubbel,eva@oost.test,", "Bestaand,pro@oost.test,", "Te veel,x@oost.test,a,b"].join("\n");
    const preview = await previewProfessionalsCsv(admin, bad);
    expect(preview.rows.map((r) => r.errors)).toEqual([
      {},
      { name: "people:validation.nameRequired", email: "people:validation.emailInvalid" },
      { email: "people:import.duplicateInFile" },
      { email: "people:import.emailTaken" },
      { form: "people:import.tooManyColumns" },
    ]);
    const before = (await database.handle.db.select().from(user)).length;
    expect((await importProfessionalsCsv(admin, orgA, bad, "nl", origin)).ok).toBe(false);
    expect(await database.handle.db.select().from(user)).toHaveLength(before);

    const mailCount = (await mails()).length;
    const good = "Eva Eerst,eva@oost.test,Assistent\nFrans Fris;frans@oost.test".replace(";", ",");
    expect(await importProfessionalsCsv(admin, orgA, good, "fr", origin)).toEqual({ ok: true, invited: 2, mailFailed: 0 });
    const sent = (await mails()).slice(mailCount);
    expect(sent.map((m) => [m.to, m.language])).toEqual([
      ["eva@oost.test", "fr"],
      ["frans@oost.test", "fr"],
    ]);
    expect((await organisationDetail(admin, orgA)).professionals.rows.filter((p) => p.invitation === "pending").map((p) => p.name)).toEqual(["Eva Eerst", "Frans Fris"]);
  });
});

describe("dashboard", () => {
  it("counts, pending invitations, recent admin activity and service health", async () => {
    const data = await dashboard(admin);
    expect(data.counts).toMatchObject({ professionals: 3, administrators: 2 });
    expect(data.dossiers).toEqual({ submitted: 1, draft: 1 });
    expect(data.pending.map((p) => p.email).sort()).toEqual(["eva@oost.test", "frans@oost.test"]);
    expect(data.activity.length).toBeGreaterThan(0);
    expect(await serviceHealth(admin)).toMatchObject({ database: { state: "ok" }, storage: { state: "ok", detail: "disk" }, mail: { state: "ok", detail: "outbox" } });
  });
});

// Last: it adds people the counts above do not expect.
describe("moving a professional with dossiers", () => {
  it("move: each dossier gets a move event, its patient becomes the new organisation's, a dossier in review is released", async () => {
    const db = database.handle.db;
    const asPro = (id: string, organisationId: string) => ({ id, role: "professional" as const, organisationId, supervisedOrganisationIds: [] });
    const mover = asPro((await createProfessional({ email: "mover@oost.test", name: "Mover", password: PW, organisationId: orgA })).id, orgA);
    const west = asPro((await createProfessional({ email: "pro@west.test", name: "West", password: PW, organisationId: orgB })).id, orgB);
    // The patient with phone ...11 is known in West already; ...22 is not.
    const westDossier = await startDossier(west, { phone: "0611111111", earSide: "left" });
    const known = await startDossier(mover, { phone: "0611111111", earSide: "left" });
    const fresh = await startDossier(mover, { phone: "0622222222", earSide: "right", initials: "J.B.", birthYear: 1950 });
    const still = await insertDemoStill({ id: mover.id, organisationId: orgA }, { storeBytes: false });
    await attachMedium(mover, known.id, { mediaId: still, ear: "left" });
    await db.update(dossier).set({ status: "in_review", reviewerId: supervisorId }).where(eq(dossier.id, fresh.id));

    await moveProfessional(admin, orgA, mover.id, orgB, origin);
    // The dossier's media went along: the professional, now in West, still sees them.
    const moverInWest = { ...mover, organisationId: orgB };
    expect((await dossierMediaViews(moverInWest, known.id)).map((m) => m.mediaId)).toEqual([still]);

    const rows = await db.select().from(dossier).where(eq(dossier.professionalId, mover.id));
    expect(rows.every((d) => d.organisationId === orgB)).toBe(true);
    const byId = new Map(rows.map((d) => [d.id, d]));
    expect(byId.get(known.id)!.patientId).toBe(westDossier.patientId);
    const [newPatient] = await db.select().from(patient).where(eq(patient.id, byId.get(fresh.id)!.patientId!));
    expect(newPatient).toMatchObject({ organisationId: orgB, phone: "+31622222222", initials: "J.B.", birthYear: 1950 });
    // The old organisation keeps its patient rows (other dossiers may name them).
    const [oldPatient] = await db.select().from(patient).where(eq(patient.id, fresh.patientId));
    expect(oldPatient.organisationId).toBe(orgA);
    // The patient's history in the new organisation has both dossiers.
    expect((await patientHistory(west, "0611111111")).rows.map((r) => r.id).sort()).toEqual([westDossier.id, known.id].sort());
    // Released: the old organisation's reviewer can no longer act; the new one's supervisors can claim it.
    expect(byId.get(fresh.id)).toMatchObject({ status: "submitted", reviewerId: null });

    const eventsOf = async (id: string) =>
      (await db.select().from(dossierEvent).where(eq(dossierEvent.dossierId, id)).orderBy(asc(dossierEvent.seq))).map((e) => [e.kind, e.fromStatus, e.toStatus, e.organisationId, e.actorId, e.detail]);
    const move = ["move", null, null, orgB, admin.id, { fromOrganisationId: orgA, toOrganisationId: orgB }];
    // (The professional's read of the media above is a logged view: left out here.)
    const knownEvents = (await eventsOf(known.id)).filter((e) => e[0] !== "view");
    expect([knownEvents[0], knownEvents.at(-1)]).toEqual([["create", null, "draft", orgA, mover.id, null], move]);
    expect(knownEvents.map((e) => e[0])).toEqual(["create", "edit", "move"]);
    expect((await eventsOf(fresh.id)).slice(1)).toEqual([["release", "in_review", "submitted", orgA, admin.id, { reason: "professional-moved" }], move]);
  });

  it("a dossier started by a request that began before the move lands in the new organisation, not the old one", async () => {
    const db = database.handle.db;
    const id = (await createProfessional({ email: "racer@oost.test", name: "Racer", password: PW, organisationId: orgA })).id;
    // The actor as the request built it from the session, before the administrator's move committed.
    const asBefore = { id, role: "professional" as const, organisationId: orgA, supervisedOrganisationIds: [] };
    await moveProfessional(admin, orgA, id, orgB, origin);
    const started = await startDossier(asBefore, { phone: "0633333333", earSide: "left" });
    const [row] = await db.select().from(dossier).where(eq(dossier.id, started.id));
    expect(row.organisationId).toBe(orgB);
    const [itsPatient] = await db.select().from(patient).where(eq(patient.id, started.patientId));
    expect(itsPatient.organisationId).toBe(orgB);
    // A colleague in the old organisation does not find the patient's history there (it would list the dossier).
    const colleague = { id: (await createProfessional({ email: "collega@oost.test", name: "Collega", password: PW, organisationId: orgA })).id, role: "professional" as const, organisationId: orgA, supervisedOrganisationIds: [] };
    expect((await patientHistory(colleague, "0633333333")).rows).toEqual([]);
  });

  it("a patient left behind by a move, looked up by number in the old organisation, is a logged read though no dossier is listed", async () => {
    const db = database.handle.db;
    const mover = { id: (await createProfessional({ email: "leaver@oost.test", name: "Leaver", password: PW, organisationId: orgA })).id, role: "professional" as const, organisationId: orgA, supervisedOrganisationIds: [] };
    const colleague = { id: (await createProfessional({ email: "stayer@oost.test", name: "Stayer", password: PW, organisationId: orgA })).id, role: "professional" as const, organisationId: orgA, supervisedOrganisationIds: [] };
    const started = await startDossier(mover, { phone: "0644444444", earSide: "left", initials: "K.L.", birthYear: 1961 });
    await moveProfessional(admin, orgA, mover.id, orgB, origin);
    // The old organisation keeps its patient row: the page shows who it is, with no dossier.
    const history = await patientHistory(colleague, "0644444444", { requestId: "left-behind" });
    expect(history).toMatchObject({ patient: { initials: "K.L.", birthYear: 1961, organisationId: orgA }, rows: [] });
    const [read] = await db.select().from(auditLog).where(and(eq(auditLog.actorId, colleague.id), eq(auditLog.requestId, "left-behind")));
    expect(read).toMatchObject({ action: "dossier.list-read", subjectId: "patient-history", after: { patientId: started.patientId, dossierIds: [], grant: "organisation-professional" } });
  });
});

describe("a supervisor who can no longer act on what they are reviewing", () => {
  it("unassigned from an organisation, given fewer organisations, or disabled: their dossiers in review there go back to the queue", async () => {
    const db = database.handle.db;
    const proB = (await createProfessional({ email: "pro@west-release.test", name: "Wim West", password: PW, organisationId: orgB })).id;
    const reviewer = (await createSupervisor({ email: "rev@casus.test", name: "Rik Reviewer", password: PW, organisationIds: [orgA, orgB] })).id;
    const colleague = (await createSupervisor({ email: "col@casus.test", name: "Cato Colleague", password: PW, organisationIds: [orgA, orgB] })).id;
    const inReview = async (organisationId: string, professionalId: string, by: string) => {
      const row = await createDossier({ organisationId, professionalId, status: "in_review" });
      await db.update(dossier).set({ reviewerId: by }).where(eq(dossier.id, row.id));
      return row.id;
    };
    const inA = await inReview(orgA, proA, reviewer);
    const inB = await inReview(orgB, proB, reviewer);
    const colleaguesInA = await inReview(orgA, proA, colleague);
    const stateOf = async (id: string) => {
      const [row] = await db.select({ status: dossier.status, reviewerId: dossier.reviewerId }).from(dossier).where(eq(dossier.id, id));
      return row;
    };
    const releasesOf = async (id: string) =>
      (await db.select().from(dossierEvent).where(and(eq(dossierEvent.dossierId, id), eq(dossierEvent.kind, "release")))).map((e) => [e.fromStatus, e.toStatus, e.actorId, e.organisationId, e.detail]);

    // Unassigned from Oost: the dossier they reviewed there is submitted again, with a release event by the admin.
    await unassignSupervisor(admin, orgA, reviewer, origin);
    expect(await stateOf(inA)).toEqual({ status: "submitted", reviewerId: null });
    expect(await releasesOf(inA)).toEqual([["in_review", "submitted", admin.id, orgA, { reason: "supervisor-unassigned" }]]);
    // West is still theirs, and a colleague's review in Oost is the colleague's.
    expect(await stateOf(inB)).toEqual({ status: "in_review", reviewerId: reviewer });
    expect(await stateOf(colleaguesInA)).toEqual({ status: "in_review", reviewerId: colleague });
    // The organisation's other supervisor can claim it now (before, nobody could act on it).
    const colleagueActor = { id: colleague, role: "supervisor" as const, organisationId: null, supervisedOrganisationIds: [orgA, orgB] };
    expect(await transitionDossier(colleagueActor, inA, "claim")).toMatchObject({ status: "in_review" });

    // The supervisor's page, saved without West: the same for West.
    await updateSupervisor(admin, reviewer, { specialty: "gp", organisationIds: [] }, origin);
    expect(await stateOf(inB)).toEqual({ status: "submitted", reviewerId: null });
    expect(await releasesOf(inB)).toEqual([["in_review", "submitted", admin.id, orgB, { reason: "supervisor-unassigned" }]]);

    // Disabled: everything they review, in every organisation, goes back.
    await db.update(dossier).set({ status: "in_review", reviewerId: colleague }).where(eq(dossier.id, inB));
    await setUserDisabled(admin, colleague, true, origin);
    expect([await stateOf(inA), await stateOf(inB), await stateOf(colleaguesInA)]).toEqual([
      { status: "submitted", reviewerId: null },
      { status: "submitted", reviewerId: null },
      { status: "submitted", reviewerId: null },
    ]);
    expect((await releasesOf(colleaguesInA)).map((r) => r[4])).toEqual([{ reason: "supervisor-disabled" }]);
  });
});
