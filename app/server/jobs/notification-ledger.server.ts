/**
 * Sending each notification once (decision 083). Before a message goes out its key — job kind, dossier event,
 * recipient — is looked up in `notification_sent`; after the transport accepted it, the key is written. A job that
 * is retried, or taken over by another instance after its process died, skips whoever the earlier attempt reached.
 *
 * The one gap left is a crash after the mail server accepted a message and before the key was written: that
 * recipient would get it again (at least once, never silently lost). Closing it needs an idempotent transport.
 */
import { eq } from "drizzle-orm";
import { AppError } from "~/domain/errors";
import { systemDb } from "../db/client.server";
import { notificationSent } from "../db/schema";
import type { Logger } from "../logger.server";
import type { JobName } from "./job-table.server";

export function notificationKey(job: JobName, eventSeq: number, recipientId: string): string {
  return `${job}:${eventSeq}:${recipientId}`;
}

export async function wasSent(key: string): Promise<boolean> {
  const [row] = await systemDb().select({ key: notificationSent.key }).from(notificationSent).where(eq(notificationSent.key, key));
  return !!row;
}

export async function markSent(key: string): Promise<void> {
  await systemDb().insert(notificationSent).values({ key }).onConflictDoNothing();
}

/**
 * One job's messages to several recipients: each is sent unless already sent, failures are collected, and
 * `finish()` throws when any failed so the queue retries the job (the recipients reached are skipped then).
 */
export class SendRound {
  sent = 0;
  skipped = 0;
  private failed = 0;

  constructor(
    private readonly job: JobName,
    private readonly eventSeq: number,
    private readonly log: Logger,
    private readonly context: Record<string, unknown>,
  ) {}

  async send(recipientId: string, work: () => Promise<void>): Promise<void> {
    const key = notificationKey(this.job, this.eventSeq, recipientId);
    if (await wasSent(key)) {
      this.skipped++;
      return;
    }
    try {
      await work();
    } catch (error) {
      // The delivery layer has logged the masked recipient and the transport's reason.
      this.failed++;
      this.log.warn({ ...this.context, job: this.job, err: error instanceof Error ? error.message : String(error) }, "notification not sent; the job will retry");
      return;
    }
    await markSent(key);
    this.sent++;
  }

  finish(): void {
    if (this.failed) throw new AppError("mail-delivery-failed", { failed: this.failed, sent: this.sent });
  }
}
