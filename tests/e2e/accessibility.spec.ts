/**
 * axe-core on every page (issue 16 point 8): each role's pages at a desktop's and a phone's size in Dutch, and the
 * pages every visitor meets in English, German and French; any violation of WCAG 2.2 A/AA fails the test, listed by
 * rule and element. Signed in once per role; the pages follow one another in that session.
 *
 * The phone-size visit also checks reflow (WCAG 1.4.10, issue 16 point 3): narrowed to 320 px, no page may scroll
 * sideways; what reaches past the edge is listed with the page. One visit for both halves the page loads.
 */
import type { Browser, Page } from "@playwright/test";
import { axeViolations } from "./support/axe";
import { reflowProblem } from "./support/reflow";
import { expect, test } from "./support/fixtures";
import { matrixFixtures, type MatrixFixtures } from "./support/matrix-fixtures";
import { pages, type Role, signedInPage } from "./support/page-list";

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

const sessionPage = (browser: Browser, role: Role, size: keyof typeof SIZES) => signedInPage(browser, role, SIZES[size]);

async function violations(page: Page, path: string, size: keyof typeof SIZES = "desktop"): Promise<string[]> {
  await page.setViewportSize(SIZES[size]);
  await page.goto(path);
  // Hydrated: the charts and other browser-only parts are in the page (root.tsx sets the attribute).
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  // The page scoring images enables its evaluate button once the in-ear model has loaded, after hydration; checked
  // before that, the check would race the button's change of colour (or an alert says the model did not load).
  if (path.endsWith("/debug/ml/test-prediction")) await expect(page.getByTestId("evaluate").or(page.getByRole("alert")).first()).toBeEnabled();
  const found = (await axeViolations(page)).map((violation) => `${path} ${violation}`);
  if (size === "phone") {
    const reflow = await reflowProblem(page, path);
    if (reflow) found.push(`reflow at 320 px: ${reflow}`);
  }
  return found;
}

/**
 * `npm test` checks every page in Dutch at both sizes; `npm run test:a11y` (A11Y_ALL_LOCALES=1) checks every page in
 * all four languages at both sizes — four times the page views, so it stays outside `npm test`, like the benchmarks.
 * The pages are the same in every language but for their words, which the message-file tests hold to the same keys.
 */
const LANGUAGES = process.env.A11Y_ALL_LOCALES === "1" ? (["nl", "en", "de", "fr"] as const) : (["nl"] as const);

/** A role's pages in parts of at most this many, so the two browser workers share the admin's long list. */
const PAGES_PER_TEST = 13;
/**
 * The tests are listed before the global set-up has made the fixtures; how many pages a role has does not depend
 * on their ids, so the list is counted with a stand-in for every id.
 */
const PLACEHOLDER_FIXTURES = new Proxy({}, { get: () => new Proxy({}, { get: () => "id" }) }) as MatrixFixtures;

for (const lang of LANGUAGES) {
  for (const role of ["anon", "admin", "supervisor", "pro"] as const) {
    const parts = Math.ceil(pages(PLACEHOLDER_FIXTURES)[role].length / PAGES_PER_TEST);
    for (const size of ["desktop", "phone"] as const) {
      for (let part = 0; part < parts; part++) {
        const which = parts > 1 ? `, part ${part + 1} of ${parts}` : "";
        const what = size === "phone" ? "at phone size, and each fits 320 px" : "at desktop size";
        test(`no axe violations on the ${role === "anon" ? "public" : role}'s pages ${what} (${lang}${which})`, async ({ browser }) => {
          test.setTimeout(240_000);
          const page = await sessionPage(browser, role, size);
          const found: string[] = [];
          const prefix = lang === "nl" ? "" : `/${lang}`;
          const mine = pages(matrixFixtures())[role].slice(part * PAGES_PER_TEST, (part + 1) * PAGES_PER_TEST);
          for (const path of mine) found.push(...(await violations(page, `${prefix}${path === "/" && prefix ? "" : path}`, size)));
          await page.context().close();
          expect(found).toEqual([]);
        });
      }
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
    for (const path of [`/pro/${u.pro}`, `/pro/${u.pro}/case/${d.draft}/klinisch-redeneren`]) found.push(...(await violations(pro, `/${lang}${path}`, "phone")));
  await pro.context().close();
  expect(found).toEqual([]);
});

test("the axe check reports a violation, naming the element", async ({ page }) => {
  await page.goto("/forgot");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  // An image without a text alternative, added after hydration (React would otherwise take the page back).
  await page.evaluate(() => {
    const image = document.createElement("img");
    image.id = "no-alt";
    image.src = "/favicon.svg";
    (document.querySelector("main") ?? document.body).append(image);
  });
  expect(await axeViolations(page)).toEqual([expect.stringMatching(/^image-alt: #no-alt — /)]);
});

test("the reflow check reports a page that scrolls sideways at 320 px, naming the element", async ({ page }) => {
  await page.setViewportSize(SIZES.phone);
  await page.goto("/forgot");
  // Fits at 390 px, not at 320 px: the check must narrow the page before it measures.
  await page.evaluate(() => {
    const wide = document.createElement("div");
    wide.id = "too-wide";
    wide.style.width = "360px";
    wide.style.height = "1px";
    document.body.append(wide);
  });
  expect(await reflowProblem(page, "/forgot")).toMatch(/^\/forgot: 36\d px — div#too-wide/);
});
