/**
 * Account security in the browser, in Dutch and English: sign-in with an SMS code, enrolling a TOTP second factor
 * (code computed from the shown secret) and the challenge on the next sign-in, backup codes, SMS as second factor,
 * the MFA_REQUIRED_ROLES redirect, re-authentication for a sensitive change, and sessions across two browsers.
 * Every test uses its own user (tests/e2e/support/account-fixtures.ts).
 */
import type { Page } from "@playwright/test";
import { ageSessions, createTestUser, lastSmsCode, randomMobile, smsCount, totpCode } from "./support/account-fixtures";
import { DEMO_PASSWORD, expect, signIn, submitSignIn, test } from "./support/fixtures";
import { createOwnDatabase } from "./support/own-database";
import { startServer } from "./support/server";

async function phoneSignIn(page: Page, path: string, typed: string, texts: { open: string; send: string }) {
  await page.goto(path);
  await page.getByText(texts.open).click();
  await page.getByRole("textbox", { name: /Telefoonnummer|Phone number/ }).fill(typed);
  await page.getByRole("button", { name: texts.send }).click();
}

/** Enrols the second factor on the account page; returns the base32 secret and the backup codes shown. */
async function enrolTotp(page: Page, texts: { start: string; confirm: string; code: string }) {
  await page.getByRole("button", { name: texts.start }).click();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  const backupCodes = (await page.getByTestId("backup-codes").locator("li").allTextContents()).map((c) => c.trim());
  expect(backupCodes).toHaveLength(10);
  await expect(page.getByRole("img", { name: /QR/ })).toBeVisible();
  await page.getByLabel(texts.code).fill(totpCode(secret));
  await page.getByRole("button", { name: texts.confirm }).click();
  return { secret, backupCodes };
}

test.describe("sign in with phone", () => {
  test("Dutch: a national number gets an SMS code that signs in", async ({ page }) => {
    const phone = randomMobile();
    const user = await createTestUser({ role: "professional", phone });
    await phoneSignIn(page, "/", `0${phone.slice(3, 4)} ${phone.slice(4)}`, { open: "Inloggen met uw telefoon", send: "Stuur mij een code" });
    await expect(page.getByText(/is er een code per sms onderweg/)).toBeVisible();
    await page.getByLabel("Code uit de sms").fill(await lastSmsCode(phone));
    await page.getByRole("button", { name: "Inloggen met code" }).click();
    await expect(page).toHaveURL(`/pro/${user.id}`);
  });

  test("English: an unknown number gets the same answer and no SMS; a wrong code is refused", async ({ page }) => {
    const unknown = randomMobile();
    await phoneSignIn(page, "/en", unknown, { open: "Sign in with your phone", send: "Text me a code" });
    await expect(page.getByText(/If .* belongs to an account, a code is on its way/)).toBeVisible();
    expect(smsCount(unknown)).toBe(0);
    await page.getByLabel("Code from the text message").fill("000000");
    await page.getByRole("button", { name: "Sign in with code" }).click();
    await expect(page.getByRole("alert")).toHaveText(/This code is not right|expired or is no longer valid/);
    await expect(page).toHaveURL(/\/en(\?|$)/);
  });
});

