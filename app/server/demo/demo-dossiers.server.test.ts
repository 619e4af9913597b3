/** The demo's dossiers: every status, consistent with the rules the pages apply (complete when submitted, events in order). */
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { DOSSIER_STATUSES } from "~/domain/dossier/lifecycle";
import { dossier, dossierEvent, dossierMedium } from "../db/schema";
import { missingOf } from "../dossiers/readiness.server";
import { listUnfinished } from "../dossiers/unfinished.server";
import { seedDemoData } from "./seed-demo.server";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await database?.close();
});

it("has dossiers in every status, complete where submitted, with an event per step and some unfinished", async () => {
  const demo = await seedDemoData();
  const db = database.handle.db;
  const rows = await db.select().from(dossier);
  expect(new Set(rows.map((r) => r.status))).toEqual(new Set(DOSSIER_STATUSES));
  for (const row of rows.filter((r) => !["draft", "cancelled"].includes(r.status))) {
    const media = await db.select().from(dossierMedium).where(eq(dossierMedium.dossierId, row.id));
    expect(missingOf(row, media), row.status).toEqual([]);
    const events = await db.select().from(dossierEvent).where(eq(dossierEvent.dossierId, row.id)).orderBy(asc(dossierEvent.seq));
    expect(events.at(-1)?.toStatus).toBe(row.status);
  }
  const { rows: unfinished } = await listUnfinished({ id: demo.adminId, role: "admin", organisationId: null, supervisedOrganisationIds: [] });
  expect(unfinished.map((r) => r.status).sort()).toEqual(["draft", "submitted"]);
});
