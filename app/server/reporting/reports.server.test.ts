/**
 * /reporting's figures on the demo history: aggregated in SQL to the same numbers as the history itself says,
 * scoped to the viewer (a supervisor never counts an organisation they do not supervise), and closed to others.
 */
import { and, asc, count, eq, gte, inArray, lt, notInArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { codeOf } from "../../../tests/support/people";
import type { Actor } from "~/domain/access/actor";
import { parseReportFilters } from "~/domain/reporting/filters";
import { SMALL } from "~/domain/reporting/small-counts";
import { systemDb } from "../db/client.server";
import { auditLog, dossier } from "../db/schema";
import { createAdmin } from "../demo/factories.server";
import { seedDemoData, type DemoData } from "../demo/seed-demo.server";
import type { DemoHistory } from "../demo/demo-history.server";
import { seedDemoHistory } from "../demo/demo-history.server";
import { loadReport } from "./reports.server";

let database: TestDatabase;
let demo: DemoData;
let history: DemoHistory;
const NOW = new Date("2026-11-24T14:00:00Z");
const TODAY = "2026-11-24";

beforeAll(async () => {
  database = await createTestDatabase();
  demo = await seedDemoData({ now: NOW });
  history = await seedDemoHistory({ now: NOW });
}, 60_000);
afterAll(async () => {
  await database?.close();
});

const admin = (): Actor => ({ id: demo.adminId, role: "admin", organisationId: null, supervisedOrganisationIds: [] });
const filters = (query: string) => parseReportFilters(new URLSearchParams(query), TODAY).filters;
const value = (rows: unknown[][], metric: string, column = 1) => rows.find((r) => r[0] === metric)?.[column];

/** The demo's own completed dossiers (one, with one reviewed ear) completed within the period ending 2026-11-24. */
async function demoCompletedInPeriod(): Promise<number> {
  const [row] = await systemDb()
    .select({ n: count() })
    .from(dossier)
    .where(and(notInArray(dossier.id, history.dossiers.map((d) => d.id!)), eq(dossier.status, "completed"), gte(dossier.completedAt, new Date("2025-12-31T23:00:00Z")), lt(dossier.completedAt, new Date("2026-11-24T23:00:00Z"))));
  return row.n;
}

/** percentile_cont: linear interpolation between the closest ranks. */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = p * (sorted.length - 1);
  const low = Math.floor(rank);
  return sorted[low] + (sorted[Math.min(low + 1, sorted.length - 1)] - sorted[low]) * (rank - low);
}

