/**
 * The reporting roll-up (decision 074) against the dossiers themselves: the data pages read per-day counts and
 * working-time histograms that a trigger keeps in step with `dossier`; these tests compute every figure from
 * scratch over the dossiers (tests/support/reporting-reference.ts, the pre-roll-up statements) and compare, on the
 * demo history and after each kind of write — claim, return, completion, discarding a draft, moving a dossier to
 * another organisation, deleting one — and check that the kept roll-up equals one rebuilt from the dossiers.
 */
import { and, eq, notInArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { referenceCaseHandling, referenceReport } from "../../../tests/support/reporting-reference";
import type { Actor } from "~/domain/access/actor";
import type { Review } from "~/domain/dossier/content";
import { parseReportFilters, type ReportFilters } from "~/domain/reporting/filters";
import { isoDay, localDayOf } from "~/domain/dossier/working-time";
import { systemDb } from "../db/client.server";
import { dossier } from "../db/schema";
import { seedDemoData, type DemoData } from "../demo/seed-demo.server";
import { seedDemoHistory, type DemoHistory } from "../demo/demo-history.server";
import { transitionDossier } from "../dossiers/transitions.server";
import { loadCaseHandling } from "./case-handling.server";
import { loadReport } from "./reports.server";

let database: TestDatabase;
let demo: DemoData;
let history: DemoHistory;
// The transitions below stamp the real time; the periods run up to today so they count. Today is the clinic's day, as
// on the pages: between midnight in the clinic and midnight UTC the UTC date is a day behind.
const NOW = new Date();
const TODAY = isoDay(localDayOf(NOW));

beforeAll(async () => {
  database = await createTestDatabase();
  demo = await seedDemoData();
  history = await seedDemoHistory({ now: NOW });
}, 60_000);
afterAll(async () => {
  await database?.close();
});

const admin = (): Actor => ({ id: demo.adminId, role: "admin", organisationId: null, supervisedOrganisationIds: [] });
const supervisorOf = (id: string): Actor => {
  const s = history.supervisors.find((x) => x.id === id)!;
  return { id: s.id, role: "supervisor", organisationId: null, supervisedOrganisationIds: s.organisationIds };
};
const professionalOf = (id: string): Actor => ({ id, role: "professional", organisationId: history.professionals.find((p) => p.id === id)!.organisationId, supervisedOrganisationIds: [] });
const filters = (query: string): ReportFilters => parseReportFilters(new URLSearchParams(query), TODAY).filters;

/** The views compared: a year and four weeks for an administrator, one organisation, a supervisor's reach, one ear. */
function views(): { actor: Actor; query: string }[] {
  const sup = supervisorOf(history.supervisors[0].id);
  return [
    { actor: admin(), query: "period=year" },
    { actor: admin(), query: "period=4w" },
    { actor: admin(), query: `period=quarter&org=${history.organisations[1].id}` },
    { actor: sup, query: "period=year" },
    { actor: sup, query: `period=4w&org=${sup.supervisedOrganisationIds[0]}` },
  ];
}

async function expectPagesAsFromScratch() {
  for (const { actor, query } of views()) {
    const f = filters(query);
    const page = await loadReport(actor, f, NOW);
    const scratch = await referenceReport(actor, f, NOW);
    expect(page.tables, `/reporting ${actor.role} ${query}`).toEqual(scratch.tables);
    expect(page.curves).toEqual(scratch.curves);
    if (actor.role === "admin") {
      for (const ear of ["all", "left"] as const) {
        const cases = await loadCaseHandling(actor, f, ear, null);
        const casesScratch = await referenceCaseHandling(actor, f, ear, null);
        expect(cases.matrix, `case handling ${query} ${ear}`).toEqual(casesScratch.matrix);
        expect(cases.tables).toEqual(casesScratch.tables);
        expect(cases.kappa).toEqual(casesScratch.kappa);
      }
    }
  }
}

const ROLLUP_TABLES = ["report_day", "report_hours", "report_pair", "report_plan"] as const;

/** Every roll-up row that counts something (a kept roll-up may hold rows taken back to zero), in a fixed order. */
async function rollupRows() {
  const db = systemDb();
  const out: Record<string, unknown[]> = {};
  for (const table of ROLLUP_TABLES) {
    const result = await db.execute(sql.raw(`select * from ${table}`));
    out[table] = (result as unknown as { rows: Record<string, unknown>[] }).rows
      .filter((row) => Object.entries(row).some(([key, v]) => typeof v === "number" && v !== 0 && !["tenths", "confidence"].includes(key)))
      .map((row) => JSON.stringify(row))
      .sort();
  }
  return out;
}

async function expectRollupAsRebuilt() {
  const kept = await rollupRows();
  await systemDb().execute(sql`select report_facts_rebuild()`);
  expect(kept).toEqual(await rollupRows());
}

async function first(status: string, except: string[] = []) {
  const [row] = await systemDb()
    .select({ id: dossier.id, reviewerId: dossier.reviewerId, professionalId: dossier.professionalId, organisationId: dossier.organisationId, reasoning: dossier.reasoning })
    .from(dossier)
    .where(and(eq(dossier.status, status), except.length ? notInArray(dossier.id, except) : undefined, sql`${dossier.organisationId} in (${sql.join(history.organisations.map((o) => sql`${o.id}`), sql`, `)})`))
    .orderBy(dossier.createdAt)
    .limit(1);
  return row;
}

describe("the reporting roll-up", () => {
  it("gives the pages the same figures as a computation from the dossiers", async () => {
    const rows = await rollupRows();
    expect(rows.report_day.length).toBeGreaterThan(50);
    expect(rows.report_hours.length).toBeGreaterThan(50);
    await expectPagesAsFromScratch();
    await expectRollupAsRebuilt();
  }, 60_000);

  it("stays in step through claim, return, completion, discarding, corrections, a move to another organisation and a delete", async () => {
    const before = await loadReport(admin(), filters("period=year"), NOW);
    const completedBefore = before.tables.summary.rows.find((r) => r[0] === "completed")![1] as number;

    // A waiting dossier is claimed (first claim: the claim wait is counted).
    const waiting = await first("submitted");
    const claimer = history.supervisors.find((s) => s.organisationIds.includes(waiting.organisationId))!;
    await transitionDossier(supervisorOf(claimer.id), waiting.id, "claim");
    await expectPagesAsFromScratch();

    // One in review goes back to the professional with a question. The generated history (relative to today) may
    // have none in review besides the one just claimed: then another waiting one is claimed first.
    let reviewing = await first("in_review", [waiting.id]);
    if (!reviewing) {
      const next = await first("submitted", [waiting.id]);
      const nextClaimer = history.supervisors.find((s) => s.organisationIds.includes(next.organisationId))!;
      await transitionDossier(supervisorOf(nextClaimer.id), next.id, "claim");
      reviewing = { ...next, reviewerId: nextClaimer.id };
    }
    await transitionDossier(supervisorOf(reviewing.reviewerId!), reviewing.id, "return", { message: "Which ear hurts?" });
    await expectPagesAsFromScratch();

    // The dossier just claimed is completed with a review that disagrees and refers: every completion figure moves.
    const ears = Object.keys(waiting.reasoning ?? {}).filter((ear) => ear === "left" || ear === "right");
    const review: Review = {
      agreement: "disagree",
      urgency: "soon",
      feedback: "Look at the eardrum again.",
      imageQuality: 2,
      ears: Object.fromEntries(ears.map((ear) => [ear, { diagnosis: "otitis-externa" as const, plan: ["refer-ent" as const] }])),
    };
    await systemDb().update(dossier).set({ review }).where(eq(dossier.id, waiting.id));
    await transitionDossier(supervisorOf(claimer.id), waiting.id, "complete");
    const after = await loadReport(admin(), filters("period=year"), NOW);
    expect(after.tables.summary.rows.find((r) => r[0] === "completed")![1]).toBe(completedBefore + 1);
    await expectPagesAsFromScratch();

    // A draft is discarded by its owner.
    const draft = await first("draft");
    await transitionDossier(professionalOf(draft.professionalId), draft.id, "discard");
    await expectPagesAsFromScratch();

    // Corrections of a completed dossier's facts (a data fix of the review, a recomputed clock, decision 070).
    const corrected = await first("completed", [waiting.id]);
    await systemDb()
      .update(dossier)
      .set({ review: sql`jsonb_set(coalesce(${dossier.review}, '{}'::jsonb), '{agreement}', '"partly"') || '{"imageQuality": 5}'::jsonb` })
      .where(eq(dossier.id, corrected.id));
    await expectPagesAsFromScratch();
    await systemDb().update(dossier).set({ reviewWorkingMs: 7 * 3_600_000 + 1 }).where(eq(dossier.id, corrected.id));
    await expectPagesAsFromScratch();
    await systemDb().update(dossier).set({ claimWaitWorkingMs: 3 * 3_600_000 }).where(eq(dossier.id, corrected.id));
    await expectPagesAsFromScratch();

    // A completed dossier moves to another organisation (as moving a professional does, decision 047), another is deleted.
    const completed = await first("completed");
    const elsewhere = history.organisations.find((o) => o.id !== completed.organisationId)!;
    await systemDb().update(dossier).set({ organisationId: elsewhere.id }).where(eq(dossier.id, completed.id));
    await expectPagesAsFromScratch();
    const gone = (await first("completed")).id;
    await systemDb().delete(dossier).where(eq(dossier.id, gone));
    await expectPagesAsFromScratch();

    await expectRollupAsRebuilt();
  }, 120_000);
});
