/**
 * The two delivery ports. Callers never pick an implementation: delivery.server.ts does, from the settings
 * (SMTP when SMTP_URL is set, otherwise the outbox in DATA_DIR/outbox).
 */
import type Mail from "nodemailer/lib/mailer";

/** A rendered e-mail: both parts are always sent, so every mail client shows something sensible. */
export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The recipient's language, written into Content-Language. */
  language: string;
}

export interface Mailer {
  readonly transport: "smtp" | "outbox";
  /** Resolves with the Message-ID once the message is handed over (to the SMTP server, or written to disk). */
  send(email: OutgoingEmail): Promise<{ messageId: string }>;
  close(): void;
}

export interface OutgoingSms {
  /** E.164 phone number. A patient identifier: never log it unmasked. */
  to: string;
  body: string;
}

export interface SmsSender {
  readonly transport: "outbox" | "smpp";
  send(sms: OutgoingSms): Promise<void>;
  close?(): void;
}

/** The same nodemailer message for SMTP and the outbox, so the outbox shows exactly what SMTP would deliver. */
export function mailOptions(email: OutgoingEmail, from: string): Mail.Options {
  return {
    from,
    to: email.to,
    subject: email.subject,
    text: email.text,
    html: email.html,
    // Auto-Submitted (RFC 3834) keeps out-of-office responders from answering a no-reply address.
    headers: { "Content-Language": email.language, "Auto-Submitted": "auto-generated" },
  };
}
