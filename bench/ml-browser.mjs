#!/usr/bin/env node
/**
 * The in-ear model in headless Chromium (Debian's /usr/bin/chromium), per backend: inference ms per frame and
 * training seconds per epoch of 500 images. Not part of npm test.   node bench/ml-browser.mjs
 *
 * Builds bench/browser/ with Vite into a temporary folder, serves it on 127.0.0.1 (with the wasm MIME type) and
 * runs each backend in a fresh page. WebGL in headless Chromium is software only (SwiftShader).
 */
import http from "node:http";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";
import { chromium } from "@playwright/test";

const root = path.dirname(fileURLToPath(import.meta.url));
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "casus-bench-"));
await build({ configFile: false, root: path.join(root, "browser"), logLevel: "warn", build: { outDir, emptyOutDir: true } });

const TYPES = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm" };
const server = http.createServer((req, res) => {
  const file = path.join(outDir, decodeURIComponent(new URL(req.url, "http://x").pathname).replace(/^\/$/, "/index.html"));
  if (!file.startsWith(outDir) || !fs.existsSync(file)) return res.writeHead(404).end();
  res.writeHead(200, { "Content-Type": TYPES[path.extname(file)] ?? "application/octet-stream" });
  fs.createReadStream(file).pipe(res);
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const url = `http://127.0.0.1:${server.address().port}/`;

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--ignore-gpu-blocklist"],
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
  server.close();
  fs.rmSync(outDir, { recursive: true, force: true });
}
