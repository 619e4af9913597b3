#!/usr/bin/env node
/**
 * Training on the labelled set at the size the product promises (issue 13, point 4), end to end: the production
 * server on PGlite (demo data), N labelled 64×64 images saved through the API as the labelling pages save them,
 * then the /debug/ml training panel's own run on them in headless Chromium, as an administrator clicks it — the
 * thumbnails loaded over HTTP, then one epoch. Prints, per size: seconds to load the thumbnails and the server's
 * CPU-ms per thumbnail, seconds for the epoch, and the renderer's peak resident memory (a fresh browser per size).
 *
 *   node bench/ml-labelled.mjs [--sizes 1000,10000] [--no-build]
 *
 * Not part of `npm test` (several minutes at 10,000 images). bench/ml-browser.mjs measures training alone on
 * synthetic images, without a server.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { ensureDebianPackages } from "../scripts/debian-packages.mjs";
import { CHROMIUM, CHROMIUM_ARGS, DESKTOP_USER_AGENT } from "./lib/chromium.mjs";
import { cpuMs, memoryMiB, root, startCasus } from "./lib/process.mjs";
import { signIn } from "./lib/sign-in.mjs";

const { values: args } = parseArgs({ options: { sizes: { type: "string", default: "1000,10000" }, "no-build": { type: "boolean", default: false } } });
const sizes = args.sizes.split(",").map(Number).sort((a, b) => a - b);
ensureDebianPackages({ chromium: "this benchmark's browser" });

if (!args["no-build"]) {
  const built = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "ignore", env: { ...process.env, NODE_ENV: "production" } });
  if (built.status !== 0) throw new Error("the build failed (npx react-router build)");
}

/** Saves `count` labelled images (half in the ear, half not) from the page, six requests at a time. */
async function saveImages(page, count) {
  await page.evaluate(async (n) => {
    const canvas = new OffscreenCanvas(64, 64);
    const context = canvas.getContext("2d");
    const base64 = async (blob) => {
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let text = "";
      for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(text);
    };
    let next = 0;
    const worker = async () => {
      while (next < n) {
        const i = next++;
        const label = i % 2;
        context.fillStyle = label ? `hsl(${i % 360} 60% 35%)` : `hsl(${i % 360} 15% 85%)`;
        context.fillRect(0, 0, 64, 64);
        context.fillStyle = label ? "#111" : "#ccc";
        context.beginPath();
        context.arc(32, 32, 8 + (i % 20), 0, 2 * Math.PI);
        context.fill();
        const jpeg = await base64(await canvas.convertToBlob({ type: "image/jpeg", quality: 0.85 }));
        const response = await fetch("/api/ml/images", {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify({ label, source: "upload", width: 64, height: 64, image: jpeg, thumbnail: jpeg }),
        });
        if (response.status !== 201) throw new Error(`saving image ${i} answered ${response.status}: ${await response.text()}`);
      }
    };
    await Promise.all(Array.from({ length: 6 }, worker));
  }, count);
}

/** The renderer processes' peak resident memory, sampled from /proc while the page works. */
function watchRenderers(cdp) {
  const peaks = new Map();
  const sample = async () => {
    const { processInfo } = await cdp.send("SystemInfo.getProcessInfo").catch(() => ({ processInfo: [] }));
    for (const p of processInfo.filter((p) => p.type === "renderer")) {
      try {
        peaks.set(p.id, Math.max(peaks.get(p.id) ?? 0, memoryMiB(p.id).peak));
      } catch {
        // gone
      }
    }
  };
  const timer = setInterval(() => void sample(), 250);
  return {
    async stop() {
      clearInterval(timer);
      await sample();
      return Math.max(0, ...peaks.values());
    },
  };
}

/** The training panel's run on the whole labelled set, one epoch, in a fresh browser. */
async function trainOnLabelled(server, cookies, count) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ userAgent: DESKTOP_USER_AGENT, viewport: { width: 1280, height: 800 } });
    await context.addCookies(cookies);
    const page = await context.newPage();
    const renderers = watchRenderers(await browser.newBrowserCDPSession());
    await page.goto(`${server.url}/en/debug/ml`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const panel = page.getByTestId("training-panel");
    await panel.locator("#train-source").selectOption("labelled");
    await panel.locator("#train-epochs").fill("1");
    const status = page.getByTestId("train-status");
    const serverCpuBefore = cpuMs(server.pid);
    const started = performance.now();
    await page.getByTestId("train").click();
    await status.filter({ hasText: /^Epoch 0 of 1$/ }).waitFor({ timeout: 15 * 60_000 });
    const loadSeconds = (performance.now() - started) / 1000;
    const serverCpuPerImage = (cpuMs(server.pid) - serverCpuBefore) / count;
    await status.filter({ hasText: /^Epoch 1 of 1$/ }).waitFor({ timeout: 30 * 60_000 });
    const epochSeconds = (performance.now() - started) / 1000 - loadSeconds;
    return { loadSeconds, serverCpuPerImage, epochSeconds, rendererPeakMiB: await renderers.stop() };
  } finally {
    await browser.close();
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "casus-bench-labelled-"));
const server = await startCasus({ dataDir });
try {
  const { cookies } = await signIn(server.url, "admin@casus.test");
  console.log(`/debug/ml training on labelled images (PGlite, the panel's defaults but 1 epoch), load average ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`);
  let stored = 0;
  for (const size of sizes) {
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    const context = await browser.newContext({ userAgent: DESKTOP_USER_AGENT });
    await context.addCookies(cookies);
    const page = await context.newPage();
    await page.goto(`${server.url}/en/debug/ml`);
    const savingStarted = performance.now();
    await saveImages(page, size - stored);
    const savingSeconds = (performance.now() - savingStarted) / 1000;
    await browser.close();
    const added = size - stored;
    stored = size;
    const r = await trainOnLabelled(server, cookies, size);
    console.log(
      `${String(size).padStart(6)} images: thumbnails loaded in ${r.loadSeconds.toFixed(1)} s (server ${r.serverCpuPerImage.toFixed(2)} CPU-ms each) | ` +
        `1 epoch ${r.epochSeconds.toFixed(1)} s | renderer peak RSS ${r.rendererPeakMiB.toFixed(0)} MiB | ${added} images saved in ${savingSeconds.toFixed(0)} s`,
    );
  }
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
