/**
 * A real, throw-away PostgreSQL server for integration tests: initdb into a temporary directory, listen on
 * 127.0.0.1 on a free port (socket directory inside the temporary directory), fsync off. PostgreSQL refuses to
 * run as root, so as root the server runs as the `postgres` system user (runuser). Missing binaries are an
 * error with the one command that fixes it — these tests do not skip.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export interface PostgresServer {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  port: number;
  stop(): Promise<void>;
}

const INSTALL_HINT = "PostgreSQL server binaries (initdb, postgres) not found; install them with: apt-get install -y postgresql";

function versionOf(dir: string): number {
  return Number.parseFloat(path.basename(path.dirname(dir))) || 0;
}

function hasServerBinaries(dir: string): boolean {
  return fs.existsSync(path.join(dir, "initdb")) && fs.existsSync(path.join(dir, "postgres"));
}

export function findPostgresBinDir(): string {
  const root = "/usr/lib/postgresql";
  const candidates = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .map((version) => path.join(root, version, "bin"))
        .sort((a, b) => versionOf(b) - versionOf(a))
    : [];
  try {
    candidates.push(execFileSync("pg_config", ["--bindir"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim());
  } catch {
    // No pg_config on PATH: the glob above is all we have.
  }
  const found = candidates.find(hasServerBinaries);
  if (!found) throw new Error(INSTALL_HINT);
  return found;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const asRoot = process.getuid?.() === 0;

/** The command line that runs `bin` as a user PostgreSQL accepts. */
function command(bin: string, args: string[]): [string, string[]] {
  return asRoot ? ["runuser", ["-u", "postgres", "--", bin, ...args]] : [bin, args];
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      resolve();
    }, timeoutMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

async function waitUntilReady(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`PostgreSQL exited during start-up (code ${child.exitCode}):\n${log()}`);
    const client = new pg.Client({ connectionString: url });
    client.on("error", () => {});
    try {
      await client.connect();
      await client.query("select 1");
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => {});
      if (Date.now() > deadline) throw new Error(`PostgreSQL did not accept connections within 20 s: ${String(error)}\n${log()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** The postmaster's own pid (under runuser, the spawned child is runuser itself). */
function postmasterPid(dataDir: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0], 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function signal(pid: number | null, name: NodeJS.Signals): void {
  if (pid === null) return;
  try {
    process.kill(pid, name);
  } catch {
    // Already gone.
  }
}

export async function startPostgres(): Promise<PostgresServer> {
  const bin = findPostgresBinDir();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "casus-pg-"));
  const dataDir = path.join(root, "data");
  const socketDir = path.join(root, "socket");
  fs.mkdirSync(socketDir);
  if (asRoot) execFileSync("chown", ["-R", "postgres:", root]);
  const removeDir = () => fs.rmSync(root, { recursive: true, force: true });

  try {
    const [initdb, initArgs] = command(path.join(bin, "initdb"), ["-D", dataDir, "-U", "postgres", "--auth=trust", "--no-sync", "--encoding=UTF8", "--locale=C"]);
    execFileSync(initdb, initArgs, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
  } catch (error) {
    removeDir();
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? "";
    throw new Error(`initdb failed: ${String(error)}\n${stderr}`);
  }

  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const [postgres, args] = command(path.join(bin, "postgres"), [
      "-D", dataDir,
      "-p", String(port),
      "-k", socketDir,
      "-c", "listen_addresses=127.0.0.1",
      "-c", "fsync=off",
      "-c", "synchronous_commit=off",
      "-c", "full_page_writes=off",
      "-c", "max_connections=100",
    ]);
    const child = spawn(postgres, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;

    // If the test process dies without stop(), do not leave a server behind.
    const onExit = () => {
      signal(postmasterPid(dataDir), "SIGQUIT");
      child.kill("SIGKILL");
      removeDir();
    };
    process.once("exit", onExit);

    try {
      await waitUntilReady(url, child, () => output);
    } catch (error) {
      process.removeListener("exit", onExit);
      signal(postmasterPid(dataDir), "SIGQUIT");
      child.kill("SIGKILL");
      await waitForExit(child, 5_000);
      // Another process may have taken the port between our probe and PostgreSQL's bind: try another.
      if (attempt < 3 && /could not (bind|create listen socket)|address already in use/i.test(output)) continue;
      removeDir();
      throw error;
    }

    return {
      url,
      port,
      async stop() {
        process.removeListener("exit", onExit);
        // SIGINT is PostgreSQL's "fast shutdown": end sessions, checkpoint, exit.
        signal(postmasterPid(dataDir), "SIGINT");
        child.kill("SIGINT");
        await waitForExit(child, 10_000);
        removeDir();
      },
    };
  }
}
