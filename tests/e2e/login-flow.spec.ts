/** /test/login-flow on the shared demo server (no SMTP_URL: e-mail goes to the outbox, no OIDC providers). */
import { expect, openSignedIn, test } from "./support/fixtures";

test("the admin sees the configured methods, sends sign-in links, and follows their own from the outbox (en)", async ({ page }) => {
  await openSignedIn(page, "admin@casus.test", "/en/test/login-flow");
  const methods = page.getByTestId("methods");
  await expect(methods).toContainText("E-mail and password — on.");
  await expect(methods).toContainText("Sign-in link by e-mail — on (to the outbox below)");
  await expect(methods).toContainText("Sign in with phone (SMS code) — on");
  await expect(methods).toContainText("no providers configured (OIDC_PROVIDERS)");

  // A link for someone else is sent to them, but the outbox shows the administrator only their own messages: its
  // links would sign them in as anyone.
  await page.locator('input[name="linkEmail"]').fill("pro@casus.test");
  await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
  await expect(page.getByText("Sign-in link requested for pro@casus.test.")).toBeVisible();
  await page.locator('input[name="linkEmail"]').fill("admin@casus.test");
  await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
  await expect(page.getByText("Sign-in link requested for admin@casus.test.")).toBeVisible();
  // The links are mailed after the answer (so a known address answers as fast as an unknown one): reload until the
  // outbox shows the administrator's, as they would.
  const outbox = page.getByTestId("outbox");
  const mail = outbox.locator("li").first();
  await expect(async () => {
    await page.reload();
    await expect(mail).toContainText("admin@casus.test", { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await expect(page.getByRole("heading", { name: "Outbox: messages to you" })).toBeVisible();
  await expect(outbox).not.toContainText("pro@casus.test");
  expect(await outbox.locator("li").allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining("admin@casus.test")]));
  await mail.getByRole("link", { name: /\/verify-login\?token=/ }).click();
  // The link returns to the page it was asked from.
  await expect(page).toHaveURL("/en/test/login-flow");
});

test("the page is in Dutch too (nl)", async ({ page }) => {
  await openSignedIn(page, "admin@casus.test", "/test/login-flow");
  await expect(page.getByRole("heading", { name: "Ingestelde inlogmethoden" })).toBeVisible();
  await expect(page.getByTestId("methods")).toContainText("Inloglink per e-mail — aan (naar de outbox hieronder)");
});