describe("reporting figures", () => {
  it("count the year's dossiers and compute the turnaround median and p90 in SQL as the history has them", async () => {
    const report = await loadReport(admin(), filters("period=custom&from=2026-01-01&to=2026-11-24"), NOW);
    // The demo's own eight dossiers are dated from NOW too (that day or days before): those before the period's end
    // count as well. Both are seeded from NOW, not the real clock, so the figures do not depend on when the suite runs.
    const historyIds = history.dossiers.map((d) => d.id!);
    const [own] = await systemDb()
      .select({ n: count() })
      .from(dossier)
      .where(and(notInArray(dossier.id, historyIds), lt(dossier.createdAt, new Date("2026-11-24T23:00:00Z"))));
    const all = history.dossiers.length + own.n;
    expect(value(report.tables.summary.rows, "created")).toBe(all);
    const completed = history.dossiers.filter((d) => d.status === "completed");
    expect(value(report.tables.summary.rows, "completed")).toBe(completed.length + (await demoCompletedInPeriod()));
    // Working times count in started tenths of an hour (the roll-up's histogram bins, decision 074).
    const timed = completed.map((d) => Math.ceil(d.reviewWorkingMs! / 360_000) * 360_000);
    const hours = (ms: number) => Math.round((ms / 3_600_000) * 10) / 10;
    expect(value(report.tables.summary.rows, "turnaround-median-hours")).toBe(hours(percentile(timed, 0.5)));
    expect(value(report.tables.summary.rows, "turnaround-p90-hours")).toBe(hours(percentile(timed, 0.9)));
    // Every organisation's weeks, the funnel in every status, and the supervisors' workload.
    expect(new Set(report.tables.weekly.rows.map((r) => r[1])).size).toBe(6);
    expect(report.tables.funnel.rows.map((r) => r[0])).toEqual(["draft", "submitted", "in_review", "returned", "completed", "cancelled"]);
    expect(report.tables.supervisors.rows.length).toBeGreaterThanOrEqual(3);
    expect(report.suppressSmallCounts).toBe(false);
  });

  it("compare with the previous period of the same length", async () => {
    const report = await loadReport(admin(), filters("period=4w"), NOW);
    expect(report.filters.previous).toEqual({ from: "2026-09-30", to: "2026-10-27" });
    const previous = history.dossiers.filter((d) => d.createdAt! >= new Date("2026-09-29T22:00:00Z") && d.createdAt! < new Date("2026-10-27T23:00:00Z")).length;
    expect(value(report.tables.summary.rows, "created", 2)).toBe(previous);
  });

  it("give a supervisor only the organisations they supervise, shared dossiers only, small counts as < 5", async () => {
    const sup = history.supervisors[0];
    const actor: Actor = { id: sup.id, role: "supervisor", organisationId: null, supervisedOrganisationIds: sup.organisationIds };
    const report = await loadReport(actor, filters("period=custom&from=2026-01-01&to=2026-11-24"), NOW);
    expect(report.organisations.map((o) => o.id).sort()).toEqual([...sup.organisationIds].sort());
    const names = new Set(history.organisations.filter((o) => sup.organisationIds.includes(o.id)).map((o) => o.name));
    expect(report.tables.weekly.rows.every((r) => names.has(r[1] as string))).toBe(true);
    const theirs = history.dossiers.filter((d) => sup.organisationIds.includes(d.organisationId) && !["draft", "cancelled"].includes(d.status!));
    expect(value(report.tables.summary.rows, "created")).toBe(theirs.length);
    expect(report.tables.funnel.rows.find((r) => r[0] === "draft")?.[1]).toBe(0);
    // Their professionals' learning curves, nobody else's.
    const theirPros = new Set(history.professionals.filter((p) => sup.organisationIds.includes(p.organisationId)).map((p) => p.name));
    expect(report.curves.length).toBe(theirPros.size);
    expect(report.curves.every((c) => theirPros.has(c.professional))).toBe(true);
    // Asking for an organisation they do not supervise gives nothing, not everything.
    const foreign = history.organisations.find((o) => !sup.organisationIds.includes(o.id))!;
    const none = await loadReport(actor, filters(`period=year&org=${foreign.id}`), NOW);
    expect(value(none.tables.summary.rows, "created")).toBe(0);
    expect(none.tables.weekly.rows).toEqual([]);
    // One week of one organisation: its few dossiers are "< 5" for a supervisor, exact for an admin.
    const small = history.dossiers.filter((d) => d.organisationId === sup.organisationIds[0] && !["draft", "cancelled"].includes(d.status!) && d.createdAt! >= new Date("2026-08-10T00:00:00Z") && d.createdAt! < new Date("2026-08-11T22:00:00Z"));
    const day = await loadReport(actor, filters(`period=custom&from=2026-08-10&to=2026-08-11&org=${sup.organisationIds[0]}`), NOW);
    expect(value(day.tables.summary.rows, "created")).toBe(small.length > 0 && small.length < 5 ? SMALL : small.length);
  });

  it("counts the learning curves it hides from a supervisor for having fewer than 5 reviews, so the page can say so", async () => {
    const sup = history.supervisors[0];
    const actor: Actor = { id: sup.id, role: "supervisor", organisationId: null, supervisedOrganisationIds: sup.organisationIds };
    const query = `period=custom&from=2026-08-03&to=2026-08-16&org=${sup.organisationIds[0]}`;
    const all = (await loadReport(admin(), filters(query), NOW)).curves;
    const seen = await loadReport(actor, filters(query), NOW);
    const few = all.filter((c) => c.points.length < 5).length;
    expect(few).toBeGreaterThan(0);
    expect(seen.hiddenCurves).toBe(few);
    expect(seen.curves).toHaveLength(all.length - few);
    expect((await loadReport(admin(), filters(query), NOW)).hiddenCurves).toBe(0);
  });

  it("the demo supervisor sees none of the history's organisations", async () => {
    const actor: Actor = { id: demo.supervisorId, role: "supervisor", organisationId: null, supervisedOrganisationIds: demo.organisations.map((o) => o.id) };
    const report = await loadReport(actor, filters("period=year"), NOW);
    expect(report.organisations.map((o) => o.name).sort()).toEqual(demo.organisations.map((o) => o.name).sort());
    const historyNames = new Set(history.organisations.map((o) => o.name));
    expect(report.tables.weekly.rows.some((r) => historyNames.has(r[1] as string))).toBe(false);
    expect(report.tables.supervisors.rows.every((r) => r[0] === "Dr. Sven Supervisor")).toBe(true);
  });

  it("is not found for a professional or nobody", async () => {
    const pro: Actor = { id: demo.proId, role: "professional", organisationId: demo.organisations[0].id, supervisedOrganisationIds: [] };
    expect(await codeOf(loadReport(pro, filters("period=4w"), NOW))).toBe("not-found");
    expect(await codeOf(loadReport(null, filters("period=4w"), NOW))).toBe("not-found");
  });
});

