/**
 * The outbox directory (DATA_DIR/outbox): where e-mail and SMS go when no SMTP server is configured, one file per
 * message. Names sort in sending order ("newest last"), so `ls` and the /test/login-flow page need no index.
 */
import fs from "node:fs/promises";
import path from "node:path";

export function outboxDir(dataDir: string): string {
  return path.join(dataDir, "outbox");
}

let lastMillis = 0;
let counter = 0;

/**
 * "20261121T073600123Z-000001.eml": UTC time to the millisecond, then a per-process counter for messages sent in
 * the same millisecond. The time never goes backwards within a process, even if the clock does.
 */
export function outboxFileName(extension: "eml" | "json", now = Date.now()): string {
  lastMillis = Math.max(lastMillis, now);
  counter += 1;
  const stamp = new Date(lastMillis).toISOString().replace(/[-:.]/g, "");
  return `${stamp}-${String(counter).padStart(6, "0")}.${extension}`;
}

/** Writes one message file; never overwrites one (another process may share DATA_DIR/outbox). */
export async function writeOutboxFile(dir: string, extension: "eml" | "json", content: string | Buffer): Promise<string> {
  await fs.mkdir(dir, { recursive: true });
  for (;;) {
    const name = outboxFileName(extension);
    try {
      await fs.writeFile(path.join(dir, name), content, { flag: "wx", mode: 0o600 });
      return name;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
}
