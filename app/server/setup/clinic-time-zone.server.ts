/**
 * At start-up: the clinic's time zone (CLINIC_TIME_ZONE) into this process and into the database, whose reporting
 * roll-up counts clinic days (decision 080). When the setting changed since the roll-up was built, the roll-up is
 * rebuilt in that zone, in the same transaction as the change, with the settings row locked so that instances
 * starting together do it once.
 */
import { eq, sql } from "drizzle-orm";
import { setClinicTimeZone } from "~/domain/clinic-time-zone";
import { systemDb } from "../db/client.server";
import { clinicSetting } from "../db/schema";

/** Returns the zone the roll-up was in before, when it had to be rebuilt; null when it was already right. */
export async function applyClinicTimeZone(zone: string): Promise<string | null> {
  setClinicTimeZone(zone);
  return systemDb().transaction(async (tx) => {
    const [row] = await tx.select({ timeZone: clinicSetting.timeZone }).from(clinicSetting).where(eq(clinicSetting.id, true)).for("update");
    if (row?.timeZone === zone) return null;
    await tx.insert(clinicSetting).values({ id: true, timeZone: zone }).onConflictDoUpdate({ target: clinicSetting.id, set: { timeZone: zone } });
    await tx.execute(sql`select report_facts_rebuild()`);
    return row?.timeZone ?? null;
  });
}
