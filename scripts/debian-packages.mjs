// The Debian packages that `npm test` and the benchmarks run beside Node: Chromium (browser tests, the browser
// timings) and the PostgreSQL server (integration tests, the PostgreSQL runs). One place for where each is looked
// for and how a missing one is installed: with apt-get when running as root, else a one-line instruction.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export const CHROMIUM = "/usr/bin/chromium";

function postgresInstalled() {
  const root = "/usr/lib/postgresql";
  return fs.existsSync(root) && fs.readdirSync(root).some((v) => fs.existsSync(path.join(root, v, "bin", "postgres")));
}

const PACKAGES = {
  chromium: () => fs.existsSync(CHROMIUM),
  postgresql: postgresInstalled,
};

/**
 * Makes sure the packages named in `wanted` (`{ chromium: "browser tests", … }`: each package with what needs it)
 * are installed. As root a missing one is installed; otherwise this prints what to run and ends the process.
 */
export function ensureDebianPackages(wanted) {
  const missing = Object.keys(wanted).filter((name) => !PACKAGES[name]());
  if (!missing.length) return;
  const names = missing.join(" ");
  if (process.getuid?.() !== 0) {
    console.error(`Debian's ${names} ${missing.length === 1 ? "is" : "are"} needed (${missing.map((name) => wanted[name]).join(", ")}): run "sudo apt-get install -y ${names}" and try again.`);
    process.exit(1);
  }
  console.log(`Installing Debian packages: ${names}`);
  for (const args of [["update"], ["install", "-y", "--no-install-recommends", ...missing]]) {
    const result = spawnSync("apt-get", args, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
