/** Real delivery: nodemailer over SMTP (SMTP_URL). smtp:// upgrades with STARTTLS when offered; smtps:// is TLS throughout. */
import nodemailer from "nodemailer";
import { mailOptions, type Mailer } from "./mailer.server";

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    // A stalled mail server must not hold a request (and its database connection) for nodemailer's default minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    transport: "smtp",
    async send(email) {
      const info = await transporter.sendMail(mailOptions(email, from));
      // A server may accept the message but refuse the only recipient; that is not a delivery.
      if (info.rejected.length > 0) throw new Error("the mail server refused the recipient");
      return { messageId: info.messageId };
    },
    close() {
      transporter.close();
    },
  };
}
