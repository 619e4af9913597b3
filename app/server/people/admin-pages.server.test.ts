/**
 * The admin pages' people lists are paged and searchable (issue 13: no page renders an unbounded list), and a
 * selected person is found by id, wherever they are in the list.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { ADMIN_PAGE_SIZE, ADMIN_SEARCH_MAX, CHOICES_MAX } from "~/domain/constants";
import { recordAudit } from "../audit/audit.server";
import { systemDb } from "../db/client.server";
import { organisation, professional, supervisor, supervisorOrganisation, user } from "../db/schema";
import { createOrganisation } from "../demo/factories.server";
import type { Actor } from "./access.server";
import { adminListQuery, containsPattern } from "./admin-pages.server";
import { auditTrail } from "./audit-trail.server";
import { assignableSupervisors, moveTargets, organisationChoices, organisationDetail } from "./organisations.server";
import { administratorById, listAdministrators, listSupervisors, supervisorById } from "./staff.server";

let database: TestDatabase;
let orgA: string;
let orgB: string;
/** An organisation with 25 assigned supervisors. */
let orgC: string;
const admin: Actor = { id: "admin-0", role: "admin", organisationId: null, supervisedOrganisationIds: [] };
const two = (n: number) => String(n).padStart(2, "0");

/** Made-up staff written straight into the tables: the lists only read them, and 100 sign-ups would be slow. */
async function insertPeople(role: string, count: number, name: (i: number) => string, id: (i: number) => string) {
  await systemDb()
    .insert(user)
    .values(Array.from({ length: count }, (_, i) => ({ id: id(i), name: name(i), email: `${id(i)}@staff.test`, role, emailVerified: true })));
}

beforeAll(async () => {
  database = await createTestDatabase();
  orgA = (await createOrganisation({ name: "Praktijk Paging" })).id;
  orgB = (await createOrganisation({ name: "Praktijk Elders" })).id;
  orgC = (await createOrganisation({ name: "Praktijk Veel Supervisors" })).id;
  // 45 supervisors "Sup 00" … "Sup 44", inserted in reverse so the order comes from the query, not the table.
  await insertPeople("supervisor", 45, (i) => `Sup ${two(44 - i)}`, (i) => `sup-${two(44 - i)}`);
  await systemDb()
    .insert(supervisor)
    .values(Array.from({ length: 45 }, (_, i) => ({ userId: `sup-${two(i)}`, specialty: "gp" })));
  await insertPeople("admin", 3, (i) => ["Anna Admin", "Bart 100% Beheer", "Cor Admin"][i], (i) => `admin-${i}`);
  await insertPeople("professional", 25, (i) => `Pro ${two(i)}`, (i) => `pro-${two(i)}`);
  await insertPeople("professional", 2, (i) => `Pro elders ${i}`, (i) => `other-${i}`);
  await systemDb()
    .insert(professional)
    .values([
      ...Array.from({ length: 25 }, (_, i) => ({ userId: `pro-${two(i)}`, organisationId: orgA })),
      { userId: "other-0", organisationId: orgB },
      { userId: "other-1", organisationId: orgB },
    ]);
});
afterAll(async () => {
  await database?.close();
});

