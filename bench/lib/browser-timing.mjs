/**
 * Time to first byte and to hydration of a page in headless Chromium (Debian's /usr/bin/chromium), for the page
 * benchmark: `loads` navigations with a cold cache (a new browser context each) and as many with a warm one (the
 * same context again, scripts from the HTTP cache). Hydration is when the root sets `<html data-hydrated>`
 * (app/root.tsx), read by a MutationObserver the page gets before its own scripts. The same navigation to the bare
 * Node server gives the yardstick for the first byte.
 */
import { chromium } from "@playwright/test";
import { CHROMIUM, CHROMIUM_ARGS, DESKTOP_USER_AGENT } from "./chromium.mjs";

function watchHydration() {
  const mark = () => {
    if (document.documentElement.hasAttribute("data-hydrated")) window.__hydratedAt ??= performance.now();
  };
  // The init script runs before the parser has made <html>, so watch the document's whole tree.
  new MutationObserver(mark).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-hydrated"] });
}

async function navigate(context, url, { hydrates }) {
  const page = await context.newPage();
  try {
    await page.goto(url, { waitUntil: "load" });
    if (hydrates) await page.waitForFunction(() => window.__hydratedAt !== undefined, null, { timeout: 30_000 });
    return await page.evaluate(() => {
      const [nav] = performance.getEntriesByType("navigation");
      return { ttfbMs: nav.responseStart - nav.startTime, hydratedMs: window.__hydratedAt ?? null };
    });
  } finally {
    await page.close();
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function summarise(samples) {
  return {
    ttfbMs: median(samples.map((s) => s.ttfbMs)),
    hydratedMs: samples[0].hydratedMs === null ? null : median(samples.map((s) => s.hydratedMs)),
    samples: samples.length,
  };
}

/** Medians over `loads` navigations each: { bare, cold, warm } with ttfbMs and hydratedMs (null for bare). */
export async function browserTiming({ url, bareUrl, loads = 7 }) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const contextOptions = { userAgent: DESKTOP_USER_AGENT, viewport: { width: 390, height: 844 } };
    const cold = [];
    const bare = [];
    for (let i = 0; i < loads; i++) {
      const context = await browser.newContext(contextOptions);
      await context.addInitScript(watchHydration);
      cold.push(await navigate(context, url, { hydrates: true }));
      await context.close();
      const bareContext = await browser.newContext(contextOptions);
      bare.push(await navigate(bareContext, bareUrl, { hydrates: false }));
      await bareContext.close();
    }
    const context = await browser.newContext(contextOptions);
    await context.addInitScript(watchHydration);
    await navigate(context, url, { hydrates: true });
    const warm = [];
    for (let i = 0; i < loads; i++) warm.push(await navigate(context, url, { hydrates: true }));
    await context.close();
    return { bare: summarise(bare), cold: summarise(cold), warm: summarise(warm) };
  } finally {
    await browser.close();
  }
}
