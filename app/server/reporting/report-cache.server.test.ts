/**
 * The data pages' cache (decision 077): a view is reused only while the roll-up of the viewer's organisations is
 * unchanged. The roll-up trigger counts its changes in `report_version`; these tests write dossiers the ways the
 * product does (and by plain SQL, as a data fix would) and check when a view is computed again.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import type { Actor } from "~/domain/access/actor";
import { parseReportFilters } from "~/domain/reporting/filters";
import { isoDay, localDayOf } from "~/domain/dossier/working-time";
import { reportingScope } from "../access/reporting-scope.server";
import { systemDb } from "../db/client.server";
import { dossier, reportVersion } from "../db/schema";
import { seedDemoData, type DemoData } from "../demo/seed-demo.server";
import { createSupervisor } from "../demo/factories.server";
import { cachedFigures, rollupVersion } from "./report-cache.server";
import { loadReport } from "./reports.server";

let database: TestDatabase;
let demo: DemoData;
let firstOnly: Actor;
/** The clinic's day, as on the pages (the UTC date is a day behind between midnight in the clinic and in UTC). */
const TODAY = isoDay(localDayOf(new Date()));
const filters = (query: string) => parseReportFilters(new URLSearchParams(query), TODAY).filters;

beforeAll(async () => {
  database = await createTestDatabase();
  demo = await seedDemoData();
  const s = await createSupervisor({ email: "first-only@casus.test", name: "Fien Eerste", password: "casus-test-2026-x", organisationIds: [demo.organisations[0].id], specialty: "gp" });
  firstOnly = { id: s.id, role: "supervisor", organisationId: null, supervisedOrganisationIds: [demo.organisations[0].id] };
}, 60_000);
afterAll(async () => {
  await database?.close();
});

const admin = (): Actor => ({ id: demo.adminId, role: "admin", organisationId: null, supervisedOrganisationIds: [] });
const otherAdmin = (): Actor => ({ id: "another-admin", role: "admin", organisationId: null, supervisedOrganisationIds: [] });

/** How many times a view was computed, through the cache, for `actor`. */
function counter(actor: Actor, view: unknown) {
  let computed = 0;
  return {
    get computed() {
      return computed;
    },
    async ask() {
      const scope = await reportingScope(actor, []);
      return cachedFigures(scope, view, async () => ++computed);
    },
  };
}

/** A dossier of the organisation in `status` ("any": whatever its status). */
async function oneOf(organisationId: string, status: string) {
  const [row] = await systemDb()
    .select()
    .from(dossier)
    .where(sql`${dossier.organisationId} = ${organisationId} and ${status === "any" ? sql`true` : sql`${dossier.status} = ${status}`}`)
    .limit(1);
  if (!row) throw new Error(`no ${status} dossier in ${organisationId}`);
  return row;
}

describe("the data pages' cache", () => {
  it("computes a view once while nothing it counts changes", async () => {
    const view = counter(admin(), ["once"]);
    await view.ask();
    await view.ask();
    await Promise.all([view.ask(), view.ask(), view.ask()]);
    expect(view.computed).toBe(1);
  });

  it("computes again after a write that changes the roll-up, and not after one that does not", async () => {
    const view = counter(admin(), ["writes"]);
    await view.ask();
    const draft = await oneOf(demo.organisations[0].id, "draft");

    // An autosave of the draft's text: nothing the roll-up counts.
    await systemDb().update(dossier).set({ anamnesis: sql`${dossier.anamnesis} || '{"note": "Jeuk sinds een week."}'::jsonb`, updatedAt: new Date() }).where(eq(dossier.id, draft.id));
    await view.ask();
    expect(view.computed).toBe(1);

    // Submitting it moves it to another status in the funnel.
    await systemDb().update(dossier).set({ status: "submitted", firstSubmittedAt: new Date() }).where(eq(dossier.id, draft.id));
    await view.ask();
    expect(view.computed).toBe(2);

    // A delete.
    await systemDb().delete(dossier).where(eq(dossier.id, draft.id));
    await view.ask();
    expect(view.computed).toBe(3);
  });

  it("shows a change on the page at the next request", async () => {
    const before = await loadReport(admin(), filters("period=year"));
    const again = await loadReport(admin(), filters("period=year"));
    expect(again).toBe(before);
    const submitted = await oneOf(demo.organisations[1].id, "submitted");
    await systemDb().update(dossier).set({ organisationId: demo.organisations[0].id }).where(eq(dossier.id, submitted.id));
    const after = await loadReport(admin(), filters("period=year"));
    expect(after).not.toBe(before);
    expect(after.tables).toEqual((await loadReport(admin(), filters("period=year"))).tables);
  });

  it("keeps a supervisor's view when only an organisation outside their reach changes", async () => {
    const view = counter(firstOnly, ["reach"]);
    await view.ask();
    const elsewhere = await oneOf(demo.organisations[1].id, "any");
    await systemDb()
      .update(dossier)
      .set({ status: elsewhere.status === "cancelled" ? "draft" : "cancelled" })
      .where(eq(dossier.id, elsewhere.id));
    await view.ask();
    expect(view.computed).toBe(1);
    const inside = await oneOf(demo.organisations[0].id, "any");
    await systemDb()
      .update(dossier)
      .set({ status: inside.status === "cancelled" ? "draft" : "cancelled" })
      .where(eq(dossier.id, inside.id));
    await view.ask();
    expect(view.computed).toBe(2);
  });

  it("gives every non-administrator their own entry, and administrators one between them", async () => {
    const supervisor: Actor = { id: demo.supervisorId, role: "supervisor", organisationId: null, supervisedOrganisationIds: demo.organisations.map((o) => o.id) };
    const a = counter(supervisor, ["who"]);
    const b = counter(firstOnly, ["who"]);
    await a.ask();
    await b.ask();
    expect([a.computed, b.computed]).toEqual([1, 1]);
    const one = counter(admin(), ["admins"]);
    const two = counter(otherAdmin(), ["admins"]);
    await one.ask();
    await two.ask();
    expect([one.computed, two.computed]).toEqual([1, 0]);
  });

  it("counts a rebuild of the roll-up as a change for everyone", async () => {
    const view = counter(firstOnly, ["rebuild"]);
    await view.ask();
    const scope = await reportingScope(firstOnly, []);
    const before = BigInt(await rollupVersion(scope));
    await systemDb().execute(sql`select report_facts_rebuild()`);
    expect(BigInt(await rollupVersion(scope))).toBe(before + 1n);
    await view.ask();
    expect(view.computed).toBe(2);
    const [blank] = await systemDb().select().from(reportVersion).where(eq(reportVersion.organisationId, ""));
    expect(blank.version).toBeGreaterThan(0);
  });

  it("does not keep a computation that failed", async () => {
    const scope = await reportingScope(admin(), []);
    let calls = 0;
    const failing = () => cachedFigures(scope, ["fails"], async () => {
      calls += 1;
      throw new Error("database went away");
    });
    await expect(failing()).rejects.toThrow("database went away");
    await expect(failing()).rejects.toThrow("database went away");
    expect(calls).toBe(2);
  });
});