describe("the page and search asked for", () => {
  it("reads ?page= as a whole page number of at least 1, whatever was typed", () => {
    const pageOf = (raw: string) => adminListQuery(new URLSearchParams({ page: raw })).page;
    expect(pageOf("3")).toBe(3);
    expect(pageOf("2.7")).toBe(2);
    expect(pageOf("0")).toBe(1);
    expect(pageOf("-4")).toBe(1);
    expect(pageOf("abc")).toBe(1);
    expect(pageOf("Infinity")).toBe(1);
    // Far past any list; clamped so that OFFSET stays an exact integer (a 500 before).
    expect(pageOf("1e21")).toBe(Math.floor(Number.MAX_SAFE_INTEGER / ADMIN_PAGE_SIZE) - 1);
    expect(adminListQuery(new URLSearchParams()).page).toBe(1);
  });

  it("trims the search and cuts it to its maximum length", () => {
    expect(adminListQuery(new URLSearchParams({ q: "  sup 1  " })).q).toBe("sup 1");
    expect(adminListQuery(new URLSearchParams({ q: "x".repeat(500) })).q).toHaveLength(ADMIN_SEARCH_MAX);
  });

  it("drops control characters from a search: no name holds one, and PostgreSQL refuses a NUL (a 500 before)", async () => {
    expect(adminListQuery(new URLSearchParams({ q: "\0" })).q).toBe("");
    expect(adminListQuery(new URLSearchParams({ q: " sup\u0000 4\u001b " })).q).toBe("sup 4");
    expect(containsPattern("\0")).toBeNull();
    expect(containsPattern("a\0b")).toBe("%ab%");
    // Straight to the lists, past the query readers: the pattern is made safe where it is built.
    expect((await listSupervisors(admin, { q: "\0" })).total).toBe(45);
    expect((await listAdministrators(admin, { q: "cor\0" })).rows.map((a) => a.name)).toEqual(["Cor Admin"]);
    expect((await organisationDetail(admin, orgA, { q: "pro 2\0" }, "\0")).professionals.total).toBe(5);
    expect((await moveTargets(admin, orgA, "\0")).total).toBeGreaterThan(0);
  });

  it("answers an organisation id that is no record id (a NUL) as unknown, without asking the database", async () => {
    await expect(organisationDetail(admin, "\0")).rejects.toMatchObject({ code: "not-found" });
    await expect(organisationDetail(admin, `${orgA}\0`)).rejects.toMatchObject({ code: "not-found" });
  });

  it("takes %, _ and \\ in a search literally", () => {
    expect(containsPattern("")).toBeNull();
    expect(containsPattern("   ")).toBeNull();
    expect(containsPattern("100%_a\\b")).toBe("%100\\%\\_a\\\\b%");
  });
});

describe("supervisors", () => {
  it("are listed a page at a time, by name, and a page past the end shows the last one", async () => {
    const first = await listSupervisors(admin, { page: 1 });
    expect(first).toMatchObject({ total: 45, page: 1, pages: 3 });
    expect(first.rows.map((s) => s.name)).toEqual(Array.from({ length: ADMIN_PAGE_SIZE }, (_, i) => `Sup ${two(i)}`));
    const last = await listSupervisors(admin, { page: 3 });
    expect(last.rows.map((s) => s.name)).toEqual(["Sup 40", "Sup 41", "Sup 42", "Sup 43", "Sup 44"]);
    expect(await listSupervisors(admin, { page: 99 })).toMatchObject({ page: 3, rows: last.rows });
  });

  it("are searched by name or e-mail, case-insensitively", async () => {
    expect((await listSupervisors(admin, { q: "sup 4" })).rows.map((s) => s.name)).toEqual(["Sup 40", "Sup 41", "Sup 42", "Sup 43", "Sup 44"]);
    expect((await listSupervisors(admin, { q: "SUP-07@STAFF" })).rows.map((s) => s.id)).toEqual(["sup-07"]);
    expect(await listSupervisors(admin, { q: "nobody here" })).toMatchObject({ total: 0, page: 1, pages: 1, rows: [] });
  });

  it("one is found by id wherever they are in the list; an administrator's id is not a supervisor's", async () => {
    expect(await supervisorById(admin, "sup-44")).toMatchObject({ id: "sup-44", name: "Sup 44", specialty: "gp", invitation: "none", organisations: [] });
    expect(await supervisorById(admin, "admin-1")).toBeNull();
    expect(await supervisorById(admin, "no-such-person")).toBeNull();
  });

  it("are not listed for anyone but an administrator", async () => {
    const sup: Actor = { id: "sup-00", role: "supervisor", organisationId: null, supervisedOrganisationIds: [] };
    await expect(listSupervisors(sup, {})).rejects.toMatchObject({ code: "not-found" });
    await expect(supervisorById(sup, "sup-01")).rejects.toMatchObject({ code: "not-found" });
  });
});