test.describe("second factor", () => {
  test("English: enrol TOTP with the QR code, then the next sign-in asks for the code; a backup code works once", async ({ page }) => {
    const user = await createTestUser({ role: "professional", locale: "en" });
    await signIn(page, user.email, DEMO_PASSWORD, "/en");
    await page.goto(`/en/pro/${user.id}/profiel`);
    const { backupCodes } = await enrolTotp(page, { start: "Set up a second factor", confirm: "Switch on", code: "Code from the app" });
    await expect(page.getByText("The second factor is on. From now on")).toBeVisible();

    await page.getByRole("button", { name: "Sign out" }).first().click();
    await expect(page).toHaveURL("/en");
    await submitSignIn(page, user.email, DEMO_PASSWORD, "/en");
    await expect(page).toHaveURL(/\/en\/verify-login(\?|$)/);
    await expect(page.getByText("One more step")).toBeVisible();
    await page.getByText("Use a backup code").click();
    await page.getByLabel("Backup code").fill(backupCodes[0]);
    await page.getByRole("button", { name: "Confirm" }).last().click();
    await expect(page).toHaveURL(`/en/pro/${user.id}`);

    // The used backup code does not work a second time.
    await page.getByRole("button", { name: "Sign out" }).first().click();
    await expect(page).toHaveURL("/en");
    await submitSignIn(page, user.email, DEMO_PASSWORD, "/en");
    await page.getByText("Use a backup code").click();
    await page.getByLabel("Backup code").fill(backupCodes[0]);
    await page.getByRole("button", { name: "Confirm" }).last().click();
    await expect(page.getByRole("alert")).toHaveText("This code is not right. Check it and try again.");
  });

  test("Dutch: the authenticator code completes the sign-in and returns to the page asked for", async ({ page }) => {
    const user = await createTestUser({ role: "professional" });
    await signIn(page, user.email);
    await page.goto(`/pro/${user.id}/profiel`);
    const { secret } = await enrolTotp(page, { start: "Tweede stap instellen", confirm: "Aanzetten", code: "Code uit de app" });
    await page.getByRole("button", { name: "Uitloggen" }).click();
    await expect(page).toHaveURL("/");
    await page.goto(`/pro/${user.id}/mijn-dossiers`);
    await page.locator('input[name="email"]').fill(user.email);
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await page.locator('form:has(input[name="password"]) button[type="submit"]').click();
    await expect(page).toHaveURL(/\/verify-login\?redirectTo=/);
    await page.getByLabel("Code uit uw authenticator-app").fill("000000");
    await page.getByRole("button", { name: "Bevestigen" }).first().click();
    await expect(page.getByRole("alert")).toHaveText("Deze code klopt niet. Controleer hem en probeer het opnieuw.");
    await page.getByLabel("Code uit uw authenticator-app").fill(totpCode(secret));
    await page.getByRole("button", { name: "Bevestigen" }).first().click();
    await expect(page).toHaveURL(`/pro/${user.id}/mijn-dossiers`);
  });

  test("Dutch: an SMS code is the second factor for a user with a verified phone", async ({ page }) => {
    const phone = randomMobile();
    const user = await createTestUser({ role: "professional", phone });
    await signIn(page, user.email);
    await page.goto(`/pro/${user.id}/profiel`);
    await enrolTotp(page, { start: "Tweede stap instellen", confirm: "Aanzetten", code: "Code uit de app" });
    await page.getByRole("button", { name: "Uitloggen" }).click();
    await expect(page).toHaveURL("/");
    await submitSignIn(page, user.email);
    await expect(page).toHaveURL(/^[^?]*\/verify-login(\?|$)/);
    const before = smsCount(phone);
    await page.getByRole("button", { name: "Stuur mij een code" }).click();
    await expect(page.getByLabel("Code uit de sms")).toBeVisible();
    expect(smsCount(phone)).toBe(before + 1);
    await page.getByLabel("Code uit de sms").fill(await lastSmsCode(phone));
    await page.getByRole("button", { name: "Bevestigen" }).last().click();
    await expect(page).toHaveURL(`/pro/${user.id}`);
  });
});

test("a supervisor must enrol before using any other page when MFA_REQUIRED_ROLES=supervisor", async ({ page }) => {
  test.setTimeout(90_000);
  const db = await createOwnDatabase();
  const server = await startServer({ env: { DEMO: "on", DATABASE_URL: db.url, MFA_REQUIRED_ROLES: "supervisor" } });
  try {
    await page.goto(`${server.url}/`);
    await page.locator('input[name="email"]').fill("supervisor@casus.test");
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await page.locator('form:has(input[name="password"]) button[type="submit"]').click();
    await expect(page).toHaveURL(`${server.url}/supervisor/profiel?second-factor=required`);
    await expect(page.getByTestId("second-factor-required")).toHaveText("Voor uw rol is een tweede stap verplicht. Stel die in om verder te gaan.");
    await page.goto(`${server.url}/en/reporting`);
    await expect(page).toHaveURL(`${server.url}/en/supervisor/profiel?second-factor=required`);
    await enrolTotp(page, { start: "Set up a second factor", confirm: "Switch on", code: "Code from the app" });
    await page.getByRole("link", { name: "Continue to Casus" }).click();
    await expect(page).toHaveURL(`${server.url}/en/supervisor`);
    // An admin is not in the list: no redirect.
    await page.getByRole("button", { name: "Sign out" }).first().click();
    // Signing out ends on the sign-in page; a goto before then would abort the sign-out's own navigation.
    await expect(page).toHaveURL(`${server.url}/en`);
    await page.locator('input[name="email"]').fill("admin@casus.test");
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await page.locator('form:has(input[name="password"]) button[type="submit"]').click();
    await expect(page).toHaveURL(`${server.url}/en/admin`);
    // The page is shown (its message files loaded) before this test's server stops: a file still on its way when the
    // server goes would fail to load and the page would report its texts as missing.
    await expect(page.getByRole("heading", { name: "Dossiers by status" })).toBeVisible();
  } finally {
    await server.stop();
    await db.close();
  }
});

