/**
 * axe-core on every page (issue 16 point 8): each role's pages at a desktop's and a phone's size in Dutch, and the
 * pages every visitor meets in English, German and French; any violation of WCAG 2.2 A/AA fails the test, listed by
 * rule and element. Signed in once per role; the pages follow one another in that session.
 */
import type { Browser, Page } from "@playwright/test";
import { axeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { matrixFixtures } from "./support/matrix-fixtures";
import { pages, type Role, signedInPage } from "./support/page-list";

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

const sessionPage = (browser: Browser, role: Role, size: keyof typeof SIZES) => signedInPage(browser, role, SIZES[size]);

async function violations(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  // Hydrated: the charts and other browser-only parts are in the page (root.tsx sets the attribute).
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  return (await axeViolations(page)).map((violation) => `${path} ${violation}`);
}

/**
 * `npm test` checks every page in Dutch at both sizes; `npm run test:a11y` (A11Y_ALL_LOCALES=1) checks every page in
 * all four languages at both sizes — four times the page views, so it stays outside `npm test`, like the benchmarks.
 * The pages are the same in every language but for their words, which the message-file tests hold to the same keys.
 */
const LANGUAGES = process.env.A11Y_ALL_LOCALES === "1" ? (["nl", "en", "de", "fr"] as const) : (["nl"] as const);

for (const lang of LANGUAGES) {
  for (const role of ["anon", "admin", "supervisor", "pro"] as const) {
    for (const size of ["desktop", "phone"] as const) {
      test(`no axe violations on the ${role === "anon" ? "public" : role}'s pages at ${size} size (${lang})`, async ({ browser }) => {
        test.setTimeout(240_000);
        const page = await sessionPage(browser, role, size);
        const found: string[] = [];
        const prefix = lang === "nl" ? "" : `/${lang}`;
        for (const path of pages(matrixFixtures())[role]) found.push(...(await violations(page, `${prefix}${path === "/" && prefix ? "" : path}`)));
        await page.context().close();
        expect(found).toEqual([]);
      });
    }
  }
}

test("no axe violations in English, German and French on the pages every visitor meets", async ({ browser }) => {
  test.setTimeout(180_000);
  const found: string[] = [];
  const anon = await sessionPage(browser, "anon", "desktop");
  for (const lang of ["en", "de", "fr"]) for (const path of ["", "/forgot", "/does-not-exist"]) found.push(...(await violations(anon, `/${lang}${path}`)));
  await anon.context().close();
  const pro = await sessionPage(browser, "pro", "phone");
  const { users: u, dossiers: d } = matrixFixtures();
  for (const lang of ["en", "de", "fr"])
    for (const path of [`/pro/${u.pro}`, `/pro/${u.pro}/case/${d.draft}/klinisch-redeneren`]) found.push(...(await violations(pro, `/${lang}${path}`)));
  await pro.context().close();
  expect(found).toEqual([]);
});
