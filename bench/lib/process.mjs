/** Child processes for the benchmark: the production server, a bare Node server, and what /proc says about them. */
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "../..");

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url, child, what) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${what} exited during start-up (code ${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill("SIGKILL");
  throw new Error(`${what} did not answer ${url} within 60 s`);
}

/**
 * `node server.js` in production with demo data, BENCH_STATS=on and quiet logs. `cpuProfileDir` adds
 * --cpu-prof (written when the process exits after SIGTERM); `env` adds or overrides settings.
 */
export async function startCasus({ dataDir, databaseUrl = null, cpuProfileDir = null, env: extra = {} }) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = {
    PATH: process.env.PATH,
    NODE_ENV: "production",
    DEMO: "on",
    BENCH_STATS: "on",
    PORT: String(port),
    HOST: "127.0.0.1",
    BASE_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...extra,
  };
  const args = [...(cpuProfileDir ? ["--cpu-prof", `--cpu-prof-dir=${cpuProfileDir}`] : []), "server.js"];
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ["ignore", "ignore", "inherit"] });
  await waitFor(`${url}/healthz`, child, "the Casus server");
  return {
    url,
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    },
  };
}

/** The yardstick: Node's http module answering a small fixed page, in its own process like the app. */
export async function startBare() {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(import.meta.dirname, "bare-server.mjs"), String(port)], { stdio: ["ignore", "ignore", "inherit"] });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(url, child, "the bare Node server");
  return {
    url,
    pid: child.pid,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once("exit", resolve)));
    },
  };
}

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * CPU milliseconds (user + system) a process has used so far, from /proc (10 ms resolution); with `thread`, those of
 * one of its threads only (the process's id is its main thread, the one that runs JavaScript's event loop).
 */
export function cpuMs(pid, thread = null) {
  const stat = fs.readFileSync(thread === null ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/** Resident memory now and its peak so far (VmRSS, VmHWM), in MiB. */
export function memoryMiB(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = (name) => Number(new RegExp(`^${name}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? 0);
  return { rss: kib("VmRSS") / 1024, peak: kib("VmHWM") / 1024 };
}