test.describe("recent login", () => {
  for (const lang of [
    { prefix: "", save: "Wachtwoord wijzigen", confirm: "Bevestigen en doorgaan", password: "Uw wachtwoord", done: "Uw wachtwoord is gewijzigd.", newLabel: "Nieuw wachtwoord", repeat: "Herhaal het nieuwe wachtwoord", intro: /Om uw wachtwoord te wijzigen, bevestigt u eerst/ },
    { prefix: "/en", save: "Change password", confirm: "Confirm and continue", password: "Your password", done: "Your password has been changed.", newLabel: "New password", repeat: "Repeat the new password", intro: /To change your password, first confirm/ },
  ]) {
    test(`${lang.prefix || "/nl"}: an old sign-in re-authenticates on the spot and the password change goes through`, async ({ page }) => {
      const user = await createTestUser({ role: "professional" });
      await signIn(page, user.email, DEMO_PASSWORD, lang.prefix || "/");
      await ageSessions(user.id, 11);
      await page.goto(`${lang.prefix}/pro/${user.id}/profiel`);
      const fresh = "een-heel-nieuw-wachtwoord";
      await page.getByLabel(lang.newLabel, { exact: true }).fill(fresh);
      await page.getByLabel(lang.repeat).fill(fresh);
      await page.getByRole("button", { name: lang.save }).click();
      await expect(page.getByTestId("reauth-panel")).toContainText(lang.intro);
      await page.getByLabel(lang.password, { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole("button", { name: lang.confirm }).click();
      await expect(page.getByText(lang.done)).toBeVisible();
      await page.getByRole("button", { name: /Uitloggen|Sign out/ }).first().click();
      // Signing out ends on the sign-in page; going there before then would abort the sign-out's own navigation.
      await expect(page).toHaveURL(lang.prefix || "/");
      await signIn(page, user.email, fresh, lang.prefix || "/");
      await expect(page).toHaveURL(`${lang.prefix}/pro/${user.id}`);
    });
  }
});

test("sessions: two browsers are listed, the current one marked, and the other can be signed out", async ({ page, browser }) => {
  const user = await createTestUser({ role: "professional", locale: "en" });
  const otherContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const other = await otherContext.newPage();
  try {
    await signIn(other, user.email, DEMO_PASSWORD, "/en");
    await signIn(page, user.email, DEMO_PASSWORD, "/en");
    await page.goto(`/en/pro/${user.id}/profiel`);
    const sessions = page.getByTestId("session");
    await expect(sessions).toHaveCount(2);
    await expect(page.locator('[data-testid="session"][data-current="true"]')).toContainText("This device");
    await page.locator('[data-testid="session"][data-current="false"]').getByRole("button", { name: "End session" }).click();
    await expect(page.getByText("That device has been signed out.")).toBeVisible();
    await expect(sessions).toHaveCount(1);
    await other.goto(`/en/pro/${user.id}/mijn-dossiers`);
    await expect(other).toHaveURL(/\/en\?redirectTo=/);
  } finally {
    await otherContext.close();
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("phone sign-in and the second-factor challenge are plain forms", async ({ page }) => {
    const phone = randomMobile();
    const user = await createTestUser({ role: "professional", phone, locale: "en" });
    await phoneSignIn(page, "/en", phone, { open: "Sign in with your phone", send: "Text me a code" });
    await page.getByLabel("Code from the text message").fill(await lastSmsCode(phone));
    await page.getByRole("button", { name: "Sign in with code" }).click();
    await expect(page).toHaveURL(`/en/pro/${user.id}`);
    await page.goto(`/en/pro/${user.id}/profiel`);
    await enrolTotp(page, { start: "Set up a second factor", confirm: "Switch on", code: "Code from the app" });
    await expect(page.getByTestId("second-factor-status")).toContainText("Unused backup codes: 10");
  });
});
