/**
 * E-mails nobody waits to see fail — the sign-in link, the password-reset link, the notice to the old address
 * after an e-mail change — leave through the job queue (decision 083): the request answers at once whatever the
 * mail server does, and a mail server that is down delays the message instead of losing it. Their links carry
 * tokens, so the job holds them sealed; a message whose link has lapsed is not sent any more.
 */
import type { EmailRecipient } from "../mail/delivery.server";
import { delivery } from "../mail/delivery.server";
import type { EmailKind, EmailParams } from "../mail/render.server";
import { systemDb } from "../db/client.server";
import { logger, type Logger } from "../logger.server";
import type { JobData } from "./job-table.server";
import { jobQueue } from "./queue.server";
import { openQueuedMessage, seal } from "./sealed-payload.server";

interface QueuedEmail {
  to: EmailRecipient;
  kind: EmailKind;
  params: EmailParams[EmailKind];
}

/** Queues the e-mail and wakes this instance's worker; `validMinutes`: how long its link works (then it is dropped). */
export async function sendEmailLater<K extends EmailKind>(to: EmailRecipient, kind: K, params: EmailParams[K], options: { validMinutes?: number } = {}): Promise<void> {
  const payload: QueuedEmail = { to, kind, params };
  const expiresAt = options.validMinutes ? new Date(Date.now() + options.validMinutes * 60_000).toISOString() : null;
  await jobQueue().send(systemDb(), "email", { kind, sealed: seal(payload), expiresAt });
  jobQueue().wake("email");
}

/** The `email` job: sends it, unless its link has lapsed; a failure throws, so the queue tries again later. */
export async function sendQueuedEmail({ sealed, expiresAt }: JobData["email"], log: Logger = logger, now = Date.now()): Promise<"sent" | "lapsed" | "unreadable"> {
  const opened = openQueuedMessage<QueuedEmail>(sealed, expiresAt, now);
  if ("skip" in opened) {
    if (opened.payload) log.info({ mail: { kind: opened.payload.kind } }, "queued e-mail not sent: its link lapsed first");
    return opened.skip;
  }
  const { to, kind, params } = opened.payload;
  await delivery().sendEmail(to, kind, params as never);
  return "sent";
}
