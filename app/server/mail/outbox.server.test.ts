/**
 * Without SMTP_URL every e-mail and SMS lands in DATA_DIR/outbox: real MIME .eml files and .json files, named so
 * that they sort newest last, in the recipient's language, and logged without the full address or phone number.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import PostalMime from "postal-mime";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AppError } from "~/domain/errors";
import { createDelivery, type Delivery } from "./delivery.server";
import { outboxFileName } from "./outbox-files.server";
import { listOutbox } from "./outbox-reader.server";
import { capturingLogger } from "./test-support";

const BASE_URL = "https://casus.example.nl";
let dataDir: string;
let outbox: string;
let mail: Delivery;
let lines: Record<string, unknown>[];

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "casus-outbox-"));
  outbox = path.join(dataDir, "outbox");
  const captured = capturingLogger();
  lines = captured.lines;
  mail = createDelivery({ smtpUrl: null, mailFrom: "Casus <no-reply@casus.local>", dataDir, baseUrl: BASE_URL }, captured.log);
});
afterEach(() => {
  mail.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function outboxFiles(): string[] {
  return fs.readdirSync(outbox).sort();
}

async function parse(file: string) {
  return PostalMime.parse(fs.readFileSync(path.join(outbox, file)));
}

describe("the e-mail outbox", () => {
  it("writes one MIME .eml per e-mail, newest last, in each recipient's language", async () => {
    expect(mail.emailTransport).toBe("outbox");
    await mail.sendEmail({ email: "anna@example.nl", locale: "nl" }, "sign-in-link", { name: "Anna", url: "/verify-login?token=t1", minutes: 15 });
    await mail.sendEmail({ email: "ben@example.org", locale: "en" }, "password-reset", { name: "Ben", url: "/en/set-password?token=t2", minutes: 60 });

    const files = outboxFiles();
    expect(files).toHaveLength(2);
    expect(files.every((f) => /^\d{8}T\d{9}Z-\d{6}\.eml$/.test(f))).toBe(true);

    const [first, second] = [await parse(files[0]), await parse(files[1])];
    expect(first.to?.[0]).toMatchObject({ address: "anna@example.nl" });
    expect(first.subject).toBe("Uw aanmeldlink voor Casus");
    expect(first.text).toContain("Beste Anna,");
    expect(first.html).toContain(`href="${BASE_URL}/verify-login?token=t1"`);
    expect(second.to?.[0]).toMatchObject({ address: "ben@example.org" });
    expect(second.subject).toBe("Set a new password for Casus");
    expect(second.text).toContain(`${BASE_URL}/en/set-password?token=t2`);
    expect(second.headers.find((h) => h.key === "content-language")?.value).toBe("en");
    expect(second.from).toMatchObject({ address: "no-reply@casus.local", name: "Casus" });
  });

  it("is real MIME: multipart/alternative with a text/plain and a text/html part, CRLF line ends", async () => {
    await mail.sendEmail({ email: "anna@example.nl", locale: "de" }, "invitation", {
      name: "Anna Müller",
      url: "/de/set-password?token=abc",
      days: 7,
      inviter: "Dr. Jansen",
      role: "professional",
      organisation: "Hoorzorg Aan Zee",
    });
    const raw = fs.readFileSync(path.join(outbox, outboxFiles()[0]), "utf8");
    expect(raw).toMatch(/^Content-Type: multipart\/alternative;\r\n boundary=/m);
    expect(raw).toMatch(/^Content-Type: text\/plain; charset=utf-8/m);
    expect(raw).toMatch(/^Content-Type: text\/html; charset=utf-8/m);
    expect(raw).toMatch(/^Message-ID: <.+>\r$/m);
    expect(raw.split("\n").every((line, i, all) => i === all.length - 1 || line.endsWith("\r"))).toBe(true);
    const parsed = await parse(outboxFiles()[0]);
    // Non-ASCII subjects survive header encoding.
    expect(parsed.subject).toBe("Einladung zu Casus");
    expect(parsed.text).toContain("Guten Tag Anna Müller,");
    expect(parsed.text).toContain("als Fachkraft bei Hoorzorg Aan Zee");
    expect(parsed.html).toContain("Guten Tag Anna Müller,");
  });

  it("escapes every interpolated value in the HTML part, and keeps the text part literal", async () => {
    const name = `<script>alert("x")</script>`;
    await mail.sendEmail({ email: "eve@example.nl", locale: "en" }, "invitation", {
      name,
      url: "/en/set-password?token=a&b=<c>",
      days: 7,
      inviter: `Mallory <img src=x onerror=alert(1)>`,
      role: "supervisor",
      organisation: `"Quotes" & Co`,
    });
    const parsed = await parse(outboxFiles()[0]);
    expect(parsed.html).not.toContain("<script>");
    expect(parsed.html).not.toContain("<img");
    expect(parsed.html).toContain("Dear &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;,");
    expect(parsed.html).toContain("Mallory &lt;img src=x onerror=alert(1)&gt;");
    expect(parsed.html).toContain("&quot;Quotes&quot; &amp; Co");
    expect(parsed.html).toContain(`href="${BASE_URL}/en/set-password?token=a&amp;b=%3Cc%3E"`);
    expect(parsed.text).toContain(`Dear ${name},`);
  });

  it("names files so that name order is sending order, also within one millisecond and if the clock goes back", () => {
    const names = [outboxFileName("eml", 2_000), outboxFileName("json", 2_000), outboxFileName("eml", 1_000), outboxFileName("eml", 3_000)];
    expect([...names].sort()).toEqual(names);
    expect(new Set(names).size).toBe(4);
  });
});

describe("the SMS outbox", () => {
  it("writes one .json per SMS with the number, the text in the recipient's language and the time", async () => {
    const before = Date.now();
    await mail.sendSms({ phoneNumber: "+31612345678", locale: "nl" }, "sms-code", { code: "493817", minutes: 10 });
    await mail.sendSms({ phoneNumber: "+33612345678", locale: "fr" }, "sms-code", { code: "111222", minutes: 5 });
    const files = outboxFiles();
    expect(files.map((f) => path.extname(f))).toEqual([".json", ".json"]);
    const first = JSON.parse(fs.readFileSync(path.join(outbox, files[0]), "utf8")) as { to: string; body: string; sentAt: string };
    expect(first.to).toBe("+31612345678");
    expect(first.body).toBe("Uw Casus-code is 493817. De code is 10 minuten geldig. Deel deze code met niemand.");
    expect(Date.parse(first.sentAt)).toBeGreaterThanOrEqual(before - 1);
    const second = JSON.parse(fs.readFileSync(path.join(outbox, files[1]), "utf8")) as { body: string };
    expect(second.body).toContain("Votre code Casus est 111222.");
  });
});

describe("reading the outbox", () => {
  it("lists e-mail and SMS together, newest last, with the links of each e-mail", async () => {
    expect(await listOutbox(outbox)).toEqual([]);
    await mail.sendEmail({ email: "anna@example.nl", locale: "nl" }, "sign-in-link", { url: "/verify-login?token=one", minutes: 15 });
    await mail.sendSms({ phoneNumber: "+31612345678", locale: "en" }, "sms-code", { code: "123456", minutes: 10 });
    await mail.sendEmail({ email: "ben@example.org", locale: "fr" }, "sign-in-link", { url: "/fr/verify-login?token=two", minutes: 15 });

    const entries = await listOutbox(outbox);
    expect(entries.map((e) => e.kind)).toEqual(["email", "sms", "email"]);
    expect(entries[0]).toMatchObject({ to: "anna@example.nl", language: "nl", links: [`${BASE_URL}/verify-login?token=one`] });
    expect(entries[0].kind === "email" && entries[0].text).toContain("Goedendag,");
    expect(entries[1]).toMatchObject({ to: "+31612345678", body: expect.stringContaining("123456") });
    expect(entries[2]).toMatchObject({ subject: "Votre lien de connexion à Casus", links: [`${BASE_URL}/fr/verify-login?token=two`] });
    expect((await listOutbox(outbox, 1)).map((e) => e.file)).toEqual([entries[2].file]);
  });
});

describe("logging and failures", () => {
  it("logs one line per message, without the full address or phone number", async () => {
    await mail.sendEmail({ email: "anna.de.vries@example.nl", locale: "nl" }, "sign-in-link", { url: "/verify-login?token=secret-token", minutes: 15 });
    await mail.sendSms({ phoneNumber: "+31612345678", locale: "nl" }, "sms-code", { code: "493817", minutes: 10 });
    expect(lines.map((l) => l.msg)).toEqual(["e-mail sent", "SMS sent"]);
    const text = JSON.stringify(lines);
    for (const secret of ["anna.de.vries", "612345678", "secret-token", "493817"]) expect(text).not.toContain(secret);
    expect(lines[0].mail).toMatchObject({ kind: "sign-in-link", transport: "outbox", to: "a***@example.nl", locale: "nl" });
    expect(lines[1].sms).toMatchObject({ kind: "sms-code", to: "+********678" });
  });

  it("turns a write failure into mail-delivery-failed (503), logged with the number masked", async () => {
    // A file where the outbox directory should be: mkdir fails.
    fs.writeFileSync(outbox, "not a directory");
    const error = await mail.sendSms({ phoneNumber: "+31612345678", locale: "nl" }, "sms-code", { code: "1", minutes: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "mail-delivery-failed", status: 503 });
    expect(lines.at(-1)).toMatchObject({ msg: "SMS could not be sent", sms: { to: "+********678" } });
    expect(JSON.stringify(lines)).not.toContain("612345678");
  });
});
