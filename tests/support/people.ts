/** Shared by the people/invitation tests: an outbox delivery on the test database's DATA_DIR, and its mails. */
import { AppError } from "~/domain/errors";
import { createDelivery, installDelivery } from "~/server/mail/delivery.server";
import { createLogger } from "~/server/logger.server";
import { listOutbox, type OutboxEntry } from "~/server/mail/outbox-reader.server";
import type { TestDatabase } from "./test-database";
import { Writable } from "node:stream";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export function silentLogger() {
  return createLogger(new Writable({ write: (_c, _e, done) => done() }), "info");
}

export function installOutbox(database: TestDatabase): () => Promise<Extract<OutboxEntry, { kind: "email" }>[]> {
  const instance = createDelivery({ smtpUrl: null, mailFrom: database.config.mailFrom, dataDir: database.dataDir, baseUrl: database.config.baseUrl }, silentLogger());
  installDelivery(instance);
  return async () => (await listOutbox(instance.outboxDir, 500)).filter((e): e is Extract<OutboxEntry, { kind: "email" }> => e.kind === "email");
}

/** Wait for a mail sent in the background (password reset) to land. */
export async function waitForMail<T>(read: () => Promise<T[]>, count: number, timeoutMs = 5000): Promise<T[]> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const mails = await read();
    if (mails.length >= count || Date.now() > end) return mails;
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The token in a /set-password link. */
export function tokenOf(link: string): string {
  return new URL(link).searchParams.get("token") ?? "";
}

/** The AppError code a call fails with (the data layer's refusals); any other outcome fails the test. */
export async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  throw new Error("expected an AppError");
}

/**
 * A real SMTP server on loopback that takes `delayMs` to accept each message, installed as the delivery: an answer
 * that waited for the mail would take that much longer. `received` lists each message's recipients.
 */
export async function installSlowSmtp(database: TestDatabase, delayMs: number): Promise<{ received: string[]; close(): Promise<void> }> {
  const received: string[] = [];
  const slow = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on("end", () =>
        setTimeout(() => {
          received.push(session.envelope.rcptTo.map((r) => r.address).join(","));
          callback();
        }, delayMs),
      );
    },
  });
  await new Promise<void>((resolve) => slow.listen(0, "127.0.0.1", resolve));
  const port = (slow.server.address() as AddressInfo).port;
  installDelivery(createDelivery({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: database.config.mailFrom, dataDir: database.dataDir, baseUrl: database.config.baseUrl }, silentLogger()));
  return { received, close: () => new Promise<void>((resolve) => slow.close(resolve)) };
}
