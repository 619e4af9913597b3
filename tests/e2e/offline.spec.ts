/**
 * Issue 16 point 9 in the browser: the connection drops while a professional types the anamnesis. The page says it
 * is offline and that the work is kept, the input stays on the page (no error page), and once the connection is
 * back the banner goes and the autosave sends what was typed — the server has it.
 */
import crypto from "node:crypto";
import pg from "pg";
import { expect, openSignedIn, test } from "./support/fixtures";

async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A draft of the demo professional's own, so no other test's writes meet this one. */
const draftOfPro = () =>
  withDatabase(async (client) => {
    const { rows } = await client.query<{ user_id: string; organisation_id: string }>(
      `select p.user_id, p.organisation_id from professional p join "user" u on u.id = p.user_id where u.email = 'pro@casus.test'`,
    );
    const id = crypto.randomUUID();
    await client.query(`insert into dossier (id, organisation_id, professional_id, status, ear_side) values ($1, $2, $3, 'draft', 'left')`, [id, rows[0].organisation_id, rows[0].user_id]);
    return { id, proId: rows[0].user_id };
  });

test("typing while offline: the page says the work is kept, and saves it when the connection is back", async ({ page, context }) => {
  test.setTimeout(90_000);
  const { id, proId } = await draftOfPro();
  await openSignedIn(page, "pro@casus.test", `/pro/${proId}/case?dossier=${id}`);
  const form = page.getByTestId("anamnesis-form");
  await expect(form).toBeVisible();
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  const banner = page.getByTestId("offline-banner");
  await expect(banner).toHaveText("");

  await context.setOffline(true);
  const medication = form.getByLabel("Medicatie");
  await medication.fill("Oordruppels sinds maandag, twee keer per dag.");
  await expect(banner).toHaveText("Offline — uw werk blijft bewaard op dit apparaat en wordt verstuurd zodra er weer verbinding is.");
  await expect(page.locator("[data-autosave]")).toHaveAttribute("data-autosave", "offline", { timeout: 15_000 });
  // Still the form, with the input in it: no error page.
  await expect(medication).toHaveValue("Oordruppels sinds maandag, twee keer per dag.");
  await medication.fill("Oordruppels sinds maandag, drie keer per dag.");

  await context.setOffline(false);
  await expect(banner).toHaveText("", { timeout: 20_000 });
  await expect(page.locator("[data-autosave]")).toHaveAttribute("data-autosave", "saved", { timeout: 20_000 });
  const stored = await withDatabase(async (client) => (await client.query<{ medication: string }>(`select anamnesis->>'medication' as medication from dossier where id = $1`, [id])).rows[0].medication);
  expect(stored).toBe("Oordruppels sinds maandag, drie keer per dag.");
});
