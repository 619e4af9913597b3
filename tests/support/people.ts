/** Shared by the people/invitation tests: an outbox delivery on the test database's DATA_DIR, and its mails. */
import { AppError } from "~/domain/errors";
import { createDelivery, installDelivery } from "~/server/mail/delivery.server";
import { createLogger } from "~/server/logger.server";
import { listOutbox, type OutboxEntry } from "~/server/mail/outbox-reader.server";
import type { TestDatabase } from "./test-database";
import { Writable } from "node:stream";

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
