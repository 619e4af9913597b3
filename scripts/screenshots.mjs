#!/usr/bin/env node
/**
 * Screenshots of the main pages at a phone's size (390×844) and a desktop's (1280×800), into docs/screenshots/,
 * so the README shows the product as it is (issue 16). Run after a build:
 *
 *   npm run build && node scripts/screenshots.mjs
 *
 * Starts the production server with demo data (made up) on a throw-away embedded database, drives Debian's
 * Chromium, and signs in as the demo accounts. Each page is taken whole (full page), in Dutch, the default.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { root, startCasus } from "../bench/lib/process.mjs";

const OUT = path.join(root, "docs", "screenshots");
const DEMO_PASSWORD = "casus-demo-2026";
const ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const DESKTOP_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
const SIZES = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 },
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
};

/** Who is signed in, and where each page is (some addresses are read off the page before). */
const PAGES = [
  { name: "sign-in", as: null, path: async () => "/" },
  { name: "professional-home", as: "pro@casus.test", path: async (page) => new URL(page.url()).pathname },
  { name: "new-dossier", as: "pro@casus.test", path: async (page) => `${new URL(page.url()).pathname}/case` },
  // The professional's steps on a draft of the demo: the recording, and the reasoning per ear.
  { name: "dossier-recording", as: "pro@casus.test", path: async (page) => `${await draftOf(page)}&step=recording` },
  {
    name: "dossier-reasoning",
    as: "pro@casus.test",
    path: async (page) => {
      const draft = new URL(await draftOf(page), "http://x");
      return `${draft.pathname}/${draft.searchParams.get("dossier")}/klinisch-redeneren?step=reasoning`;
    },
  },
  { name: "review-queue", as: "supervisor@casus.test", path: async () => "/supervisor" },
  // A dossier this supervisor is reviewing: the review beside the professional's reasoning, the action bar below.
  {
    name: "review",
    as: "supervisor@casus.test",
    path: async (page) => page.locator('[data-testid="mine"] a[href*="/supervisor/case/"], a[href*="/supervisor/case/"]').first().getAttribute("href"),
    // Claimed first (on the throw-away database), so the review form shows; the screen as seen, with the bar at its foot.
    prepare: async (page) => {
      const claim = page.getByRole("button", { name: "Oppakken" });
      if (await claim.count()) await claim.click();
      await page.getByTestId("review-form").waitFor();
    },
    fullPage: false,
  },
  { name: "reporting", as: "admin@casus.test", path: async () => "/reporting" },
  { name: "admin-organisations", as: "admin@casus.test", path: async () => "/admin/organisaties" },
];

/** The first draft on the professional's home page (its link opens the draft's page). */
async function draftOf(page) {
  return page.locator('a[href*="/case?dossier="]').first().getAttribute("href");
}

async function signIn(page, base, email) {
  await page.goto(`${base}/`);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await Promise.all([page.waitForURL((url) => url.pathname !== "/"), page.locator('form:has(input[name="password"]) button[type="submit"]').click()]);
  if (email.startsWith("supervisor")) await page.goto(`${base}/supervisor`);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "casus-screens-"));
const server = await startCasus({ dataDir });
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ARGS });
fs.mkdirSync(OUT, { recursive: true });
const written = [];
try {
  for (const [size, options] of Object.entries(SIZES)) {
    const contexts = new Map();
    for (const spec of PAGES) {
      if (!contexts.has(spec.as)) {
        const context = await browser.newContext({ ...options, userAgent: DESKTOP_AGENT, locale: "nl-NL", reducedMotion: "reduce" });
        const page = await context.newPage();
        if (spec.as) await signIn(page, server.url, spec.as);
        contexts.set(spec.as, { context, page, home: page.url() });
      }
      const { page, home } = contexts.get(spec.as);
      await page.goto(home);
      const target = await spec.path(page);
      await page.goto(`${server.url}${target}`);
      await page.waitForLoadState("networkidle");
      await spec.prepare?.(page);
      const file = path.join(OUT, `${spec.name}-${size}.png`);
      await page.screenshot({ path: file, fullPage: spec.fullPage ?? true });
      written.push(path.relative(root, file));
    }
    for (const { context } of contexts.values()) await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.log(`Wrote ${written.length} screenshots:\n${written.map((f) => `  ${f}`).join("\n")}`);
