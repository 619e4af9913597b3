/**
 * Live events arriving while the page is still reloading its data: the reload in flight is not cut short, and one
 * more follows it. A second revalidation started during the first aborted it, and React Router then let the
 * aborted load's rejection go unhandled ("signal is aborted without reason" in the supervisor's console, seen in the
 * dossier journey when two events came close together on a busy machine).
 *
 * The events are real: rows in the dossier event log of a dossier the demo supervisor may see, announced on the
 * live channel as the server announces its own changes. The page's data requests are held for a second, so the
 * second event always arrives while the first reload is still loading.
 */
import pg from "pg";
import { LIVE_CHANNEL, type LiveEvent } from "../../app/server/live/channel";
import { expect, openSignedIn, test } from "./support/fixtures";
import { matrixFixtures } from "./support/matrix-fixtures";

const HELD_MS = 1_000;

async function announceEdit(client: pg.Client, dossierId: string) {
  const [dossier] = (
    await client.query<{ organisation_id: string; professional_id: string; status: string }>(
      `select organisation_id, professional_id, status from dossier where id = $1`,
      [dossierId],
    )
  ).rows;
  await client.query("begin");
  const [{ seq }] = (
    await client.query<{ seq: string }>(
      `insert into dossier_event (dossier_id, organisation_id, professional_id, kind) values ($1, $2, $3, 'edit') returning seq`,
      [dossierId, dossier.organisation_id, dossier.professional_id],
    )
  ).rows;
  const payload: LiveEvent = { seq: Number(seq), dossierId, organisationId: dossier.organisation_id, professionalId: dossier.professional_id, kind: "edit", status: dossier.status };
  await client.query("select pg_notify($1, $2)", [LIVE_CHANNEL, JSON.stringify(payload)]);
  await client.query("commit");
}

test("events during a reload of the queue: that reload is answered, then one more runs", async ({ page }) => {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    await openSignedIn(page, "supervisor@casus.test", "/supervisor");
    await expect(page.locator('[data-live="connected"]')).toBeVisible();

    // Each reload of the queue's data is held here: when it asked, and when its answer was let through.
    const reloads: { asked: number; answered: number }[] = [];
    await page.route(/\/supervisor\.data/, async (route) => {
      const reload = { asked: Date.now(), answered: Infinity };
      reloads.push(reload);
      await new Promise((resolve) => setTimeout(resolve, HELD_MS));
      reload.answered = Date.now();
      await route.continue().catch(() => undefined);
    });

    const dossierId = matrixFixtures().dossiers.first;
    await announceEdit(client, dossierId);
    // Past the page's 150 ms gathering delay, well within the held reload.
    await page.waitForTimeout(450);
    await announceEdit(client, dossierId);
    await page.waitForTimeout(450);
    await announceEdit(client, dossierId);

    // The first reload, then one more for the two events that came during it (other tests' events on the shared
    // server may add reloads), each asked for only once the one before was answered.
    await expect.poll(() => reloads.length, { timeout: 4 * HELD_MS + 2_000 }).toBeGreaterThanOrEqual(2);
    await expect.poll(() => reloads.at(-1)!.answered, { timeout: 2 * HELD_MS + 2_000 }).toBeLessThan(Infinity);
    const overlapping = reloads.filter((reload, i) => i > 0 && reload.asked < reloads[i - 1].answered);
    expect(overlapping).toEqual([]);
    await expect(page.locator('[data-live="connected"]')).toBeVisible();
  } finally {
    await client.end();
  }
});
