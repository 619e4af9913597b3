/**
 * The browser-test fixture: a page that fails its test on any console error or uncaught exception.
 * Two kinds of line are not errors of the page: "Failed to load resource" (HTTP error statuses are asserted by the
 * tests themselves) and React Router's report of a route-discovery prefetch that a navigation cut short.
 */
import { test as base, expect, type Page, type APIRequestContext, request as playwrightRequest } from "@playwright/test";

export const DEMO_PASSWORD = "casus-demo-2026";

export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({}, use) => {
    await use([]);
  },
  page: async ({ page, consoleErrors }, use) => {
    page.on("console", (message) => {
      const text = message.text();
      if (message.type() !== "error" || text.startsWith("Failed to load resource")) return;
      if (text.startsWith("Failed to fetch manifest patches TypeError: Failed to fetch")) return;
      consoleErrors.push(text);
    });
    page.on("pageerror", (error) => consoleErrors.push(error.message));
    await use(page);
    expect(consoleErrors, "console errors on the page").toEqual([]);
  },
});

export { expect };

const SIGN_IN_PATH = /^\/(en|de|fr)?$/;

/** Fill and submit the sign-in form on the sign-in page of `path` (default "/"); does not wait for the outcome. */
export async function submitSignIn(page: Page, email: string, password = DEMO_PASSWORD, path = "/") {
  await page.goto(path);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form[method="post"] button[type="submit"]').first().click();
}

/** Sign in through the real form and wait until the browser has left the sign-in page (signed in). */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, path = "/") {
  await submitSignIn(page, email, password, path);
  await page.waitForURL((url) => !SIGN_IN_PATH.test(url.pathname));
}

/** An HTTP client (no browser) signed in as `email`, or signed out when email is null. */
export async function apiSession(baseURL: string, email: string | null): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  if (email) {
    const response = await context.post("/?index", { form: { email, password: DEMO_PASSWORD }, maxRedirects: 0 });
    if (response.status() !== 302) throw new Error(`sign-in as ${email} failed with HTTP ${response.status()}`);
  }
  return context;
}
