import { expect, submitSignIn, test } from "./support/fixtures";
import { createOwnDatabase } from "./support/own-database";
import { startServer } from "./support/server";

// These tests start their own server (build, migrations, demo seed): allow for a slow start on a busy machine.
test.describe.configure({ timeout: 90_000 });

test("sign-in through the form is rate-limited per client address, with a message in the page's language", async ({ browser }) => {
  // On the shared PostgreSQL: no embedded database to create (seconds of CPU).
  const db = await createOwnDatabase();
  const server = await startServer({ env: { DEMO: "on", DATABASE_URL: db.url, SIGN_IN_RATE_LIMIT_PER_MINUTE: "3" } });
  try {
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    for (let attempt = 0; attempt < 3; attempt++) {
      await submitSignIn(page, "pro@casus.test", "wrong-password");
      await expect(page.getByRole("alert")).toHaveText("Het e-mailadres of wachtwoord klopt niet.");
    }
    // Even the right password is refused until the window has passed.
    await submitSignIn(page, "pro@casus.test", "casus-demo-2026", "/en");
    await expect(page.getByRole("alert")).toContainText("Too many attempts. Wait a moment and try again.");
    await context.close();
  } finally {
    await server.stop();
    await db.close();
  }
});

test("the counters are kept in the database, so a restart does not reset them", async ({ browser }) => {
  const db = await createOwnDatabase();
  const env = { DEMO: "on", DATABASE_URL: db.url, SIGN_IN_RATE_LIMIT_PER_MINUTE: "2" };
  const first = await startServer({ env });
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    for (let attempt = 0; attempt < 2; attempt++) {
      await submitSignIn(page, "admin@casus.test", "wrong-password", `${first.url}/`);
      await expect(page.getByRole("alert")).toBeVisible();
    }
  } finally {
    await first.stop();
  }
  const second = await startServer({ env, dataDir: first.dataDir, port: first.port });
  try {
    await submitSignIn(page, "admin@casus.test", "casus-demo-2026", `${second.url}/`);
    await expect(page.getByRole("alert")).toContainText("Te veel pogingen. Wacht even en probeer het opnieuw.");
    await context.close();
  } finally {
    await second.stop();
    await db.close();
  }
});
