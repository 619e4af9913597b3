import { expect, signIn, test } from "./support/fixtures";

test("a failed chunk load reloads the page once, and not again within 10 seconds", async ({ page }) => {
  await page.goto("/forgot");
  let loads = 0;
  page.on("load", () => loads++);
  // Vite reports a chunk that failed to preload with this event; our handler decides whether to reload.
  const dispatch = () => page.evaluate(() => window.dispatchEvent(new Event("vite:preloadError", { cancelable: true })));
  await dispatch();
  await page.waitForLoadState("load");
  await expect.poll(() => loads).toBe(1);
  await dispatch();
  await page.waitForTimeout(500);
  expect(loads).toBe(1);
  // After the guard window, a new failure may reload again.
  await page.evaluate(() => sessionStorage.setItem("casus:chunk-reload-at", String(Date.now() - 11_000)));
  await dispatch();
  await expect.poll(() => loads).toBe(2);
});

test("a route chunk that fails during navigation leads to a fresh page, not a broken one", async ({ page, consoleErrors }) => {
  await signIn(page, "admin@casus.test");
  await expect(page).toHaveURL("/admin");
  // The chunk fails once (a deploy removed it); the reload that follows finds the new one.
  let failed = false;
  await page.route(/\/assets\/supervisors-[\w-]+\.js$/, async (route) => {
    if (failed) return route.continue();
    failed = true;
    await route.abort();
  });
  const reloaded = page.waitForEvent("load");
  await page.getByRole("link", { name: "Supervisors" }).first().click();
  // React Router reloads the page it was on when a route module cannot be imported; waiting for that reload
  // (not for a load state the page already had) keeps the next click off a page that is about to go away.
  await reloaded;
  await expect(page).toHaveURL("/admin");
  // A fresh, working page: the same link now leads where it should.
  await page.getByRole("link", { name: "Supervisors" }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Supervisors");
  // React Router logs the failed import before reloading; that is expected here.
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/Error loading route module|Failed to fetch dynamically imported module|TypeError/.test(e)));
});
