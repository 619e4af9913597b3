/**
 * The browser-test fixture: a page that fails its test on any console error or uncaught exception.
 * Two kinds of line are not errors of the page: "Failed to load resource" (HTTP error statuses are asserted by the
 * tests themselves) and React Router's report of a route-discovery prefetch that a navigation cut short.
 */
import { test as base, expect, type BrowserContext, type Cookie, type Page, type APIRequestContext, request as playwrightRequest } from "@playwright/test";

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
  // The password form: the sign-in page has other forms too (sign in with phone).
  await page.locator('form:has(input[name="password"]) button[type="submit"]').click();
}

/** Sign in through the real form and wait until the browser has left the sign-in page (signed in). */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, path = "/") {
  await submitSignIn(page, email, password, path);
  await page.waitForURL((url) => !SIGN_IN_PATH.test(url.pathname));
}

/**
 * A worker's sessions of demo accounts on the shared server: each signed in once through the form, then reused by
 * the worker's next tests (a sign-in page, a password check and a landing page less per test). Five minutes at most,
 * so a page that differs for a recent sign-in (the profile's re-authentication rule: ten minutes) looks as it did.
 * Only its session cookie is kept (not, say, a language chosen during a test).
 */
const SESSION_REUSE_MS = 5 * 60_000;
const SESSION_COOKIE = "casus.session_token";
const sessions = new Map<string, { cookie: Cookie; signedInAt: number }>();

/** Puts this worker's recent session of `email` into `context`; false when there is none (sign in, then keepSession). */
export async function reuseSession(context: BrowserContext, email: string): Promise<boolean> {
  const session = sessions.get(email);
  if (!session || Date.now() - session.signedInAt > SESSION_REUSE_MS) return false;
  await context.addCookies([session.cookie]);
  return true;
}

/** Keeps the session of `email` that `context` just signed in with (at `signedInAt`), for the worker's next tests. */
export async function keepSession(context: BrowserContext, email: string, signedInAt: number): Promise<void> {
  const cookie = (await context.cookies()).find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error(`no ${SESSION_COOKIE} cookie after signing in as ${email}`);
  sessions.set(email, { cookie, signedInAt });
}

/**
 * Signs `page`'s context in as the demo account `email`, for a test about pages rather than about signing in: with
 * the worker's session of that account when it has one (the page stays where it was), else through the form on
 * `signInPath` (the page then shows the home page) and that session kept. True when the form was used. A test that
 * signs out would end the session for the tests after it: it uses signIn.
 */
export async function signInOnce(page: Page, email: string, signInPath = "/"): Promise<boolean> {
  if (await reuseSession(page.context(), email)) return false;
  const signedInAt = Date.now();
  await signIn(page, email, DEMO_PASSWORD, signInPath);
  await keepSession(page.context(), email, signedInAt);
  return true;
}

/**
 * Opens `path` signed in as the demo account `email` (signInOnce, on the sign-in page in the path's language), and
 * waits until it is hydrated, unless the test's browser runs no JavaScript (`javaScript: false`).
 */
export async function openSignedIn(page: Page, email: string, path: string, options: { javaScript?: boolean } = {}): Promise<void> {
  const signedInByForm = await signInOnce(page, email, /^\/(en|de|fr)(?=\/|\?|$)/.exec(path)?.[0] ?? "/");
  // Signing in lands on the home page: when that is the page asked for, it is open already.
  const here = new URL(page.url());
  if (!signedInByForm || here.pathname + here.search !== path) await page.goto(path);
  // Hydrated, so the page's handlers are attached: a reused session opens the page in a fresh context whose
  // scripts are not cached yet, and a test that acted at once (a file chosen, a video's time set) went unheard.
  // A page without JavaScript never hydrates: its tests say so.
  if (options.javaScript !== false) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
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
