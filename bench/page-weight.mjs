#!/usr/bin/env node
/**
 * Page weight (issue 16): the JavaScript each main page makes Chromium load — every script response until the
 * network is idle, lazy chunks included — gzipped (level 6, each file on its own, as the server sends them), and
 * whether TensorFlow.js is among it. Not part of npm test (tests/e2e/page-weight.spec.ts holds the budget there).
 *
 *   npm run build && node bench/page-weight.mjs
 *
 * Starts the production server with demo data on a throw-away embedded database and Debian's Chromium. The
 * sign-in page's budget is 150 KB; the ratio printed is bytes over budget (under 1.00 is within it).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { chromium } from "@playwright/test";
import { ensureDebianPackages } from "../scripts/debian-packages.mjs";
import { CHROMIUM, CHROMIUM_ARGS, DESKTOP_USER_AGENT } from "./lib/chromium.mjs";
import { startCasus } from "./lib/process.mjs";
import { DEMO_PASSWORD } from "./lib/sign-in.mjs";

const SIGN_IN_BUDGET = 150 * 1024;
ensureDebianPackages({ chromium: "this benchmark's browser" });
/** The model's code: @tensorflow chunks and the app's own model runtime. */
const TENSORFLOW = /tfjs|tensorflow|ml-client|model-runtime/i;

async function weigh(page, go) {
  const scripts = new Map();
  const pending = [];
  let html = "";
  const onResponse = (response) => {
    if (response.request().resourceType() === "document") pending.push(response.text().then((text) => (html = text), () => {}));
    if (response.request().resourceType() !== "script") return;
    pending.push(
      response.body().then(
        (body) => scripts.set(response.url(), zlib.gzipSync(body).length),
        () => {},
      ),
    );
  };
  page.on("response", onResponse);
  await go();
  await page.waitForLoadState("networkidle");
  await Promise.all(pending);
  page.off("response", onResponse);
  const named = [...scripts.entries()].map(([url, bytes]) => ({ file: new URL(url).pathname.split("/").pop(), bytes }));
  const sum = (list) => list.reduce((a, f) => a + f.bytes, 0);
  return {
    gzipBytes: sum(named),
    // What the HTML names (entry, module preloads, route modules) loads before the page is interactive; the rest
    // is imported afterwards (charts, the model, the password dictionaries).
    initialBytes: sum(named.filter((f) => html.includes(f.file))),
    files: named.length,
    largest: named.sort((a, b) => b.bytes - a.bytes).slice(0, 3).map((f) => `${f.file.replace(/-[\w-]{8}\.js$/, "")} ${(f.bytes / 1024).toFixed(0)}`),
    tensorflow: named.some((f) => TENSORFLOW.test(f.file)),
  };
}

async function signedIn(browser, base, email) {
  const context = await browser.newContext({ userAgent: DESKTOP_USER_AGENT, locale: "nl-NL" });
  const page = await context.newPage();
  await page.goto(`${base}/`);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await Promise.all([page.waitForURL((url) => url.pathname !== "/"), page.locator('form:has(input[name="password"]) button[type="submit"]').click()]);
  return page;
}

/** A fresh page in the same context, so nothing is served from the previous page's memory. */
async function fresh(page) {
  const next = await page.context().newPage();
  await page.close();
  return next;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "casus-weight-"));
const server = await startCasus({ dataDir });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
const rows = [];
try {
  const anonymous = await (await browser.newContext({ userAgent: DESKTOP_USER_AGENT, locale: "nl-NL" })).newPage();
  rows.push(["sign-in", await weigh(anonymous, () => anonymous.goto(`${server.url}/`))]);

  let pro = await signedIn(browser, server.url, "pro@casus.test");
  const home = new URL(pro.url()).pathname;
  pro = await fresh(pro);
  rows.push(["professional home", await weigh(pro, () => pro.goto(`${server.url}${home}`))]);
  const draft = await pro.locator('a[href*="/case?dossier="]').first().getAttribute("href");
  pro = await fresh(pro);
  rows.push(["new dossier", await weigh(pro, () => pro.goto(`${server.url}${home}/case`))]);
  pro = await fresh(pro);
  rows.push(["draft dossier", await weigh(pro, () => pro.goto(`${server.url}${draft}`))]);

  let supervisor = await signedIn(browser, server.url, "supervisor@casus.test");
  const review = await supervisor.locator('a[href*="/supervisor/case/"]').first().getAttribute("href");
  supervisor = await fresh(supervisor);
  rows.push(["review", await weigh(supervisor, () => supervisor.goto(`${server.url}${review}`))]);
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`.padStart(9);
console.log("page                 JS gzip  of it named in the HTML  files  TensorFlow.js  vs 150 KB  largest (KB)");
for (const [name, r] of rows) {
  console.log(
    `${name.padEnd(20)} ${kb(r.gzipBytes)}  ${kb(r.initialBytes).padStart(22)}  ${String(r.files).padStart(5)}  ${(r.tensorflow ? "loaded" : "no").padEnd(13)}  ${(r.gzipBytes / SIGN_IN_BUDGET).toFixed(2).padStart(9)}  ${r.largest.join(", ")}`,
  );
}
