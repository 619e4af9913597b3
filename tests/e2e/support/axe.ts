/** axe-core's WCAG 2.2 A/AA rules on the page as it is now, each violation as "rule: element — why". */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

export async function axeViolations(page: Page): Promise<string[]> {
  // Legacy mode runs axe.run in the page itself; the default opens a blank page per analysis to merge each frame's
  // results (no page of ours has a frame) and took twice as long.
  const result = await new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(true).analyze();
  return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")} — ${n.failureSummary?.split("\n")[1]?.trim() ?? v.help}`));
}