describe("learning curves", () => {
  it("give a professional's curve to themselves, their supervisors and admins, and nothing to another organisation's supervisor", async () => {
    const { professionalCurve } = await import("./learning-curve.server");
    const learner = history.professionals.find((p) => p.skill[1] - p.skill[0] >= 0.3)!;
    const own: Actor = { id: learner.id, role: "professional", organisationId: learner.organisationId, supervisedOrganisationIds: [] };
    const scores = history.dossiers
      .filter((d) => d.professionalId === learner.id && d.status === "completed")
      .sort((a, b) => a.completedAt!.getTime() - b.completedAt!.getTime() || (a.id! < b.id! ? -1 : 1))
      .map((d) => d.reasoningScore!);
    const curve = await professionalCurve(own, learner.id);
    expect(curve.map((p) => p.score)).toEqual(scores);
    // The SQL window's rolling mean is the mean of the last twenty.
    const last = scores.slice(-20);
    expect(curve.at(-1)!.rolling).toBe(Math.round((last.reduce((s, v) => s + v, 0) / last.length) * 10) / 10);
    expect(curve.at(-1)!.rolling).toBeGreaterThan(curve[19].rolling);
    expect(await professionalCurve(admin(), learner.id)).toHaveLength(scores.length);
    const theirs = history.supervisors.find((s) => s.organisationIds.includes(learner.organisationId))!;
    const other = history.supervisors.find((s) => !s.organisationIds.includes(learner.organisationId))!;
    const asSupervisor = (s: typeof theirs): Actor => ({ id: s.id, role: "supervisor", organisationId: null, supervisedOrganisationIds: s.organisationIds });
    expect(await professionalCurve(asSupervisor(theirs), learner.id)).toHaveLength(scores.length);
    expect(await professionalCurve(asSupervisor(other), learner.id)).toEqual([]);
    // A colleague in the same organisation sees none of it.
    const colleague = history.professionals.find((p) => p.organisationId === learner.organisationId && p.id !== learner.id)!;
    expect(await professionalCurve({ id: colleague.id, role: "professional", organisationId: colleague.organisationId, supervisedOrganisationIds: [] }, learner.id)).toEqual([]);
  });
});

describe("a long learning curve", () => {
  it("shows the newest CURVE_MAX_POINTS reviews, the oldest of them still averaging a full window", async () => {
    const { professionalCurve, CURVE_MAX_POINTS } = await import("./learning-curve.server");
    const learner = history.professionals.find((p) => p.skill[1] - p.skill[0] >= 0.3)!;
    const own: Actor = { id: learner.id, role: "professional", organisationId: learner.organisationId, supervisedOrganisationIds: [] };
    const db = systemDb();
    const completed = await db.select().from(dossier).where(and(eq(dossier.professionalId, learner.id), eq(dossier.status, "completed")));
    // Older reviews than any the history has, with scores of their own, until the curve has more than it shows.
    const extra = Array.from({ length: CURVE_MAX_POINTS + 40 - completed.length }, (_, i) => ({
      ...completed[i % completed.length],
      id: crypto.randomUUID(),
      completedAt: new Date(Date.UTC(2020, 0, 1) + i * 3_600_000),
      reasoningScore: (i * 37) % 101,
    }));
    if (extra.length > 0) await db.insert(dossier).values(extra);
    try {
      const all = (await db.select().from(dossier).where(and(eq(dossier.professionalId, learner.id), eq(dossier.status, "completed"))))
        .sort((a, b) => a.completedAt!.getTime() - b.completedAt!.getTime() || (a.id < b.id ? -1 : 1))
        .map((d) => d.reasoningScore!);
      const curve = await professionalCurve(own, learner.id);
      expect(curve.map((p) => p.score)).toEqual(all.slice(-CURVE_MAX_POINTS));
      const window = all.slice(-CURVE_MAX_POINTS - 19, -CURVE_MAX_POINTS + 1);
      expect(window).toHaveLength(20);
      expect(curve[0].rolling).toBe(Math.round((window.reduce((s, v) => s + v, 0) / 20) * 10) / 10);
    } finally {
      if (extra.length > 0) await db.delete(dossier).where(inArray(dossier.id, extra.map((d) => d.id)));
    }
  });
});

