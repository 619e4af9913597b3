/**
 * On a phone the signed-in header is the brand and one account menu (name, language, profile, sign-out): it fits
 * 320 px, and everything in it works from there.
 */
import type { Route } from "@playwright/test";
import { expect, signIn, test } from "./support/fixtures";

test("the header fits 320 px; the account menu holds name, language, profile and sign-out", async ({ page }) => {
  await signIn(page, "supervisor@casus.test");
  await page.setViewportSize({ width: 320, height: 700 });
  const header = page.getByRole("banner");
  expect(await header.evaluate((el) => el.scrollWidth)).toBeLessThanOrEqual(320);
  await expect(header.getByRole("button", { name: "Uitloggen" })).toBeHidden();

  const menu = page.getByTestId("account-menu");
  await menu.getByText("Account").click();
  await expect(menu).toContainText("Supervisor");
  const box = await menu.locator("div").first().boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(320);
  await menu.getByRole("link", { name: "en" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  // The menu closes once the new page is in (an effect after the render that sets the language): wait for it, or
  // the next click could land while it is still open and close it instead.
  await expect(page.getByTestId("account-menu")).not.toHaveAttribute("open");

  await page.getByTestId("account-menu").getByText("Account").click();
  await page.getByTestId("account-menu").getByRole("link", { name: "My profile" }).click();
  // The profile's own heading: the queue's heading is visible until the navigation ends, and so is the open menu.
  await expect(page.getByRole("heading", { level: 1, name: "My profile" })).toBeVisible();
  await expect(page.getByTestId("account-menu").getByRole("link", { name: "My profile" })).toBeHidden();

  await page.getByTestId("account-menu").getByText("Account").click();
  await page.getByTestId("account-menu").getByRole("button", { name: "Sign out" }).click();
  await expect(page.locator('input[name="email"]')).toBeVisible();
});

test("the account menu opened before the page is interactive stays open once it is", async ({ page }) => {
  await signIn(page, "supervisor@casus.test");
  await page.setViewportSize({ width: 320, height: 700 });
  // The page's scripts are held (routing also bypasses the browser's cache): the menu, a <details>, opens without
  // them, as it does on a slow phone before hydration.
  let holding = true;
  const held: Route[] = [];
  await page.route(/\/assets\/.*\.js$/, (route) => (holding ? void held.push(route) : route.continue()));
  await page.goto("/supervisor", { waitUntil: "commit" });
  const menu = page.getByTestId("account-menu");
  await menu.getByText("Account").click();
  await expect(menu).toHaveAttribute("open", "");
  expect(held.length).toBeGreaterThan(0);
  holding = false;
  for (const route of held) await route.continue();
  await page.locator("html[data-hydrated]").waitFor();
  await expect(menu).toHaveAttribute("open", "");
  await expect(menu.getByRole("link", { name: "Mijn profiel" })).toBeVisible();
  // A page opened from it still closes it.
  await menu.getByRole("link", { name: "Mijn profiel" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Mijn profiel" })).toBeVisible();
  await expect(menu).not.toHaveAttribute("open");
});
