#!/usr/bin/env node
// `npm test`: everything, in the order that fails fastest — type check, lint, unit and integration tests (Vitest on
// PGlite and a real PostgreSQL), production build, browser tests (Playwright driving Debian's Chromium).
// Installs Debian's chromium/postgresql when missing and running as root; otherwise says what to install.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureDebianPackages } from "./debian-packages.mjs";

ensureDebianPackages({ chromium: "browser tests", postgresql: "PostgreSQL integration tests" });

const reports = fs.mkdtempSync(path.join(os.tmpdir(), "casus-test-"));
const vitestReport = path.join(reports, "vitest.json");
const playwrightReport = path.join(reports, "playwright.json");

// Steps in a group run at the same time. Type check and build are single-threaded and independent (the build does
// not touch the types typegen writes), so on two cores they take about half as long side by side. Lint runs beside
// Vitest, whose workers leave about half a core idle (waiting on PostgreSQL, SMTP, S3 and timers); Playwright uses
// both cores and runs alone. A step marked `live` prints as it goes; the others print whole when they end.
const groups = [
  [
    { title: "Type check", cmd: "npm", args: ["run", "--silent", "typecheck"] },
    { title: "Production build", cmd: "npx", args: ["react-router", "build"], env: { NODE_ENV: "production" } },
  ],
  [
    { title: "Unit and integration tests", cmd: "npx", args: ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestReport}`], live: true },
    { title: "Lint", cmd: "npm", args: ["run", "--silent", "lint"] },
  ],
  [{ title: "Browser tests", cmd: "npx", args: ["playwright", "test"], env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport }, live: true }],
];

/** Runs one step: a live one prints as it goes, the others' output is printed whole when they end. */
function run(step) {
  const env = { ...process.env, ...step.env };
  if (step.live) {
    console.log(`\n▶ ${step.title}`);
    return new Promise((resolve) => {
      const child = spawn(step.cmd, step.args, { stdio: "inherit", env });
      child.on("error", (error) => console.error(String(error)));
      child.on("close", (status) => resolve(status ?? 1));
    });
  }
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(step.cmd, step.args, { stdio: ["ignore", "pipe", "pipe"], env });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", (error) => (output += String(error)));
    child.on("close", (status) => {
      console.log(`\n▶ ${step.title} (${Math.round((Date.now() - started) / 1000)} s)`);
      process.stdout.write(output);
      resolve(status ?? 1);
    });
  });
}

function counts() {
  let passed = 0;
  let failed = 0;
  try {
    const v = JSON.parse(fs.readFileSync(vitestReport, "utf8"));
    passed += v.numPassedTests ?? 0;
    failed += v.numFailedTests ?? 0;
  } catch {}
  try {
    const p = JSON.parse(fs.readFileSync(playwrightReport, "utf8"));
    passed += (p.stats?.expected ?? 0) + (p.stats?.flaky ?? 0);
    failed += p.stats?.unexpected ?? 0;
  } catch {}
  return { passed, failed };
}

const started = Date.now();
let exitCode = 0;
for (const group of groups) {
  const statuses = await Promise.all(group.map((step) => run(step)));
  const failedStep = group.find((_, i) => statuses[i] !== 0);
  if (failedStep) {
    for (const [i, step] of group.entries()) if (statuses[i] !== 0) console.error(`✖ ${step.title} failed`);
    exitCode = statuses.find((status) => status !== 0);
    break;
  }
}
const { passed, failed } = counts();
console.log(`\nFinished in ${Math.round((Date.now() - started) / 1000)} s`);
console.log(`${passed} passed, ${failed} failed`);
fs.rmSync(reports, { recursive: true, force: true });
process.exit(exitCode || (failed > 0 ? 1 : 0));
