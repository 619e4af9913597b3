#!/usr/bin/env node
/**
 * The in-ear model in headless Chromium (Debian's /usr/bin/chromium), per backend: inference ms per frame and
 * training seconds per epoch of 500 images; then the /debug/ml page's training (trainInBrowser, WASM backend) at
 * 1,000 and 10,000 synthetic images: seconds per epoch and peak memory. Not part of npm test.
 *
 *   node bench/ml-browser.mjs [--training-only] [--sizes 1000,10000] [--epochs 2]
 *
 * Builds bench/browser/ with Vite into a temporary folder, serves it on 127.0.0.1 (with the wasm MIME type) and
 * runs each backend in a fresh page. WebGL in headless Chromium is software only (SwiftShader). Each training size
 * gets a fresh browser, so the renderer's peak resident memory (VmHWM) belongs to that size alone.
 */
import http from "node:http";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { ensureDebianPackages } from "../scripts/debian-packages.mjs";
import { CHROMIUM, CHROMIUM_ARGS } from "./lib/chromium.mjs";
import { memoryMiB } from "./lib/process.mjs";

const { values: args } = parseArgs({
  options: {
    "training-only": { type: "boolean", default: false },
    sizes: { type: "string", default: "1000,10000" },
    epochs: { type: "string", default: "2" },
  },
});
const sizes = args.sizes.split(",").map(Number);
const epochs = Number(args.epochs);
ensureDebianPackages({ chromium: "this benchmark's browser" });

const root = path.dirname(fileURLToPath(import.meta.url));
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "casus-bench-"));
// The app's "~" alias (vite.config.ts): app/ml/browser/runtime.ts imports through it.
await build({
  configFile: false,
  root: path.join(root, "browser"),
  logLevel: "warn",
  resolve: { alias: { "~": path.join(root, "../app") } },
  build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 5000 },
});

const TYPES = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm" };
const server = http.createServer((req, res) => {
  const file = path.join(outDir, decodeURIComponent(new URL(req.url, "http://x").pathname).replace(/^\/$/, "/index.html"));
  if (!file.startsWith(outDir) || !fs.existsSync(file)) return res.writeHead(404).end();
  res.writeHead(200, { "Content-Type": TYPES[path.extname(file)] ?? "application/octet-stream" });
  fs.createReadStream(file).pipe(res);
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const url = `http://127.0.0.1:${server.address().port}/`;

async function backends() {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    // WebGL needs the GPU process (SwiftShader), so everything but --disable-gpu.
    args: [
      ...CHROMIUM_ARGS.filter((a) => a !== "--disable-gpu"),
      "--use-angle=swiftshader",
      "--enable-unsafe-swiftshader",
      "--ignore-gpu-blocklist",
    ],
  });
  console.log(`in-ear model in headless Chromium ${browser.version()}; epoch = 500 images in batches of 32`);
  const plans = [
    ["wasm", { frames: 300, steps: 8 }],
    ["webgl", { frames: 100, steps: 3 }],
    ["cpu", { frames: 30, steps: 1 }],
  ];
  try {
    for (const [backend, options] of plans) {
      const page = await browser.newPage();
      await page.goto(url);
      await page.waitForFunction(() => document.title === "ready");
      const r = await page.evaluate(([b, o]) => window.bench(b, o), [backend, options]);
      if (!r.available) console.log(`${backend.padEnd(5)} not available: ${r.error}`);
      else
        console.log(
          `${backend.padEnd(5)} inference ${r.inferenceMs.toFixed(2)} ms/frame | training ${r.stepMs.toFixed(0)} ms/step, ${r.epochSeconds.toFixed(1)} s/epoch` +
            (r.renderer ? ` | ${r.renderer}` : ""),
        );
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

/** Peak resident memory of a process in bytes, from /proc (null once it is gone). */
function peakBytes(pid) {
  try {
    return memoryMiB(pid).peak * 2 ** 20;
  } catch {
    return null;
  }
}

/** One training size in a fresh browser: the page's training, then the renderer's peak RSS. */
async function trainingAtSize(count) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const cdp = await browser.newBrowserCDPSession();
  const renderers = new Map(); // pid → last peak seen (kept if the process dies, e.g. out of memory)
  const watch = async () => {
    const { processInfo } = await cdp.send("SystemInfo.getProcessInfo").catch(() => ({ processInfo: [] }));
    for (const p of processInfo.filter((p) => p.type === "renderer")) if (!renderers.has(p.id)) renderers.set(p.id, 0);
    for (const pid of renderers.keys()) {
      const peak = peakBytes(pid);
      if (peak !== null) renderers.set(pid, Math.max(renderers.get(pid), peak));
    }
  };
  // The renderer runs training synchronously between awaits; the sampling runs in this Node process.
  const sampler = setInterval(() => void watch(), 250);
  const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
  try {
    const page = await browser.newPage();
    await page.goto(url);
    await page.waitForFunction(() => document.title === "ready");
    await watch();
    const started = performance.now();
    const r = await page
      .evaluate(([n, e]) => window.trainAtSize(n, e), [count, epochs])
      .catch((error) => ({ error: String(error).split("\n")[0] }));
    const wall = (performance.now() - started) / 1000;
    await watch();
    const rss = Math.max(0, ...renderers.values());
    if (r.error) {
      console.log(`${String(count).padStart(6)} images: FAILED after ${wall.toFixed(0)} s (${r.error}); renderer peak RSS ${mib(rss)}`);
      return;
    }
    const s = r.perEpoch.map((e) => e.seconds);
    console.log(
      `${String(count).padStart(6)} images (${r.trainSize} train / ${r.validationSize} validation): ` +
        `${(s.reduce((a, b) => a + b, 0) / s.length).toFixed(1)} s/epoch [${s.map((x) => x.toFixed(1)).join(", ")}; training part ` +
        `${r.perEpoch.map((e) => e.trainSeconds.toFixed(1)).join(", ")}] | peak: renderer RSS ${mib(rss)}, tensors ${mib(r.peakTensorBytes)}, ` +
        `WASM memory ${mib(r.wasmMemoryBytes)} | longest time without a frame ${(r.longestFrameGapMs / 1000).toFixed(2)} s | images generated in ${r.generateSeconds.toFixed(1)} s | ` +
        `last epoch loss ${r.perEpoch.at(-1).loss.toFixed(3)}, validation accuracy ${r.perEpoch.at(-1).valAcc.toFixed(3)} | tensors left ${r.tensorsLeft}`,
    );
  } finally {
    clearInterval(sampler);
    await browser.close();
  }
}

try {
  if (!args["training-only"]) await backends();
  console.log(
    `/debug/ml training on WASM (trainInBrowser, batch 32, validation 0.2), ${epochs} epoch(s), load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  for (const count of sizes) await trainingAtSize(count);
} finally {
  server.close();
  fs.rmSync(outDir, { recursive: true, force: true });
}
