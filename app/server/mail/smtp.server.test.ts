/**
 * With SMTP_URL set, e-mail goes to a real SMTP server: here smtp-server on 127.0.0.1, with authentication, which
 * records what it receives. The test reads the delivered message like a mail client and follows its link.
 */
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import PostalMime from "postal-mime";
import { SMTPServer, type SMTPServerEnvelope } from "smtp-server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AppError } from "~/domain/errors";
import { loadConfig } from "../config.server";
import { createDelivery, type Delivery } from "./delivery.server";
import { linksIn } from "./outbox-reader.server";
import { capturingLogger } from "./test-support";

const USER = "casus";
const PASSWORD = "p@ss word";
const BASE_URL = "http://127.0.0.1:4310";

interface Received {
  envelope: SMTPServerEnvelope;
  user: unknown;
  raw: Buffer;
}

let server: SMTPServer;
let port: number;
let received: Received[];
let dataDir: string;

beforeAll(async () => {
  server = new SMTPServer({
    // Plain SMTP on loopback: no certificate to trust, but still AUTH (allowed without TLS for this test only).
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASSWORD) callback(null, { user: USER });
      else callback(new Error("Invalid user name or password"));
    },
    onRcptTo(address, _session, callback) {
      if (address.address.endsWith("@refused.example")) {
        callback(Object.assign(new Error("No such user here"), { responseCode: 550 }));
      } else {
        callback();
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({ envelope: structuredClone(session.envelope), user: session.user, raw: Buffer.concat(chunks) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(resolve));
});

let mail: Delivery;
let lines: Record<string, unknown>[];

/** A delivery configured the way start-up does it: from environment variables through loadConfig(). */
function deliveryFor(smtpUrl: string): Delivery {
  const config = loadConfig({ AUTH_SECRET: "0123456789abcdef0123456789abcdef", DATA_DIR: dataDir, BASE_URL, SMTP_URL: smtpUrl, MAIL_FROM: "Casus Test <casus@test.example>" });
  const captured = capturingLogger();
  lines = captured.lines;
  return createDelivery(config, captured.log);
}

beforeEach(() => {
  received = [];
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "casus-smtp-"));
  mail = deliveryFor(`smtp://${USER}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${port}`);
});
afterEach(() => {
  mail.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("sending over SMTP", () => {
  it("delivers a multipart e-mail in the recipient's language whose link leads to the site", async () => {
    expect(mail.emailTransport).toBe("smtp");
    await mail.sendEmail({ email: "kees@example.nl", locale: "en" }, "sign-in-link", { name: "Kees", url: "/en/verify-login?token=abc123", minutes: 15 });

    expect(received).toHaveLength(1);
    const [{ envelope, user, raw }] = received;
    expect(user).toBe(USER);
    expect(envelope.mailFrom).toMatchObject({ address: "casus@test.example" });
    expect(envelope.rcptTo.map((r) => r.address)).toEqual(["kees@example.nl"]);

    const message = await PostalMime.parse(raw);
    expect(message.to?.[0]).toMatchObject({ address: "kees@example.nl" });
    expect(message.from).toMatchObject({ name: "Casus Test", address: "casus@test.example" });
    expect(message.subject).toBe("Your sign-in link for Casus");
    expect(message.headers.find((h) => h.key === "content-language")?.value).toBe("en");
    expect(message.text).toContain("Dear Kees,");
    expect(message.html).toContain("Dear Kees,");
    expect(message.html).toContain('<html lang="en">');

    // Follow the link the way a person would: from the plain-text part.
    const links = linksIn(message.text ?? "");
    expect(links).toEqual([`${BASE_URL}/en/verify-login?token=abc123`]);
    const link = new URL(links[0]);
    expect(link.origin).toBe(BASE_URL);
    expect(link.pathname).toBe("/en/verify-login");
    expect(link.searchParams.get("token")).toBe("abc123");
    // The same link is the button in the HTML part.
    expect(message.html).toContain(`href="${links[0]}"`);

    // No e-mail lands in the outbox when SMTP is configured.
    expect(fs.existsSync(path.join(dataDir, "outbox"))).toBe(false);
    expect(lines).toMatchObject([{ msg: "e-mail sent", mail: { transport: "smtp", to: "k***@example.nl" } }]);
  });

  it("sends each recipient their own language", async () => {
    await mail.sendEmail({ email: "a@example.nl", locale: "nl" }, "password-reset", { url: "/set-password?token=x", minutes: 60 });
    await mail.sendEmail({ email: "b@example.de", locale: "de" }, "password-reset", { url: "/de/set-password?token=y", minutes: 60 });
    const subjects = await Promise.all(received.map(async (r) => (await PostalMime.parse(r.raw)).subject));
    expect(subjects).toEqual(["Nieuw wachtwoord instellen voor Casus", "Neues Passwort für Casus festlegen"]);
  });

  it("still writes SMS to the outbox when no SMS gateway is set", async () => {
    await mail.sendSms({ phoneNumber: "+31612345678", locale: "nl" }, "sms-code", { code: "123456", minutes: 10 });
    expect(received).toHaveLength(0);
    expect(fs.readdirSync(path.join(dataDir, "outbox"))).toEqual([expect.stringMatching(/\.json$/)]);
  });
});

describe("SMTP failures become mail-delivery-failed", () => {
  async function failure(send: Promise<void>) {
    const error = await send.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "mail-delivery-failed", status: 503 });
    expect(lines.at(-1)).toMatchObject({ msg: "e-mail could not be sent" });
  }

  it("when the server refuses the recipient", async () => {
    await failure(mail.sendEmail({ email: "nobody@refused.example", locale: "nl" }, "sign-in-link", { url: "/verify-login", minutes: 15 }));
    expect(received).toHaveLength(0);
    expect(JSON.stringify(lines)).not.toContain("nobody@");
  });

  it("when the password is wrong", async () => {
    mail.close();
    mail = deliveryFor(`smtp://${USER}:wrong@127.0.0.1:${port}`);
    await failure(mail.sendEmail({ email: "kees@example.nl", locale: "nl" }, "sign-in-link", { url: "/verify-login", minutes: 15 }));
    expect(received).toHaveLength(0);
  });

  it("when nothing listens", async () => {
    const closed = new SMTPServer({ logger: false });
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const freePort = (closed.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(resolve));
    mail.close();
    mail = deliveryFor(`smtp://127.0.0.1:${freePort}`);
    await failure(mail.sendEmail({ email: "kees@example.nl", locale: "nl" }, "sign-in-link", { url: "/verify-login", minutes: 15 }));
  });
});
