/**
 * A message file whose request gets no answer (a phone's connection dropping for a moment during a navigation) is
 * asked for again: the next page shows its words, not its keys. i18next's fetch backend gave up on a failed request
 * at once, and the page then rendered with the keys of its texts (and reported each as missing).
 */
import { expect, openSignedIn, test } from "./support/fixtures";

test("a message file whose first requests get no answer is fetched again, and the page shows its texts", async ({ page }) => {
  await openSignedIn(page, "admin@casus.test", "/admin");
  let asked = 0;
  await page.route(/\/locales\/nl\/reporting\.json/, async (route) => {
    asked++;
    if (asked <= 2) await route.abort("internetdisconnected");
    else await route.continue();
  });
  // A client-side navigation to a page whose texts are not loaded yet.
  await page.getByRole("navigation", { name: "Hoofdmenu" }).getByRole("link", { name: "Rapportage" }).click();
  await expect(page.getByRole("form", { name: "Filters" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Toepassen" })).toBeVisible();
  await expect(page.getByText("filters.title")).toHaveCount(0);
  expect(asked).toBe(3);
  // The fixture also fails the test on any console error, such as a text reported missing.
});