describe("case handling", () => {
  it("counts the diagnosis pairs per ear in SQL as the history has them, with kappa, and lists a cell's dossiers", async () => {
    const { loadCaseHandling } = await import("./case-handling.server");
    const data = await loadCaseHandling(admin(), filters("period=custom&from=2026-01-01&to=2026-11-24"), "all", { pro: "wax-impaction", sup: "otitis-externa" });
    let expected = 0;
    let cellCount = 0;
    for (const d of history.dossiers.filter((x) => x.status === "completed")) {
      for (const ear of ["left", "right"] as const) {
        const sup = d.review?.ears?.[ear];
        const pro = d.reasoning?.[ear]?.diagnosis;
        if (!sup || !pro) continue;
        expected++;
        if (pro === "wax-impaction" && (sup.diagnosis ?? pro) === "otitis-externa") cellCount++;
      }
    }
    // The demo's own completed dossier adds its one reviewed ear, when it was completed within the period.
    expect(data.kappa.n).toBe(expected + (await demoCompletedInPeriod()));
    expect(data.kappa.kappa).toBeGreaterThan(0.3);
    expect(data.kappa.kappa).toBeLessThan(0.9);
    expect(data.fewPairs).toBe(false);
    expect(data.cell?.dossiers.length).toBe(Math.min(cellCount, 50));
    expect(data.weakest).not.toBeNull();
    // The overconfident professional's calibration: confidence 4–5 with a lower agreement than the others' 5s.
    expect(data.tables.calibration.length).toBeGreaterThanOrEqual(4);
    expect(data.curves.length).toBeGreaterThanOrEqual(8);
  });

  it("logs who listed the dossiers behind a pair of diagnoses, each viewer once per window, the cache notwithstanding", async () => {
    const { loadCaseHandling } = await import("./case-handling.server");
    const second: Actor = { id: (await createAdmin({ email: "tweede@casus.test", name: "Tweede", password: "een-lang-wachtwoord-2026" })).id, role: "admin", organisationId: null, supervisedOrganisationIds: [] };
    const period = filters("period=custom&from=2026-01-01&to=2026-11-24");
    const pair = { pro: "wax-impaction", sup: "wax-impaction" };
    // This test's requests (the test above listed a cell too).
    const reads = () =>
      systemDb()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "dossier.diagnosis-list-read"), inArray(auditLog.requestId, ["r0", "r1", "r2", "r3"])))
        .orderBy(asc(auditLog.at));
    // The figures alone name no dossier: nothing to log.
    await loadCaseHandling(admin(), period, "all", null, { requestId: "r0" });
    expect(await reads()).toEqual([]);
    const data = await loadCaseHandling(admin(), period, "all", pair, { requestId: "r1" });
    const ids = [...new Set(data.cell!.dossiers.map((d) => d.id))].sort();
    expect(ids.length).toBeGreaterThan(0);
    // A reload within the window, and another administrator served from the same cached figures.
    await loadCaseHandling(admin(), period, "all", pair, { requestId: "r2" });
    await loadCaseHandling(second, period, "all", pair, { requestId: "r3" });
    expect((await reads()).map((r) => [r.actorId, r.subjectId, r.after, r.requestId])).toEqual([
      [demo.adminId, "diagnosis-pair", { dossierIds: ids, grant: "admin" }, "r1"],
      [second.id, "diagnosis-pair", { dossierIds: ids, grant: "admin" }, "r3"],
    ]);
  });

  it("is not found for supervisors and professionals", async () => {
    const { loadCaseHandling } = await import("./case-handling.server");
    const sup: Actor = { id: demo.supervisorId, role: "supervisor", organisationId: null, supervisedOrganisationIds: demo.organisations.map((o) => o.id) };
    expect(await codeOf(loadCaseHandling(sup, filters("period=4w"), "all", null))).toBe("not-found");
  });
});
