/**
 * Headers for pages with patient data (issue 12): no cache keeps them, no inline style is allowed, and a
 * redirectTo that leaves the site once decoded is not followed.
 */
import { apiSession, expect, signIn, test } from "./support/fixtures";
import { matrixFixtures } from "./support/matrix-fixtures";

const base = () => process.env.E2E_BASE_URL!;

test("signed-in pages and their data payloads are Cache-Control: no-store", async () => {
  const { users, dossiers } = matrixFixtures();
  const pro = await apiSession(base(), "pro@casus.test");
  const supervisor = await apiSession(base(), "supervisor@casus.test");
  try {
    for (const [session, path] of [
      [pro, `/pro/${users.pro}`],
      [pro, `/pro/${users.pro}.data`],
      [pro, `/en/pro/${users.pro}/mijn-dossiers`],
      [supervisor, "/supervisor"],
      [supervisor, `/supervisor/case/${dossiers.first}`],
      [supervisor, `/supervisor/case/${dossiers.first}.data`],
      [supervisor, `/supervisor/case/${dossiers.first}/mvp`],
    ] as const) {
      const response = await session.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(200);
      expect(response.headers()["cache-control"], path).toBe("no-store");
    }
  } finally {
    await Promise.all([pro.dispose(), supervisor.dispose()]);
  }
});

test("a redirect that names a patient is no-store too (the history's 301 to the canonical number)", async () => {
  const { users } = matrixFixtures();
  const pro = await apiSession(base(), "pro@casus.test");
  try {
    for (const path of [`/pro/${users.pro}/0612345678/history`, `/nl/pro/${users.pro}/%2B31612345678/history`]) {
      const response = await pro.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(301);
      expect(response.headers()["location"], path).toContain("%2B31612345678");
      // Without it a browser keeps a permanent redirect as long as it likes, phone number and all.
      expect(response.headers()["cache-control"], path).toBe("no-store");
    }
  } finally {
    await pro.dispose();
  }
});

test("the Content-Security-Policy allows no inline style, and the pages need none", async ({ page }) => {
  const response = await page.goto("/");
  const policy = response!.headers()["content-security-policy"];
  const styleSrc = policy.split(";").map((d) => d.trim()).find((d) => d.startsWith("style-src"));
  expect(styleSrc).toBe("style-src 'self'");
  const violations: string[] = [];
  await page.exposeFunction("reportViolation", (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      // Styles only: Zod's feature test for eval (caught, harmless) reports a script-src violation.
      if (!e.violatedDirective.startsWith("style-src")) return;
      (window as unknown as { reportViolation(v: string): void }).reportViolation(`${e.violatedDirective} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  const { users, dossiers } = matrixFixtures();
  await signIn(page, "pro@casus.test");
  for (const path of [`/pro/${users.pro}`, `/pro/${users.pro}/mijn-dossiers`, `/en/pro/${users.pro}/profiel`]) await page.goto(path);
  await page.context().clearCookies();
  await signIn(page, "supervisor@casus.test");
  for (const path of ["/supervisor", `/supervisor/case/${dossiers.first}`, `/supervisor/case/${dossiers.first}/mvp`]) await page.goto(path);
  expect(violations).toEqual([]);
});

test("a redirectTo that leaves the site once decoded is not followed after sign-in", async ({ page }) => {
  await signIn(page, "pro@casus.test", undefined, "/?redirectTo=%2F%252F%252Fevil.test");
  const { users } = matrixFixtures();
  expect(new URL(page.url()).pathname).toBe(`/pro/${users.pro}`);
});
