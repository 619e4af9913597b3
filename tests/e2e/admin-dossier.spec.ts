/**
 * The admin's dossier page: reached from a professional's dossier list, it shows the dossier's identity and its
 * event log, including the admin's own look at it (Dutch); the same page in English.
 */
import { expect, openSignedIn, test } from "./support/fixtures";
import { matrixFixtures } from "./support/matrix-fixtures";

test("an admin opens a dossier's event log from the professional's page; the look itself is logged", async ({ page }) => {
  const { organisations: o, users: u, dossiers: d } = matrixFixtures();
  await openSignedIn(page, "admin@casus.test", `/admin/organisaties/${o.third}/professional/${u.pro3}`);
  // A dossier is named as a clinic names it (patient initials, birth year, the day it was started), never by a hash
  // of its id; this one has no patient facts, so its day alone.
  const link = page.getByTestId("dossiers-table").locator(`a[href="/admin/dossiers/${d.third}"]`);
  await expect(link).toHaveText(/^\d{1,2} [a-z]{3}\.? \d{4}$/);
  const name = await link.textContent();
  await link.click();
  await expect(page).toHaveURL(`/admin/dossiers/${d.third}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Dossier ${name}`);
  const identity = page.getByTestId("dossier-identity");
  await expect(identity).toContainText("Thuiszorg Het Anker");
  await expect(identity).toContainText("Tess Thuiszorg");
  const look = page.getByTestId("event-row").filter({ hasText: "via dit overzicht" }).first();
  await expect(look).toContainText("Bekeken");
  await expect(look).toContainText("admin@casus.test");
  // Under whose authority: the admin's own right, named in the log.
  await expect(look).toContainText("als beheerder");

  await page.goto(`/en/admin/dossiers/${d.third}`);
  await expect(page.getByRole("heading", { name: "Event log" })).toBeVisible();
  // Other specs (the route matrix) may look at this dossier too, so only "at least this look" is certain.
  const lookInEnglish = page.getByTestId("event-row").filter({ hasText: "through this log" }).first();
  await expect(lookInEnglish).toContainText("Viewed");
  await expect(lookInEnglish).toContainText("as administrator");
});
