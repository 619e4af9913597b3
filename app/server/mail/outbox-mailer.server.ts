/**
 * Local delivery: every e-mail becomes an RFC 5322 .eml file and every SMS a .json file in DATA_DIR/outbox. The
 * files are the delivery itself, so they hold the full address or phone number (and are readable by the owner only).
 */
import nodemailer from "nodemailer";
import { mailOptions, type Mailer, type SmsSender } from "./mailer.server";
import { writeOutboxFile } from "./outbox-files.server";

export function createOutboxMailer(dir: string, from: string): Mailer {
  // nodemailer composes the real MIME message (multipart/alternative, encoded headers) without sending it;
  // CRLF line ends, as RFC 5322 and mail clients opening a .eml expect.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  return {
    transport: "outbox",
    async send(email) {
      const info = await composer.sendMail(mailOptions(email, from));
      // buffer: true above makes the message a Buffer, not a stream.
      await writeOutboxFile(dir, "eml", info.message as Buffer);
      return { messageId: info.messageId };
    },
    close() {
      composer.close();
    },
  };
}

/** What an SMS file holds. */
export interface OutboxSms {
  to: string;
  body: string;
  sentAt: string;
}

/** Until an SMS provider is chosen, SMS always go to the outbox (with or without SMTP). */
export function createOutboxSmsSender(dir: string): SmsSender {
  return {
    transport: "outbox",
    async send(sms) {
      const record: OutboxSms = { to: sms.to, body: sms.body, sentAt: new Date().toISOString() };
      await writeOutboxFile(dir, "json", `${JSON.stringify(record, null, 2)}\n`);
    },
  };
}
