/**
 * The two ways a Casus installation starts: production with no data (the first administrator is created on
 * /admin/setup with the code printed at start-up) and the demo on the embedded database.
 */
import { expect, signIn, test } from "./support/fixtures";
import { startServer } from "./support/server";

// These tests start their own server (build, migrations, demo seed): allow for a slow start on a busy machine.
test.describe.configure({ timeout: 90_000 });

test("first administrator: only with the printed setup code, and afterwards the page is gone", async ({ page }) => {
  const server = await startServer({ env: { AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-0123" } });
  try {
    const code = /one-time setup code: ([A-Z0-9-]+)/.exec(server.output())?.[1];
    expect(code, server.output()).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
    expect(server.output()).not.toContain("Demo accounts");

    await page.goto(`${server.url}/admin/setup`);
    await page.getByLabel("Installatiecode").fill("AAAA-BBBB-CCCC-DDDD");
    await page.getByLabel("Naam").fill("Eerste Beheerder");
    await page.getByLabel("E-mailadres").fill("beheer@kliniek.test");
    await page.getByLabel(/^Wachtwoord/).fill("een-lang-en-sterk-wachtwoord");
    await page.getByRole("button", { name: "Beheerder aanmaken" }).click();
    await expect(page.getByRole("alert")).toHaveText("Deze installatiecode klopt niet. Gebruik de code uit de console van de server.");

    await page.getByLabel("Installatiecode").fill(code!.toLowerCase());
    await page.getByLabel(/^Wachtwoord/).fill("een-lang-en-sterk-wachtwoord");
    await page.getByRole("button", { name: "Beheerder aanmaken" }).click();
    // Production requires a second factor of admins (MFA_REQUIRED_ROLES default): enrolment comes first.
    await expect(page).toHaveURL(`${server.url}/admin/profiel?second-factor=required`);
    await expect(page.getByTestId("second-factor-required")).toBeVisible();
    await expect(page.getByTestId("user-name")).toContainText("Eerste Beheerder");

    const again = await page.goto(`${server.url}/admin/setup`);
    expect(again?.status()).toBe(404);
    // Test pages are off in production unless TEST_PAGES=on.
    expect((await page.goto(`${server.url}/test/login-flow`))?.status()).toBe(404);
  } finally {
    await server.stop();
  }
});

test("the demo runs on the embedded database and every demo account can sign in", async ({ browser }) => {
  const server = await startServer({ env: { DEMO: "on" } });
  try {
    expect(server.output()).toContain("casus-demo-2026");
    expect(server.output()).not.toContain("setup code");
    const health = await (await fetch(`${server.url}/healthz`)).json();
    expect(health.database.kind).toBe("pglite");
    for (const [email, home] of [
      ["admin@casus.test", /\/admin$/],
      ["supervisor@casus.test", /\/supervisor$/],
      ["pro@casus.test", /\/pro\/[0-9a-f-]{36}$/],
      ["pro2@casus.test", /\/pro\/[0-9a-f-]{36}$/],
    ] as const) {
      const context = await browser.newContext({ baseURL: server.url });
      const page = await context.newPage();
      await signIn(page, email);
      await expect(page).toHaveURL(home);
      await context.close();
    }
  } finally {
    await server.stop();
  }
  // The data survives a restart on the same directory, and the seed does not run twice.
  const again = await startServer({ env: { DEMO: "on" }, dataDir: server.dataDir });
  try {
    expect(again.output()).toContain("Demo data already present.");
  } finally {
    await again.stop();
  }
});
