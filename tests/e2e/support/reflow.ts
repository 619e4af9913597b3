/** WCAG 1.4.10 reflow: whether the page as it is now scrolls sideways at its current width, and what reaches past. */
import type { Page } from "@playwright/test";

export const REFLOW_WIDTH = 320;

/**
 * Narrows the page to 320 px, and returns "path: width — the outermost elements past the edge" when it then scrolls
 * sideways, or null. Wide tables that must stay tables scroll inside their own labelled region (ScrollRegion), which
 * does not widen the page. The viewport is left at 320 px; the caller's next navigation sets its own.
 */
export async function reflowProblem(page: Page, path: string): Promise<string | null> {
  await page.setViewportSize({ width: REFLOW_WIDTH, height: 720 });
  // Laid out again at the new width (and anything measuring itself on resize has run) before it is measured.
  const measure = () => page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(document.documentElement.scrollWidth)))));
  let width = await measure();
  // A chart sizes itself from a ResizeObserver and renders again; on a busy machine that can come after two
  // frames (a fresh clone once saw a reporting chart still at the wider width). What still overflows after a
  // second is a real problem.
  for (let wait = 0; width > REFLOW_WIDTH && wait < 4; wait++) {
    await page.waitForTimeout(250);
    width = await measure();
  }
  if (width <= REFLOW_WIDTH) return null;
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
  }, REFLOW_WIDTH);
  return `${path}: ${width} px — ${culprits.join(", ")}`;
}

/**
 * The axis labels of the page's drawn charts that reach past their chart's box, as "section: label": an SVG clips
 * what lies outside it, so such a label shows cut off (slanted names under bars once ran past a phone's left edge).
 */
export async function clippedChartLabels(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const clipped: string[] = [];
    for (const svg of document.querySelectorAll<SVGSVGElement>(".recharts-wrapper > svg")) {
      const box = svg.getBoundingClientRect();
      const section = svg.closest("section")?.dataset.testid ?? "chart";
      for (const label of svg.querySelectorAll(".recharts-cartesian-axis-tick-value")) {
        const r = label.getBoundingClientRect();
        if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5) clipped.push(`${section}: ${label.textContent}`);
      }
    }
    return clipped;
  });
}
