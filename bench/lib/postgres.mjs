/**
 * A throw-away PostgreSQL server for the benchmark, started the way the integration tests start theirs
 * (tests/support/postgres.ts): initdb into a temporary directory, 127.0.0.1 on a free port, fsync off, and as
 * root run as the `postgres` system user. Plain JavaScript so `npm run bench` needs no TypeScript loader.
 */
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "./process.mjs";

function binDir() {
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a)) : [];
  const found = versions.map((v) => path.join(root, v, "bin")).find((dir) => fs.existsSync(path.join(dir, "postgres")));
  if (!found) throw new Error("PostgreSQL server binaries not found; install them with: apt-get install -y postgresql");
  return found;
}

const asRoot = process.getuid?.() === 0;
const command = (bin, args) => (asRoot ? ["runuser", ["-u", "postgres", "--", bin, ...args]] : [bin, args]);

export async function startPostgres() {
  const bin = binDir();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "casus-bench-pg-"));
  const dataDir = path.join(root, "data");
  const socketDir = path.join(root, "socket");
  fs.mkdirSync(socketDir);
  if (asRoot) execFileSync("chown", ["-R", "postgres:", root]);
  const [initdb, initArgs] = command(path.join(bin, "initdb"), ["-D", dataDir, "-U", "postgres", "--auth=trust", "--no-sync", "--encoding=UTF8", "--locale=C"]);
  execFileSync(initdb, initArgs, { cwd: root, stdio: "ignore" });
  const port = await freePort();
  const [postgres, args] = command(path.join(bin, "postgres"), [
    "-D", dataDir, "-p", String(port), "-k", socketDir,
    "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off",
  ]);
  const child = spawn(postgres, args, { cwd: root, stdio: "ignore" });
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const pidOf = () => {
    try {
      return Number.parseInt(fs.readFileSync(path.join(dataDir, "postmaster.pid"), "utf8"), 10) || null;
    } catch {
      return null;
    }
  };
  const stop = async () => {
    const pid = pidOf();
    if (pid) {
      try {
        process.kill(pid, "SIGINT");
      } catch {}
    }
    await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once("exit", resolve)));
    fs.rmSync(root, { recursive: true, force: true });
  };
  for (let i = 0; ; i++) {
    const client = new pg.Client({ connectionString: url });
    client.on("error", () => {});
    try {
      await client.connect();
      await client.end();
      break;
    } catch (error) {
      await client.end().catch(() => {});
      if (i > 200) {
        await stop();
        throw new Error(`PostgreSQL did not start: ${error}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { url, stop };
}
