#!/usr/bin/env node
// `npm test`: everything, in the order that fails fastest — type check, lint, unit and integration tests (Vitest on
// PGlite and a real PostgreSQL), production build, browser tests (Playwright driving Debian's Chromium).
// Installs Debian's chromium/postgresql when missing and running as root; otherwise says what to install.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const CHROMIUM = "/usr/bin/chromium";

function postgresInstalled() {
  const root = "/usr/lib/postgresql";
  return fs.existsSync(root) && fs.readdirSync(root).some((v) => fs.existsSync(path.join(root, v, "bin", "postgres")));
}

const needed = [
  { name: "chromium", present: () => fs.existsSync(CHROMIUM), why: "browser tests" },
  { name: "postgresql", present: postgresInstalled, why: "PostgreSQL integration tests" },
].filter((p) => !p.present());

if (needed.length) {
  const names = needed.map((p) => p.name).join(" ");
  if (process.getuid?.() !== 0) {
    console.error(`Tests need Debian's ${names} (${needed.map((p) => p.why).join(", ")}): run "sudo apt-get install -y ${names}" and try again.`);
    process.exit(1);
  }
  console.log(`Installing Debian packages: ${names}`);
  for (const args of [["update"], ["install", "-y", "--no-install-recommends", ...needed.map((p) => p.name)]]) {
    const result = spawnSync("apt-get", args, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

const reports = fs.mkdtempSync(path.join(os.tmpdir(), "casus-test-"));
const vitestReport = path.join(reports, "vitest.json");
const playwrightReport = path.join(reports, "playwright.json");

const steps = [
  { title: "Type check", cmd: "npm", args: ["run", "--silent", "typecheck"] },
  { title: "Lint", cmd: "npm", args: ["run", "--silent", "lint"] },
  { title: "Unit and integration tests", cmd: "npx", args: ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestReport}`] },
  { title: "Production build", cmd: "npx", args: ["react-router", "build"], env: { NODE_ENV: "production" } },
  { title: "Browser tests", cmd: "npx", args: ["playwright", "test"], env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport } },
];

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
for (const step of steps) {
  console.log(`\n▶ ${step.title}`);
  const result = spawnSync(step.cmd, step.args, { stdio: "inherit", env: { ...process.env, ...step.env } });
  if (result.status !== 0) {
    console.error(`✖ ${step.title} failed`);
    exitCode = result.status ?? 1;
    break;
  }
}
const { passed, failed } = counts();
console.log(`\nFinished in ${Math.round((Date.now() - started) / 1000)} s`);
console.log(`${passed} passed, ${failed} failed`);
fs.rmSync(reports, { recursive: true, force: true });
process.exit(exitCode || (failed > 0 ? 1 : 0));
