import { expect, openSignedIn, test } from "./support/fixtures";
import { matrixFixtures } from "./support/matrix-fixtures";

test("the language switcher keeps the page, sets <html lang> and remembers the choice for 365 days", async ({ page, context }) => {
  await openSignedIn(page, "admin@casus.test", "/admin/supervisors?sort=name");
  await expect(page.locator("html")).toHaveAttribute("lang", "nl");
  await page.getByRole("navigation", { name: "Taal" }).getByRole("link", { name: "en" }).click();
  await expect(page).toHaveURL("/en/admin/supervisors?sort=name");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();

  const cookie = (await context.cookies()).find((c) => c.name === "i18n_redirected");
  expect(cookie?.value).toBe("en");
  const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(364);
  expect(days).toBeLessThanOrEqual(365);

  for (const [locale, signOut] of [["de", "Abmelden"], ["fr", "Se déconnecter"], ["nl", "Uitloggen"]] as const) {
    await page.getByRole("navigation").filter({ has: page.locator(`a[hreflang="${locale}"]`) }).first().locator(`a[hreflang="${locale}"]`).click();
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await expect(page).toHaveURL(locale === "nl" ? "/admin/supervisors?sort=name" : `/${locale}/admin/supervisors?sort=name`);
    await expect(page.getByRole("button", { name: signOut })).toBeVisible();
  }
});

test.describe("a first visit follows the browser's language", () => {
  test.use({ locale: "de-DE" });
  test("German browser on / goes to /de", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL("/de");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
  });
});

test.describe("an unsupported browser language stays Dutch", () => {
  test.use({ locale: "es-ES" });
  test("Spanish browser on / stays on /", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "nl");
  });
});

test.describe("a remembered choice wins over the browser's language", () => {
  test.use({ locale: "fr-FR" });
  test("after choosing Dutch, / stays Dutch", async ({ page }) => {
    await page.goto("/fr");
    await page.locator('a[hreflang="nl"]').first().click();
    await expect(page).toHaveURL("/");
    await page.goto("/");
    await expect(page).toHaveURL("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "nl");
  });
});

test("a visitor who chose French and comes back to the bare address lands in French", async ({ page }) => {
  // The browser's own language is Dutch (the config's nl-NL): the choice, not the browser, decides.
  await page.goto("/fr");
  await page.goto("/");
  await expect(page).toHaveURL("/fr");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  // Choosing Dutch from there is taken as written, and remembered.
  await page.locator('a[hreflang="nl"]').first().click();
  await expect(page).toHaveURL("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "nl");
  await page.goto("/");
  await expect(page).toHaveURL("/");
});

test("message files are served per locale and namespace with a 24-hour cache", async ({ request }) => {
  const response = await request.get("/locales/fr/errors.json");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("public, max-age=86400");
  expect((await response.json()).status["404"].title).toBe("Page introuvable");
  expect((await request.get("/locales/es/errors.json")).status()).toBe(404);
  expect((await request.get("/locales/nl/nonexistent.json")).status()).toBe(404);
});

test("a page reached by a client-side link has the message files it declares before it shows", async ({ page }) => {
  await openSignedIn(page, "pro@casus.test", `/pro/${matrixFixtures().users.pro}`);
  const requested: string[] = [];
  page.on("request", (request) => {
    const match = /\/locales\/nl\/([a-z-]+)\.json/.exec(request.url());
    if (match) requested.push(match[1]);
  });
  // The new-dossier page declares media and ml (its recorder and in-ear indicator appear only later).
  await page.getByRole("link", { name: "Dossier starten" }).first().click();
  // The URL changes first; the new page shows once its files are there (the home page has a phone field too).
  await page.waitForURL(/\/case$/);
  await expect(page.getByRole("button", { name: "Dossier aanmaken" })).toBeVisible();
  expect(requested).toEqual(expect.arrayContaining(["media", "ml"]));
});
