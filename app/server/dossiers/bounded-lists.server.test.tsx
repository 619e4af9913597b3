/**
 * The fast smoke benchmark of issue 13, run by `npm test` (the full benchmark is `npm run bench`, outside it). It
 * fails only on gross regressions, never on timing noise: every dossier list stays within its page size however
 * many dossiers exist, and a page's list queries plus rendering a full table stay far inside a generous CPU bound.
 */
import i18next from "i18next";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { MemoryRouter } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { DossierTable } from "~/components/dossier/dossier-table";
import { DOSSIER_PAGE_SIZE, HOME_RECENT_LIMIT } from "~/domain/constants";
import { i18nOptions } from "~/i18n/config";
import dossierMessages from "~/i18n/locales/en/dossier.json";
import { dossier, patient } from "../db/schema";
import { createOrganisation, createProfessional, createSupervisor } from "../demo/factories.server";
import type { Actor } from "./actor.server";
import { professionalHome } from "./home.server";
import { listOwnDossiers, patientHistory, supervisorQueue } from "./lists.server";
import { listUnfinished } from "./unfinished.server";

/** More than two pages of every kind of list. */
const DOSSIERS = DOSSIER_PAGE_SIZE * 3 + 7;
/**
 * CPU per smoke "page" (the list queries of the home, my dossiers and the queue on in-memory PGlite, and one full
 * table rendered): about 50 ms on the 2-core development machine. CPU time, not wall time, so a busy machine does
 * not slow it much; the bound is 5× a generous 60 ms, so only a gross regression (an unbounded list, a formatter or
 * a query per row) trips it.
 */
const CPU_MS_BOUND = 5 * 60;

let database: TestDatabase;
let pro: Actor;
let sup: Actor;
/** Every bulk dossier as written, for the lists' expected rows. */
let written: { id: string; status: string; reviewerId: string | null; at: Date }[];
const PHONE = "+31623456789";

beforeAll(async () => {
  database = await createTestDatabase();
  const org = await createOrganisation({ name: "Praktijk Bulk" });
  const password = "een-lang-wachtwoord-2026";
  pro = { id: (await createProfessional({ email: "bulk@pro.test", name: "Bulk", password, organisationId: org.id })).id, role: "professional", organisationId: org.id, supervisedOrganisationIds: [] };
  sup = { id: (await createSupervisor({ email: "bulk@sup.test", name: "Sup", password, organisationIds: [org.id] })).id, role: "supervisor", organisationId: null, supervisedOrganisationIds: [org.id] };
  const db = database.handle.db;
  const [{ id: patientId }] = await db.insert(patient).values({ organisationId: org.id, phone: PHONE }).returning({ id: patient.id });
  const now = Date.now();
  const statuses = ["submitted", "in_review", "completed", "returned", "draft"] as const;
  // Every kind of row: each status gets more than a page, all of one patient (history), and a third in review by `sup`.
  written = await db.insert(dossier).values(
    Array.from({ length: DOSSIERS * statuses.length }, (_, i) => {
      const status = statuses[i % statuses.length];
      const at = new Date(now - i * 60_000);
      return {
        organisationId: org.id,
        professionalId: pro.id,
        patientId,
        status,
        reviewerId: status === "in_review" || status === "completed" ? sup.id : null,
        submittedAt: status === "draft" ? null : at,
        completedAt: status === "completed" ? at : null,
        createdAt: at,
        updatedAt: at,
      };
    }),
  ).returning({ id: dossier.id, status: dossier.status, reviewerId: dossier.reviewerId, at: dossier.updatedAt });
}, 60_000);

/** The ids of the written dossiers that pass `keep`, oldest first or newest first, the first `limit`. */
function expectedIds(keep: (row: (typeof written)[number]) => boolean, order: "oldest-first" | "newest-first", limit: number): string[] {
  const rows = written.filter(keep).sort((a, b) => a.at.getTime() - b.at.getTime());
  return (order === "oldest-first" ? rows : rows.reverse()).slice(0, limit).map((r) => r.id);
}

/** How many statements `run` sends to the embedded database, and its result. */
async function statementsOf<T>(run: () => Promise<T>): Promise<[number, T]> {
  const query = vi.spyOn(database.handle.pglite!, "query");
  try {
    const result = await run();
    return [query.mock.calls.length, result];
  } finally {
    query.mockRestore();
  }
}
afterAll(async () => {
  await database?.close();
});

