/**
 * Page weight (issue 16 point 6), as Chromium loads it: the sign-in page's JavaScript stays under 150 KB gzipped;
 * pages that do not run the in-ear model never load TensorFlow.js; the professional's home page paints before
 * the charting library arrives. bench/page-weight.mjs prints the figures of every main page.
 */
import zlib from "node:zlib";
import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./support/fixtures";

const SIGN_IN_BUDGET = 150 * 1024;
const TENSORFLOW = /tfjs|tensorflow|ml-client/i;

/** Every script the page loads until the network is idle: file name, gzipped size, and whether the HTML names it. */
async function scriptsOf(page: Page, go: () => Promise<unknown>, ready?: () => Promise<unknown>) {
  // Names first, bytes after: a body Chromium has dropped (a response of the page just left) cannot be read, so the
  // scripts are fetched again — the same immutable files.
  const urls = new Set<string>();
  const onRequest = (request: import("@playwright/test").Request) => {
    if (request.resourceType() === "script") urls.add(request.url());
  };
  page.on("request", onRequest);
  const response = await go();
  await page.waitForLoadState("networkidle");
  // A part loaded after the page (the home page's chart) may start after the network first fell idle.
  if (ready) {
    await ready();
    await page.waitForLoadState("networkidle");
  }
  page.off("request", onRequest);
  const html = response && typeof response === "object" && "text" in response ? await (response as import("@playwright/test").Response).text() : await page.content();
  return Promise.all(
    [...urls].map(async (url) => {
      const body = await (await page.request.get(url)).body();
      const file = new URL(url).pathname.split("/").pop()!;
      return { file, gzip: zlib.gzipSync(body).length, inHtml: html.includes(file) };
    }),
  );
}

test("the sign-in page loads under 150 KB of JavaScript (gzip), and no TensorFlow.js", async ({ page }) => {
  const scripts = await scriptsOf(page, () => page.goto("/"));
  const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
  expect(total, scripts.map((s) => `${s.file} ${s.gzip}`).join("\n")).toBeLessThan(SIGN_IN_BUDGET);
  expect(scripts.filter((s) => TENSORFLOW.test(s.file))).toEqual([]);
});

test("the professional's pages load no TensorFlow.js until the camera opens; the home page's chart comes after the page", async ({ page }) => {
  await signIn(page, "pro@casus.test");
  const home = new URL(page.url()).pathname;
  // The home page shows the professional's learning curve: its library is not among what the HTML names.
  const homeScripts = await scriptsOf(
    page,
    () => page.reload(),
    // The chart's box is in the server's HTML; the chart itself is drawn once its library has loaded.
    () => expect(page.getByTestId("chart").first().locator(".recharts-responsive-container")).toBeAttached(),
  );
  const chart = homeScripts.filter((s) => /LineChart|recharts/i.test(s.file));
  expect(chart.length).toBeGreaterThan(0);
  expect(chart.filter((s) => s.inHtml)).toEqual([]);
  expect(homeScripts.filter((s) => TENSORFLOW.test(s.file))).toEqual([]);

  const newDossier = await scriptsOf(page, () => page.goto(`${home}/case`));
  expect(newDossier.filter((s) => TENSORFLOW.test(s.file))).toEqual([]);
});
