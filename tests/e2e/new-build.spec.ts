import { expect, test } from "./support/fixtures";
import { createOwnDatabase } from "./support/own-database";
import { startServer } from "./support/server";

// These tests start their own server (build, migrations, demo seed): allow for a slow start on a busy machine.
test.describe.configure({ timeout: 90_000 });

test("the page offers a reload once a newer build is deployed", async ({ page }) => {
  const db = await createOwnDatabase();
  const env = { DEMO: "on", DATABASE_URL: db.url, VERSION_POLL_SECONDS: "1" };
  const first = await startServer({ env: { ...env, BUILD_ID: "build-a" } });
  let second: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    await page.goto(`${first.url}/forgot`);
    const buildId = async () => JSON.parse((await page.locator("#casus-config").textContent())!).buildId;
    expect(await buildId()).toBe("build-a");
    await page.waitForTimeout(1500);
    await expect(page.getByRole("status").filter({ hasText: "nieuwe versie" })).toHaveCount(0);

    // Deploy: the same address now serves another build.
    await first.stop();
    second = await startServer({ env: { ...env, BUILD_ID: "build-b" }, port: first.port, dataDir: first.dataDir });
    const banner = page.getByRole("status").filter({ hasText: "Er is een nieuwe versie van Casus beschikbaar." });
    await expect(banner).toBeVisible({ timeout: 10_000 });
    await banner.getByRole("button", { name: "Opnieuw laden" }).click();
    await expect.poll(buildId).toBe("build-b");
    await expect(banner).toHaveCount(0);
  } finally {
    await second?.stop();
    await first.stop();
    await db.close();
  }
});
