/** Every page each role reaches, with the matrix fixtures' records: the accessibility spec (axe and reflow) visits them all. */
import type { Browser, Page } from "@playwright/test";
import { DEMO_PASSWORD, keepSession, reuseSession } from "./fixtures";
import type { MatrixFixtures } from "./matrix-fixtures";

export type Role = "anon" | "admin" | "supervisor" | "pro";

export function pages(f: MatrixFixtures): Record<Role, string[]> {
  const { users: u, organisations: o, dossiers: d } = f;
  return {
    anon: ["/", "/forgot", "/set-password", "/verify-login", "/confirm-email", "/does-not-exist"],
    admin: [
      "/admin",
      "/admin/organisaties",
      `/admin/organisaties/${o.first}`,
      `/admin/organisaties/${o.first}/professional/${u.pro}`,
      "/admin/supervisors",
      `/admin/supervisors?id=${u.supervisor}`,
      "/admin/administrators",
      "/admin/unfinished-dossiers",
      "/admin/jobs",
      `/admin/dossiers/${d.first}`,
      "/admin/data-insights/case-behandeling",
      "/admin/data-insights/export-dossier-jsons",
      "/admin/profiel",
      "/reporting",
      "/debug/ml",
      "/debug/explanation",
      "/debug/ml/select-videos",
      "/debug/ml/label-images-from-video",
      "/debug/ml/labeled-images",
      "/debug/ml/test-prediction",
      "/debug/ml/live-prediction",
      "/test/login-flow",
      "/test/record-view",
      "/test/viot-uploads",
      "/test/set-password-copy",
    ],
    supervisor: ["/supervisor", "/supervisor/profiel", `/supervisor/case/${d.first}`, `/supervisor/case/${d.first}/mvp`, "/reporting"],
    pro: [
      `/pro/${u.pro}`,
      `/pro/${u.pro}/profiel`,
      `/pro/${u.pro}/case`,
      `/pro/${u.pro}/case?dossier=${d.draft}`,
      `/pro/${u.pro}/mijn-dossiers`,
      `/pro/${u.pro}/+31612345678/history`,
      `/pro/${u.pro}/case/${d.draft}/klinisch-redeneren`,
      `/supervisor/case/${d.first}`,
    ],
  };
}

const EMAIL: Record<Exclude<Role, "anon">, string> = { admin: "admin@casus.test", supervisor: "supervisor@casus.test", pro: "pro@casus.test" };

/**
 * A page of a new browser context at `viewport`, in Dutch, signed in as `role`: through the real form, or with the
 * worker's recent session of that account (fixtures.ts, reuseSession).
 */
export async function signedInPage(browser: Browser, role: Role, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport, locale: "nl-NL" });
  const page = await context.newPage();
  if (role !== "anon" && !(await reuseSession(context, EMAIL[role]))) {
    const signedInAt = Date.now();
    await page.goto("/");
    await page.locator('input[name="email"]').fill(EMAIL[role]);
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await page.locator('form:has(input[name="password"]) button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname !== "/");
    await keepSession(context, EMAIL[role], signedInAt);
  }
  return page;
}

