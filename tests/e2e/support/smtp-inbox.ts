/** A real SMTP server on 127.0.0.1 that keeps what it receives, parsed like a mail client would (postal-mime). */
import type { AddressInfo } from "node:net";
import PostalMime from "postal-mime";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  language: string | null;
}

export interface SmtpInbox {
  url: string;
  mails: ReceivedMail[];
  /** Waits for the next mail to `to` that arrived after `after` mails, and returns it. */
  waitFor(to: string, after?: number, timeoutMs?: number): Promise<ReceivedMail>;
  stop(): Promise<void>;
}

export async function startSmtpInbox(): Promise<SmtpInbox> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks);
        void PostalMime.parse(raw).then((parsed) => {
          const language = /^Content-Language:\s*(\S+)/im.exec(raw.toString("utf8"))?.[1] ?? null;
          mails.push({ to: session.envelope.rcptTo.map((r) => r.address), subject: parsed.subject ?? "", text: parsed.text ?? "", html: parsed.html ?? "", language });
          callback();
        }, callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitFor(to, after = 0, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.slice(after).find((m) => m.to.includes(to));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The sign-in link in a mail's plain text part. */
export function signInLinkIn(mail: ReceivedMail): string {
  const link = /https?:\/\/\S+\/verify-login\?\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no sign-in link in:\n${mail.text}`);
  return link;
}
