/**
 * WCAG 1.4.10 reflow (issue 16 point 3): every page of every role fits a 320 px wide screen without scrolling
 * sideways. Wide tables that must stay tables scroll inside their own labelled region (ScrollRegion), which does not
 * widen the page; anything else that does is listed with the page.
 */
import { expect, test } from "./support/fixtures";
import { matrixFixtures } from "./support/matrix-fixtures";
import { pages, signedInPage } from "./support/page-list";

const WIDTH = 320;
/** Dutch in `npm test`; every language with `npm run test:a11y` (German words are the longest). */
const LANGUAGES = process.env.A11Y_ALL_LOCALES === "1" ? ["nl", "en", "de", "fr"] : ["nl"];

for (const lang of LANGUAGES) {
  for (const role of ["anon", "admin", "supervisor", "pro"] as const) {
    test(`every ${role === "anon" ? "public" : role} page fits ${WIDTH} px${lang === "nl" ? "" : ` (${lang})`}`, async ({ browser }) => {
      test.setTimeout(120_000);
      const page = await signedInPage(browser, role, { width: WIDTH, height: 720 });
      const wide: string[] = [];
      const prefix = lang === "nl" ? "" : `/${lang}`;
      for (const dutchPath of pages(matrixFixtures())[role]) {
        const path = `${prefix}${dutchPath === "/" && prefix ? "" : dutchPath}`;
        await page.goto(path);
        await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        if (width > WIDTH) {
          // The outermost elements reaching past the edge, to say what to fix.
          const culprits = await page.evaluate((edge) => {
            const out: string[] = [];
            for (const el of document.body.querySelectorAll<HTMLElement>("*")) {
              const box = el.getBoundingClientRect();
              if (box.right <= edge + 1 || box.width === 0) continue;
              const parent = el.parentElement;
              if (parent && parent.getBoundingClientRect().right > edge + 1) continue;
              out.push(`${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}.${[...el.classList].slice(0, 4).join(".")} (${Math.round(box.right)} px)`);
            }
            return out.slice(0, 3);
          }, WIDTH);
          wide.push(`${path}: ${width} px — ${culprits.join(", ")}`);
        }
      }
      await page.context().close();
      expect(wide).toEqual([]);
    });
  }
}
