/**
 * Bulk import of professionals from CSV (name, e-mail, job title): a preview with every row's problems before
 * anything is written, then all invitations in one transaction (all or nothing), mails after commit.
 */
import { inArray, sql } from "drizzle-orm";
import { CSV_IMPORT_MAX_ROWS } from "~/domain/constants";
import { AppError } from "~/domain/errors";
import type { Locale } from "~/domain/locales";
import { csvRowSchema, fieldErrors } from "~/domain/people-forms";
import { actingAs } from "../access/actor-db.server";
import { user } from "../db/schema";
import { inTransaction } from "../db/transaction.server";
import { requireAdmin, type Actor, type Origin } from "./access.server";
import { createInvitationInTx, sendInvitationMails, type PendingMail } from "./invitations.server";

export interface CsvPreviewRow {
  line: number;
  name: string;
  email: string;
  jobTitle: string;
  /** field → message key (people namespace); empty when the row can be imported. */
  errors: Record<string, string>;
}

/** RFC 4180-ish: commas or semicolons (Dutch Excel), double-quoted fields with "" escapes, CRLF or LF. */
export function parseCsv(text: string): string[][] {
  const clean = text.replace(/^\uFEFF/, "");
  const firstLine = clean.split(/\r?\n/, 1)[0] ?? "";
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ";" : ",";
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < clean.length; i++) {
    const c = clean[i];
    if (quoted) {
      if (c === '"' && clean[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === "") quoted = true;
    else if (c === delimiter) {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && clean[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (field !== "" || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((f) => f.trim() !== ""));
}

const HEADER_WORDS = /^(name|naam|nom|e-?mail|e-?mailadres|job ?title|functie|beruf|fonction|courriel)$/i;

export async function previewProfessionalsCsv(actor: Actor, text: string): Promise<{ rows: CsvPreviewRow[]; tooMany: boolean }> {
  const { db } = actingAs(actor, "people.manage");
  let records = parseCsv(text);
  if (records.length && records[0].some((f) => HEADER_WORDS.test(f.trim()))) records = records.slice(1);
  const tooMany = records.length > CSV_IMPORT_MAX_ROWS;
  records = records.slice(0, CSV_IMPORT_MAX_ROWS);
  const rows: CsvPreviewRow[] = records.map((fields, index) => {
    const [name = "", email = "", jobTitle = ""] = fields.map((f) => f.trim());
    const parsed = csvRowSchema.safeParse({ name, email, jobTitle });
    const errors = parsed.success ? {} : fieldErrors(parsed.error);
    if (fields.length > 3) errors.form ??= "people:import.tooManyColumns";
    return { line: index + 1, name, email: email.toLowerCase(), jobTitle, errors };
  });
  const seen = new Map<string, number>();
  for (const row of rows) {
    if (row.errors.email || !row.email) continue;
    if (seen.has(row.email)) row.errors.email = "people:import.duplicateInFile";
    else seen.set(row.email, row.line);
  }
  const emails = rows.filter((r) => !r.errors.email && r.email).map((r) => r.email);
  if (emails.length) {
    const taken = await db.select({ email: sql<string>`lower(${user.email})` }).from(user).where(inArray(sql`lower(${user.email})`, emails));
    const takenSet = new Set(taken.map((t) => t.email));
    for (const row of rows) if (takenSet.has(row.email)) row.errors.email = "people:import.emailTaken";
  }
  return { rows, tooMany };
}

/** Re-validates on the server (the preview may be stale) and writes nothing unless every row is valid. */
export async function importProfessionalsCsv(actor: Actor, orgId: string, text: string, locale: Locale, origin: Origin) {
  requireAdmin(actor);
  const preview = await previewProfessionalsCsv(actor, text);
  if (preview.tooMany || !preview.rows.length || preview.rows.some((r) => Object.keys(r.errors).length)) return { ok: false as const, preview };
  let mails: PendingMail[];
  try {
    mails = await inTransaction(async (tx) => {
      const out: PendingMail[] = [];
      for (const row of preview.rows) {
        out.push(await createInvitationInTx(tx, actor, { name: row.name, email: row.email, role: "professional", locale, organisationId: orgId, jobTitle: row.jobTitle || null }, origin));
      }
      return out;
    });
  } catch (error) {
    if (error instanceof AppError && error.code === "email-already-in-use") return { ok: false as const, preview: await previewProfessionalsCsv(actor, text) };
    throw error;
  }
  const { failed } = await sendInvitationMails(actor, mails);
  return { ok: true as const, invited: mails.length, mailFailed: failed.length };
}