describe("every dossier list is bounded", () => {
  it("pages the professional's own dossiers and a patient's history", async () => {
    const mine = await listOwnDossiers(pro, {});
    expect(mine.rows.length).toBe(DOSSIER_PAGE_SIZE);
    expect(mine.pageCount).toBeGreaterThan(1);
    const last = await listOwnDossiers(pro, { page: mine.pageCount });
    expect(last.rows.length).toBeLessThanOrEqual(DOSSIER_PAGE_SIZE);
    const history = await patientHistory(pro, PHONE);
    expect(history.rows.length).toBe(DOSSIER_PAGE_SIZE);
    expect(history.pageCount).toBe(Math.ceil(history.total / DOSSIER_PAGE_SIZE));
    expect((await patientHistory(pro, PHONE, {}, 2)).rows[0].id).not.toBe(history.rows[0].id);
  });

  it("bounds the home page's lists without counting them, a statement each", async () => {
    const home = await professionalHome(pro);
    // Returned ones waiting longest first; then the most recently changed of the rest.
    expect(home.returned.map((r) => r.id)).toEqual(expectedIds((r) => r.status === "returned", "oldest-first", DOSSIER_PAGE_SIZE));
    expect(home.recent.map((r) => r.id)).toEqual(expectedIds((r) => r.status !== "returned", "newest-first", HOME_RECENT_LIMIT));
    expect(home.recent).toHaveLength(HOME_RECENT_LIMIT);
    expect(home).not.toHaveProperty("total");
    // Again within the window: the list read is known to this process, so only the lists' statements go out (none
    // per row).
    const [statements, again] = await statementsOf(() => professionalHome(pro));
    expect(statements).toBe(2);
    expect(again).toEqual(home);
  });

  it("pages the supervisor's queue and bounds their own reviews and the recent ones", async () => {
    const queue = await supervisorQueue(sup);
    expect(queue.waiting.length).toBe(DOSSIER_PAGE_SIZE);
    expect(queue.waitingTotal).toBe(DOSSIERS);
    expect(queue.pageCount).toBe(Math.ceil(DOSSIERS / DOSSIER_PAGE_SIZE));
    // Their own reviews, waiting longest first, and the ten most recently completed of their organisations.
    expect(queue.mine.map((r) => r.id)).toEqual(expectedIds((r) => r.status === "in_review" && r.reviewerId === sup.id, "oldest-first", DOSSIER_PAGE_SIZE));
    expect(queue.recent.map((r) => r.id)).toEqual(expectedIds((r) => r.status === "completed", "newest-first", 10));
    // Again within the window: the waiting page with its total, and each bounded list (none per row).
    const [statements, again] = await statementsOf(() => supervisorQueue(sup));
    expect(statements).toBe(3);
    expect(again).toEqual(queue);
    const second = await supervisorQueue(sup, { page: 2 });
    expect(second.waiting[0].submittedAt!.getTime()).toBeGreaterThanOrEqual(queue.waiting.at(-1)!.submittedAt!.getTime());
    // A page past the end (a stale link) shows the last page, not an empty one.
    const beyond = await supervisorQueue(sup, { page: 999 });
    expect([beyond.page, beyond.waiting.length > 0]).toEqual([queue.pageCount, true]);
  });
});

describe("the admin's unfinished dossiers are bounded", () => {
  it("pages them in the database and reads reminders for the page only", async () => {
    const admin: Actor = { id: "bulk-admin", role: "admin", organisationId: null, supervisedOrganisationIds: [] };
    // A month on, every draft and returned dossier is stale and every submitted one past its review target.
    const later = new Date(Date.now() + 30 * 24 * 3_600_000);
    const first = await listUnfinished(admin, later);
    expect(first.rows.length).toBe(DOSSIER_PAGE_SIZE);
    expect([first.total, first.capped]).toEqual([DOSSIERS * 3, false]);
    const last = await listUnfinished(admin, later, first.pageCount);
    expect(last.rows.length).toBe(DOSSIERS * 3 - (first.pageCount - 1) * DOSSIER_PAGE_SIZE);
    expect(new Set([...first.rows, ...last.rows].map((r) => r.status))).toEqual(new Set(["draft", "returned", "submitted"]));
  });
});

describe("smoke benchmark", () => {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({ ...i18nOptions("en"), ns: ["dossier"], resources: { en: { dossier: dossierMessages } }, initAsync: false });

  async function onePage(): Promise<string> {
    await professionalHome(pro);
    const mine = await listOwnDossiers(pro, {});
    await supervisorQueue(sup);
    return renderToString(
      createElement(
        I18nextProvider,
        { i18n },
        createElement(MemoryRouter, null, createElement(DossierTable, { rows: mine.rows, hrefOf: (row: { id: string }) => `/pro/x/case/${row.id}`, empty: "" })),
      ),
    );
  }

  it(`stays under ${CPU_MS_BOUND} CPU-ms per page and renders at most a page of rows`, async () => {
    await onePage(); // warm-up: first queries plan and compile
    const runs = 5;
    const before = process.cpuUsage();
    let html = "";
    for (let i = 0; i < runs; i++) html = await onePage();
    const used = process.cpuUsage(before);
    const cpuMsPerPage = (used.user + used.system) / 1000 / runs;
    expect((html.match(/data-testid="dossier-row"/g) ?? []).length).toBe(DOSSIER_PAGE_SIZE);
    expect(cpuMsPerPage).toBeLessThan(CPU_MS_BOUND);
  });
});
