/** Reads the outbox back, newest last: for /test/login-flow ("see the mail/SMS that was sent") and for tests. */
import fs from "node:fs/promises";
import path from "node:path";
import PostalMime from "postal-mime";
import type { OutboxSms } from "./outbox-mailer.server";

export type OutboxEntry =
  | { kind: "email"; file: string; sentAt: string; to: string; subject: string; language: string | null; text: string; html: string; links: string[] }
  | ({ kind: "sms"; file: string; links: string[] } & OutboxSms);

/** Every http(s) URL in a plain text, in order; trailing punctuation is not part of the link. */
export function linksIn(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0].replace(/[.,;:!?)]+$/, ""));
}

export async function readOutboxEntry(dir: string, file: string): Promise<OutboxEntry> {
  const content = await fs.readFile(path.join(dir, file));
  if (file.endsWith(".json")) {
    const sms = JSON.parse(content.toString("utf8")) as OutboxSms;
    return { kind: "sms", file, to: sms.to, body: sms.body, sentAt: sms.sentAt, links: linksIn(sms.body) };
  }
  const email = await PostalMime.parse(content);
  const text = email.text ?? "";
  return {
    kind: "email",
    file,
    sentAt: email.date ? new Date(email.date).toISOString() : "",
    to: (email.to ?? []).map((a) => ("address" in a && a.address ? a.address : a.name)).join(", "),
    subject: email.subject ?? "",
    language: email.headers.find((h) => h.key === "content-language")?.value ?? null,
    text,
    html: email.html ?? "",
    links: linksIn(text),
  };
}

/** The outbox's messages, oldest first and newest last; at most `limit` of the newest. An absent outbox is empty. */
export async function listOutbox(dir: string, limit = 50): Promise<OutboxEntry[]> {
  let files: string[];
  try {
    files = await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const messages = files.filter((f) => /\.(eml|json)$/.test(f)).sort().slice(-limit);
  return Promise.all(messages.map((file) => readOutboxEntry(dir, file)));
}