describe("administrators", () => {
  it("are searched with a literal %", async () => {
    expect((await listAdministrators(admin, {})).total).toBe(3);
    expect((await listAdministrators(admin, { q: "100%" })).rows.map((a) => a.name)).toEqual(["Bart 100% Beheer"]);
    // Unescaped, "%" would match everyone.
    expect((await listAdministrators(admin, { q: "%" })).rows.map((a) => a.name)).toEqual(["Bart 100% Beheer"]);
    expect(await administratorById(admin, "admin-2")).toMatchObject({ name: "Cor Admin" });
    expect(await administratorById(admin, "sup-01")).toBeNull();
  });
});

describe("an organisation's professionals", () => {
  it("are paged and searched within the organisation; the deactivation still counts all of them", async () => {
    const page2 = await organisationDetail(admin, orgA, { page: 2 });
    expect(page2.professionals).toMatchObject({ total: 25, page: 2, pages: 2 });
    expect(page2.professionals.rows.map((p) => p.name)).toEqual(["Pro 20", "Pro 21", "Pro 22", "Pro 23", "Pro 24"]);
    expect(page2.professionalTotal).toBe(25);
    const searched = await organisationDetail(admin, orgA, { q: "pro 1" });
    expect(searched.professionals.rows.map((p) => p.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Pro 1${i}`));
    expect(searched.professionalTotal).toBe(25);
    // The other organisation's professional matches the search text, but is not this organisation's.
    expect((await organisationDetail(admin, orgA, { q: "elders" })).professionals.total).toBe(0);
  });

  it("their audit entries show on the organisation's page, whichever page they are on; another organisation's do not", async () => {
    await recordAudit({ action: "user.disabled", actorId: "admin-0", subjectType: "user", subjectId: "pro-24" });
    await recordAudit({ action: "user.disabled", actorId: "admin-0", subjectType: "user", subjectId: "other-0" });
    const trail = await auditTrail(admin, { organisationId: orgA, professionalsOf: orgA });
    expect(trail.map((e) => e.subjectId)).toEqual(["pro-24"]);
    expect((await auditTrail(admin, { professionalsOf: orgB })).map((e) => e.subjectId)).toEqual(["other-0"]);
  });
});

describe("an organisation's assigned supervisors", () => {
  it("are listed a page at a time, by name; the one being unassigned is found by id on any page", async () => {
    // 25 of the 45 supervisors, Sup 44 down to Sup 20, assigned in that order (the list's order is the query's).
    const assigned = Array.from({ length: 25 }, (_, i) => `sup-${two(44 - i)}`);
    await systemDb()
      .insert(supervisorOrganisation)
      .values(assigned.map((supervisorId) => ({ supervisorId, organisationId: orgC })));
    const first = await organisationDetail(admin, orgC);
    expect(first.supervisors).toMatchObject({ total: 25, page: 1, pages: 2 });
    expect(first.supervisors.rows.map((s) => s.name)).toEqual(Array.from({ length: ADMIN_PAGE_SIZE }, (_, i) => `Sup ${two(20 + i)}`));
    const second = await organisationDetail(admin, orgC, {}, "", { supervisorPage: 2 });
    expect(second.supervisors.rows.map((s) => s.name)).toEqual(["Sup 40", "Sup 41", "Sup 42", "Sup 43", "Sup 44"]);
    // A page past the end shows the last one; the professionals' page is its own.
    expect((await organisationDetail(admin, orgC, { page: 1 }, "", { supervisorPage: 99 })).supervisors).toMatchObject({ page: 2, rows: second.supervisors.rows });
    // Confirming the unassignment of Sup 44 (page 2) from page 1 still names them; someone not assigned here is null.
    expect((await organisationDetail(admin, orgC, {}, "", { confirmSupervisorId: "sup-44" })).confirmSupervisor).toMatchObject({ id: "sup-44", name: "Sup 44" });
    expect((await organisationDetail(admin, orgC, {}, "", { confirmSupervisorId: "sup-00" })).confirmSupervisor).toBeNull();
    expect((await organisationDetail(admin, orgC, {}, "", { confirmSupervisorId: "admin-1" })).confirmSupervisor).toBeNull();
    expect((await organisationDetail(admin, orgC)).confirmSupervisor).toBeNull();
  });
});

describe("the capped selects (assign a supervisor, move a professional)", () => {
  it("offer at most CHOICES_MAX supervisors not yet assigned, searched by name or e-mail, with how many match", async () => {
    // 45 + 10 = 55 supervisors; two of them assigned to orgA.
    await insertPeople("supervisor", 10, (i) => `Sup ${45 + i}`, (i) => `sup-${45 + i}`);
    await systemDb()
      .insert(supervisor)
      .values(Array.from({ length: 10 }, (_, i) => ({ userId: `sup-${45 + i}`, specialty: "gp" })));
    await systemDb().insert(supervisorOrganisation).values([{ supervisorId: "sup-00", organisationId: orgA }, { supervisorId: "sup-07", organisationId: orgA }]);

    const all = await assignableSupervisors(admin, orgA, "");
    expect(all.total).toBe(53);
    expect(all.rows).toHaveLength(CHOICES_MAX);
    expect(all.rows.map((s) => s.id)).not.toContain("sup-00");
    expect(all.rows[0]).toEqual({ id: "sup-01", name: "Sup 01", email: "sup-01@staff.test" });
    // A search finds the ones past the cap; an assigned supervisor is not offered, whatever the search.
    expect((await assignableSupervisors(admin, orgA, "sup 5")).rows.map((s) => s.name)).toEqual(["Sup 50", "Sup 51", "Sup 52", "Sup 53", "Sup 54"]);
    expect(await assignableSupervisors(admin, orgA, "sup-07@")).toEqual({ rows: [], total: 0 });
    expect((await assignableSupervisors(admin, orgB, "sup-07@")).total).toBe(1);
    // The organisation's page offers the same.
    expect((await organisationDetail(admin, orgA, {}, "sup 5")).assignable.total).toBe(5);
  });

  it("offer at most CHOICES_MAX active organisations to move to, never the professional's own, searched by name or city", async () => {
    await systemDb()
      .insert(organisation)
      .values(Array.from({ length: 55 }, (_, i) => ({ name: `Kliniek ${two(i)}`, kind: "gp-practice", city: i % 2 ? "Utrecht" : "Delft", active: i !== 3 })));
    const all = await moveTargets(admin, orgA, "");
    // 55 clinics (one inactive), orgB and orgC; not orgA itself.
    expect(all.total).toBe(56);
    expect(all.rows).toHaveLength(CHOICES_MAX);
    expect(all.rows.map((o) => o.id)).not.toContain(orgA);
    expect(all.rows.map((o) => o.name)).not.toContain("Kliniek 03");
    expect((await moveTargets(admin, orgA, "kliniek 5")).rows.map((o) => o.name)).toEqual(["Kliniek 50", "Kliniek 51", "Kliniek 52", "Kliniek 53", "Kliniek 54"]);
    expect((await moveTargets(admin, orgA, "delft")).total).toBe(28);
    expect((await moveTargets(admin, orgA, "%")).total).toBe(0);

    // The supervisors page's organisation checkboxes: every organisation, active or not, capped and searched.
    const checkboxes = await organisationChoices(admin);
    expect(checkboxes.total).toBe(58);
    expect(checkboxes.rows).toHaveLength(CHOICES_MAX);
    expect((await organisationChoices(admin, "kliniek 0")).rows.map((o) => o.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Kliniek 0${i}`));
    expect((await organisationChoices(admin, "utrecht")).total).toBe(27);
  });
});
