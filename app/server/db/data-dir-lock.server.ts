/**
 * One process per embedded database. PGlite has no lock of its own (its postmaster.pid holds a fixed -42), and two
 * processes writing one data directory corrupt it: a second `npm run demo` or `npm start` beside a running one
 * would do so silently. A lock file with the owner's process id makes the second refuse to start instead.
 */
import fs from "node:fs";
import path from "node:path";

export const LOCK_FILE = "pglite.lock";

export class DataDirectoryInUseError extends Error {
  constructor(
    readonly lockFile: string,
    readonly ownerPid: number,
  ) {
    super(
      `Another process (pid ${ownerPid}) is using the embedded database in ${path.dirname(lockFile)}. ` +
        `Stop it first, or give this one its own DATA_DIR (or a DATABASE_URL). ` +
        `If no such process is running, delete ${lockFile}.`,
    );
    this.name = "DataDirectoryInUseError";
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function ownerOf(file: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, "utf8"), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Takes the data directory's lock for this process, or throws DataDirectoryInUseError while another running
 * process holds it. A lock left by a process that has ended (a crash, a kill) is taken over. Returns the release.
 */
export function lockDataDirectory(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx" });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = ownerOf(file);
      // Our own pid: a container restarted after a crash hands out the same small pids again.
      if (owner !== null && owner !== process.pid && isRunning(owner)) throw new DataDirectoryInUseError(file, owner);
      // Stale (or unreadable, as while another process is writing it): remove it and try once more. Of two
      // processes doing this at once, one creates the file and the other then finds it held.
      if (attempt > 0) throw new DataDirectoryInUseError(file, owner ?? 0);
      fs.rmSync(file, { force: true });
    }
  }
  const release = () => {
    if (ownerOf(file) === process.pid) fs.rmSync(file, { force: true });
    process.off("exit", release);
  };
  process.on("exit", release);
  return release;
}
