/** axe-core's WCAG 2.2 A/AA rules on the page as it is now, each violation as "rule: element — why". */
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

/**
 * The axe-core that @axe-core/playwright itself runs (its own dependency, 4.13; the top-level axe-core is another
 * version, eslint-plugin-jsx-a11y's), so the rules are the ones the builder ran.
 */
const AXE_SOURCE: string = (() => {
  const require = createRequire(import.meta.url);
  const fromBuilder = createRequire(require.resolve("@axe-core/playwright"));
  return (fromBuilder("axe-core") as { source: string }).source;
})();

/**
 * What `new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(true).analyze()` did — axe-core put into every
 * frame, then `axe.run` on the document with the WCAG tags — but only the violations' lines leave the page. The
 * builder sent axe-core's 0.5 MB source twice per page and brought back the whole result, every passing element's
 * markup included (0.2–0.6 MB on a page with charts), through Playwright's serializer: 3.4 s for /reporting, where
 * injecting and running axe take 1.1 s. `resultTypes` keeps the details of passing checks to one element per rule;
 * which rules run, and what a violation lists, is unchanged (docs/performance.md, "The test suite's own time").
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // Legacy mode (axe.run in the page itself): the default opens a blank page per analysis to merge each frame's
  // results (no page of ours has a frame) and took twice as long. Frames other than the page's own are injected as
  // the builder did (a frame that refuses is left out); the page's own must take it.
  for (const frame of page.frames()) {
    const inject = frame.evaluate(AXE_SOURCE);
    if (frame === page.mainFrame()) await inject;
    else await inject.catch(() => undefined);
  }
  // A control whose look is still changing is measured as it will not stay: a button enabled a moment ago fades
  // from its disabled grey for 150 ms (transition-colors), and the colour-contrast rule saw that grey. Transitions and
  // other finite animations that are running end first; endless ones (a spinner) are left alone.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.playState === "running" && Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ).then(() => undefined),
  );
  const options: RunOptions = { runOnly: { type: "tag", values: WCAG_TAGS }, resultTypes: ["violations"] };
  return page.evaluate(async (options) => {
    const axe = (window as unknown as { axe: { run(context: Document, options: RunOptions): Promise<AxeResults> } }).axe;
    const result = await axe.run(document, options);
    return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")} — ${n.failureSummary?.split("\n")[1]?.trim() ?? v.help}`));
  }, options);
}
