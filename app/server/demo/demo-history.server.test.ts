/** The demo's practice history: big enough for the reporting pages, varied, made up, deterministic and quick to write. */
import { count, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { missingForComplete, type Review, reviewSchema } from "~/domain/dossier/content";
import { DOSSIER_STATUSES } from "~/domain/dossier/lifecycle";
import { dossier, dossierEvent, organisation, professional, supervisor } from "../db/schema";
import { DEMO_HISTORY_SEED, planDemoHistory, seedDemoHistory } from "./demo-history.server";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await database?.close();
});

const NOW = new Date("2026-11-24T14:00:00Z");

describe("the demo history", () => {
  it("is the same for the same seed and moment, and different for another seed", () => {
    const a = planDemoHistory(DEMO_HISTORY_SEED, NOW);
    const b = planDemoHistory(DEMO_HISTORY_SEED, NOW);
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    expect(planDemoHistory(DEMO_HISTORY_SEED + 1, NOW).dossiers[0].id).not.toBe(a.dossiers[0].id);
  });

  it("has people and organisations enough, every status, ~300 completed, distinct patients and realistic disagreement", () => {
    const h = planDemoHistory(DEMO_HISTORY_SEED, NOW);
    expect(h.organisations.length).toBeGreaterThanOrEqual(4);
    expect(h.professionals.length).toBeGreaterThanOrEqual(8);
    expect(h.supervisors.length).toBeGreaterThanOrEqual(3);
    expect(new Set(h.supervisors.map((s) => s.specialty)).size).toBe(3);
    expect(h.dossiers.length).toBeGreaterThanOrEqual(400);
    expect(new Set(h.dossiers.map((d) => d.status))).toEqual(new Set(DOSSIER_STATUSES));
    const completed = h.dossiers.filter((d) => d.status === "completed");
    expect(completed.length).toBeGreaterThanOrEqual(280);
    expect(new Set(h.patients.map((p) => p.phone)).size).toBe(h.patients.length);
    expect(new Set(h.dossiers.map((d) => d.earSide))).toEqual(new Set(["left", "right", "both"]));
    // Disagreement is real but not the rule; some reviews waited past two working days; some were returned.
    const agreed = completed.filter((d) => d.review?.agreement === "agree").length / completed.length;
    expect(agreed).toBeGreaterThan(0.4);
    expect(agreed).toBeLessThan(0.85);
    expect(completed.filter((d) => (d.reviewWorkingMs ?? 0) > 2 * 86_400_000).length).toBeGreaterThan(5);
    expect(completed.filter((d) => (d.returnCount ?? 0) > 0).length).toBeGreaterThan(10);
    expect(h.messages.length).toBeGreaterThan(10);
    // Within 16 weeks, nothing in the future.
    for (const d of h.dossiers) {
      expect(NOW.getTime() - d.createdAt!.getTime()).toBeLessThanOrEqual(16 * 7 * 86_400_000 + 3 * 86_400_000);
      expect(d.updatedAt!.getTime()).toBeLessThanOrEqual(NOW.getTime());
    }
  });

  it("completed only reviews that could be completed: an advised follow-up names its days", () => {
    const completed = planDemoHistory(DEMO_HISTORY_SEED, NOW).dossiers.filter((d) => d.status === "completed");
    const refused = completed.filter((d) => missingForComplete(reviewSchema.parse(d.review)).length > 0).map((d) => d.id);
    expect(refused).toEqual([]);
    const advised = completed.flatMap((d) => Object.values((d.review as Review).ears)).filter((e) => e?.plan.includes("follow-up"));
    expect(advised.length).toBeGreaterThan(10);
  });

  it("learns: the improving professionals agree more in the last weeks than in the first, the one who does not stays put", () => {
    const h = planDemoHistory(DEMO_HISTORY_SEED, NOW);
    const half = NOW.getTime() - 8 * 7 * 86_400_000;
    const rate = (proId: string, early: boolean) => {
      const rows = h.dossiers.filter((d) => d.professionalId === proId && d.reasoningScore != null && d.createdAt!.getTime() < half === early);
      return rows.reduce((s, d) => s + d.reasoningScore!, 0) / rows.length;
    };
    const improving = h.professionals.filter((p) => p.skill[1] - p.skill[0] >= 0.3);
    expect(improving.length).toBeGreaterThanOrEqual(2);
    for (const p of improving) expect(rate(p.id, false)).toBeGreaterThan(rate(p.id, true));
    expect(h.professionals.filter((p) => p.skill[0] === p.skill[1])).toHaveLength(1);
  });

  it("is written in well under a second with bulk inserts", async () => {
    // CPU time of this worker process (the embedded database runs in it too), not wall time: on a busy machine the
    // wall time tripled (10–14 s at load 12) while the work did not change.
    const started = process.cpuUsage();
    const h = await seedDemoHistory({ now: NOW });
    const used = process.cpuUsage(started);
    const ms = (used.user + used.system) / 1000;
    const db = database.handle.db;
    expect((await db.select({ n: count() }).from(dossier))[0].n).toBe(h.dossiers.length);
    expect((await db.select({ n: count() }).from(dossierEvent))[0].n).toBe(h.events.length);
    expect((await db.select({ n: count() }).from(organisation))[0].n).toBe(h.organisations.length);
    expect((await db.select({ n: count() }).from(professional))[0].n).toBe(8);
    expect((await db.select({ n: count() }).from(supervisor))[0].n).toBe(3);
    // Events end in the dossier's status.
    const mismatched = await db.execute(sql`
      select d.id from dossier d
      join lateral (select to_status from dossier_event e where e.dossier_id = d.id and e.to_status is not null order by e.at desc, e.seq desc limit 1) last on true
      where last.to_status <> d.status`);
    expect((mismatched as unknown as { rows: unknown[] }).rows).toEqual([]);
    expect(ms).toBeLessThan(5000);
  });
});
