/**
 * Sign-in attempts are limited per e-mail address as well as per client address: a third attempt for one address
 * within the window is refused with 429 and Retry-After, shown as "try again in N s", while another address from
 * the same client still gets through.
 */
import { expect, signIn, submitSignIn, test } from "./support/fixtures";
import { createOwnDatabase } from "./support/own-database";
import { startServer } from "./support/server";

test("per address: the third attempt is refused with Retry-After, for password and e-mail link alike (nl, en)", async ({ browser }) => {
  test.setTimeout(60_000);
  const db = await createOwnDatabase();
  const server = await startServer({ env: { DEMO: "on", DATABASE_URL: db.url, SIGN_IN_ADDRESS_RATE_LIMIT: "2", SIGN_IN_RATE_LIMIT_PER_MINUTE: "10000" } });
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  try {
    for (let attempt = 0; attempt < 2; attempt++) {
      await submitSignIn(page, "pro@casus.test", "wrong-password");
      await expect(page.getByRole("alert")).toHaveText("Het e-mailadres of wachtwoord klopt niet.");
    }
    await submitSignIn(page, "pro@casus.test", "casus-demo-2026");
    await expect(page.getByRole("alert")).toContainText(/^Te veel pogingen\. Wacht even en probeer het opnieuw\. Probeer het over \d+ s opnieuw\.$/);
    await expect(page.locator('form[method="post"] button[type="submit"]').first()).toBeDisabled();

    const response = await context.request.post("/?index", { form: { email: "PRO@casus.test", password: "casus-demo-2026" }, headers: { origin: server.url }, maxRedirects: 0 });
    expect(response.status(), JSON.stringify(response.headers())).toBe(429);
    const retryAfter = Number(response.headers()["retry-after"]);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);

    // The e-mail link counts against the same address.
    await page.goto("/en");
    await page.locator('input[name="linkEmail"]').fill("pro@casus.test");
    await page.locator('input[name="linkEmail"]').press("Enter");
    await expect(page.getByRole("alert")).toContainText(/^Too many attempts\. Wait a moment and try again\. Try again in \d+ s\.$/);

    // Another address from the same client is not affected.
    await signIn(page, "pro2@casus.test");
  } finally {
    await context.close();
    await server.stop();
    await db.close();
  }
});
