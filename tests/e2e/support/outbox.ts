/**
 * The shared demo server's e-mail as it arrives (DATA_DIR/outbox: no SMTP_URL there, every mail is a file).
 * `outboxWatch()` notes where the outbox stands; `waitForEmail` then reads only the files written after that,
 * each once per size (the server writes a file in place, so a file read half-written is read again when it grows).
 */
import fs from "node:fs/promises";
import path from "node:path";
import { readOutboxEntry, type OutboxEntry } from "../../../app/server/mail/outbox-reader.server";

export type OutboxEmail = Extract<OutboxEntry, { kind: "email" }>;

async function names(dir: string): Promise<string[]> {
  try {
    return (await fs.readdir(dir)).filter((f) => f.endsWith(".eml")).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

export async function outboxWatch(dir = path.join(process.env.E2E_DATA_DIR!, "outbox")) {
  // Names sort in sending order, so everything after the newest name now is new.
  const since = (await names(dir)).at(-1) ?? "";
  const read = new Map<string, { size: number; mail: OutboxEmail | null }>();
  return {
    async waitForEmail(match: (mail: OutboxEmail) => boolean, description: string, timeoutMs = 15_000): Promise<OutboxEmail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        for (const name of (await names(dir)).filter((n) => n > since)) {
          const file = path.join(dir, name);
          const { size } = await fs.stat(file);
          let known = read.get(name);
          if (!known || known.size !== size) {
            const entry = await readOutboxEntry(dir, name).catch(() => null);
            known = { size, mail: entry?.kind === "email" ? entry : null };
            read.set(name, known);
          }
          if (known.mail && match(known.mail)) return known.mail;
        }
        if (Date.now() > deadline) throw new Error(`no e-mail ${description} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  };
}
