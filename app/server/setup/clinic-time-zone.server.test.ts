/**
 * The clinic's time zone setting (decision 080) on PGlite: the roll-up's days follow it, and changing it rebuilds
 * the roll-up once. 03:00 UTC on 10 March 2026 is the 10th in Amsterdam and still the 9th in New York.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, queryRows, type TestDatabase } from "../../../tests/support/test-database";
import { CLINIC_TIME_ZONE } from "~/domain/constants";
import { clinicTimeZone, setClinicTimeZone } from "~/domain/clinic-time-zone";
import { localDayOf } from "~/domain/dossier/working-time";
import { dateTimeFormat } from "~/lib/format-date";
import { systemDb } from "../db/client.server";
import { clinicSetting, dossier } from "../db/schema";
import { seedDemoData } from "../demo/seed-demo.server";
import { applyClinicTimeZone } from "./clinic-time-zone.server";

const AT = new Date("2026-03-10T03:00:00Z");
let database: TestDatabase;
let dossierId: string;
let organisationId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData();
  const [first] = await systemDb().select({ id: dossier.id, organisationId: dossier.organisationId }).from(dossier).limit(1);
  dossierId = first.id;
  organisationId = first.organisationId;
  await systemDb().update(dossier).set({ createdAt: AT }).where(eq(dossier.id, dossierId));
}, 60_000);
afterAll(async () => {
  setClinicTimeZone(CLINIC_TIME_ZONE);
  await database?.close();
});

/** The roll-up's count of dossiers created on `day` in the organisation. */
async function createdOn(day: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(systemDb().execute(sql`
    select coalesce(sum(created_draft + created_submitted + created_in_review + created_returned + created_completed + created_cancelled), 0)::int as n
    from report_day where organisation_id = ${organisationId} and day = ${day} and reviewer_id = ''`));
  return row.n;
}

describe("the clinic's time zone", () => {
  it("starts as Europe/Amsterdam, and the roll-up counts its days", async () => {
    expect(await applyClinicTimeZone(CLINIC_TIME_ZONE)).toBeNull();
    expect(await createdOn("2026-03-10")).toBe(1);
    expect(await createdOn("2026-03-09")).toBe(0);
  });

  it("moves the roll-up's days, the working-time clock and the formatter when the setting changes", async () => {
    expect(await applyClinicTimeZone("America/New_York")).toBe("Europe/Amsterdam");
    expect(clinicTimeZone()).toBe("America/New_York");
    expect(await createdOn("2026-03-09")).toBe(1);
    expect(await createdOn("2026-03-10")).toBe(0);
    const [row] = await systemDb().select().from(clinicSetting);
    expect(row.timeZone).toBe("America/New_York");
    expect(localDayOf(AT)).toEqual({ year: 2026, month: 3, day: 9 });
    expect(dateTimeFormat("en", { dateStyle: "short", timeStyle: "short" }).format(AT)).toBe("3/9/26, 11:00 PM");
    // A dossier written now lands on the new zone's day too (the trigger reads the setting).
    await systemDb().update(dossier).set({ createdAt: new Date("2026-03-12T02:00:00Z") }).where(eq(dossier.id, dossierId));
    expect(await createdOn("2026-03-11")).toBe(1);
  });

  it("does nothing when the setting is unchanged, and refuses a zone that does not exist", async () => {
    expect(await applyClinicTimeZone("America/New_York")).toBeNull();
    await expect(applyClinicTimeZone("Europe/Atlantis")).rejects.toThrow(/Unknown time zone/);
    expect(clinicTimeZone()).toBe("America/New_York");
    expect(await applyClinicTimeZone(CLINIC_TIME_ZONE)).toBe("America/New_York");
    expect(localDayOf(AT)).toEqual({ year: 2026, month: 3, day: 10 });
    expect(dateTimeFormat("nl", { dateStyle: "short", timeStyle: "short" }).format(AT)).toBe("10-03-2026, 04:00");
  });
});
