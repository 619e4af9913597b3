/**
 * The two ways a Casus installation starts: production with no data (the first administrator is created on
 * /admin/setup with the code printed at start-up) and the demo on the embedded database — which, started again on
 * its data, stays small while nobody uses it (issue 13: idle RSS on PGlite under 300 MB; about 240 MB here). The
 * memory check is coarse: it fails on a gross regression (the WebAssembly compiled twice again, PGlite's large shared
 * buffers, a large package loaded at start-up), not on a few megabytes.
 */
import fs from "node:fs";
import { devices } from "@playwright/test";
import { expect, signIn, test } from "./support/fixtures";
import { createOwnDatabase } from "./support/own-database";
import { startServer } from "./support/server";

// These tests start their own server (build, migrations, demo seed): allow for a slow start on a busy machine.
test.describe.configure({ timeout: 90_000 });

test("first administrator: only with the printed setup code, and afterwards the page is gone", async ({ page }) => {
  // An empty database on the shared PostgreSQL: the setup code does not depend on the kind of database, and creating
  // an embedded one costs seconds of CPU that the demo test below spends already.
  const db = await createOwnDatabase();
  const server = await startServer({ env: { AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-0123", DATABASE_URL: db.url } });
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
    await db.close();
  }
});

const DESKTOP = { "user-agent": devices["Desktop Chrome"].userAgent };

function residentMiB(pid: number): number {
  const kB = Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))![1]);
  return kB / 1024;
}

test("the demo runs on the embedded database, every demo account can sign in, and idle it uses less than 300 MB", async ({ browser }) => {
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

    // Idle memory, measured on this server started on an existing database: a person signs in and opens their home
    // page; then the server is left alone.
    const signInResponse = await fetch(`${again.url}/en?index`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: again.url, ...DESKTOP },
      body: new URLSearchParams({ email: "pro@casus.test", password: "casus-demo-2026" }),
      redirect: "manual",
    });
    expect(signInResponse.status).toBe(302);
    const cookie = signInResponse.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const home = await fetch(new URL(signInResponse.headers.get("location")!, again.url), { headers: { cookie, ...DESKTOP } });
    expect(home.status).toBe(200);
    await home.text();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const rss = residentMiB(again.pid);
    test.info().annotations.push({ type: "idle RSS", description: `${rss.toFixed(0)} MiB` });
    expect(rss, "idle RSS on the embedded database (MiB)").toBeLessThan(300);

    // A second server on the same directory would corrupt the embedded database: it refuses to start, and says why.
    await expect(startServer({ env: { DEMO: "on" }, dataDir: again.dataDir })).rejects.toThrow(
      `Another process (pid ${again.pid}) is using the embedded database in ${again.dataDir}.`,
    );
    expect((await fetch(`${again.url}/healthz`)).status).toBe(200);
  } finally {
    await again.stop();
  }
});
