/**
 * Tap targets on a phone (PRODUCT.md: "targets are large"; app/components/ui/targets.ts): every visible control —
 * link, button, form control, disclosure, and the label that is a checkbox's or radio's hit area — at least
 * MIN_TARGET_PX wide and tall. Links inside running text are exempt (WCAG 2.5.8's inline exception).
 */
import type { Page } from "@playwright/test";

/** The components aim at 44 px on a phone; below 40 px a finger misses. */
export const MIN_TARGET_PX = 40;

/** "path: what (w×h)" for each control on the page as it is now that is smaller than MIN_TARGET_PX. */
export async function smallTargets(page: Page, path: string): Promise<string[]> {
  const found = await page.evaluate((min) => {
    const visible = (el: Element) => {
      if (!el.checkVisibility({ visibilityProperty: true })) return false;
      const box = el.getBoundingClientRect();
      // A visually hidden (sr-only) control is 1 px: not a target.
      return box.width > 1 && box.height > 1;
    };
    const inline = (el: Element) => getComputedStyle(el).display === "inline";
    /** A link in a sentence: its block holds words besides the link's own. */
    const inText = (el: Element) => {
      if (el.tagName !== "A" || !inline(el)) return false;
      let block = el.parentElement;
      while (block && inline(block)) block = block.parentElement;
      const others = (block?.textContent ?? "").replace(el.textContent ?? "", "").replace(/[\s\p{P}]/gu, "");
      return others.length > 8;
    };
    /** What a finger hits: a stretched link's (::after over its row) is the box it stretches over. */
    const hitBox = (el: Element) => {
      const after = getComputedStyle(el, "::after");
      if (after.position === "absolute" && after.content !== "none") {
        let holder = el.parentElement;
        while (holder && getComputedStyle(holder).position === "static") holder = holder.parentElement;
        if (holder) return holder.getBoundingClientRect();
      }
      return el.getBoundingClientRect();
    };
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el instanceof HTMLInputElement ? `[${el.type}]` : ""} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40)}"`;
    const out: string[] = [];
    const controls = document.querySelectorAll("a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], label");
    for (const el of controls) {
      if (el.tagName === "LABEL" && !el.querySelector("input[type=checkbox], input[type=radio]")) continue;
      // A checkbox or radio with a label is hit through its label, which is measured instead.
      if (el instanceof HTMLInputElement && (el.type === "checkbox" || el.type === "radio") && el.labels?.length) continue;
      if (!visible(el) || inText(el)) continue;
      const box = hitBox(el);
      if (box.width < min || box.height < min) out.push(`${name(el)} (${Math.round(box.width)}×${Math.round(box.height)})`);
    }
    return out;
  }, MIN_TARGET_PX);
  return found.map((what) => `${path}: ${what}`);
}
