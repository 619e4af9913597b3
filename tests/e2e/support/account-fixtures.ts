/**
 * Throw-away users for the account-security browser tests, written straight into the shared PostgreSQL: each
 * test gets its own user (and phone number), so enrolling a second factor or revoking sessions never touches
 * the demo accounts other tests sign in with. Their password is the demo password (its hash is copied).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import * as OTPAuth from "otpauth";

export interface TestUser {
  id: string;
  email: string;
  phone: string | null;
}

function databaseUrl(): string {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error("E2E_DATABASE_URL is not set: run the browser tests through playwright.config.ts");
  return url;
}

export async function withDatabase<T>(work: (client: pg.Client) => Promise<T>, url = databaseUrl()): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A random, valid Dutch mobile number in E.164 (06-1… to 06-5…; other 06 ranges are not in use). */
export function randomMobile(): string {
  return `+316${crypto.randomInt(1, 6)}${String(crypto.randomInt(1_000_000, 9_999_999))}`;
}

/** `databaseUrl`: a spec's own database (tests/e2e/support/own-database.ts) instead of the shared one. */
export async function createTestUser(input: { role: "professional" | "supervisor" | "admin"; locale?: string; phone?: string | null; name?: string; databaseUrl?: string }): Promise<TestUser> {
  return withDatabase(async (client) => {
    const id = crypto.randomUUID();
    const email = `${input.role}-${id.slice(0, 8)}@casus.test`;
    const phone = input.phone === undefined ? null : input.phone;
    await client.query(
      `insert into "user" (id, name, email, email_verified, role, locale, phone_number, phone_number_verified) values ($1, $2, $3, true, $4, $5, $6, $7)`,
      [id, input.name ?? "Test Gebruiker", email, input.role, input.locale ?? "nl", phone, phone ? true : null],
    );
    await client.query(
      `insert into account (id, account_id, provider_id, user_id, password)
       select $1, $2, 'credential', $2, password from account where provider_id = 'credential' and user_id = (select id from "user" where email = 'admin@casus.test')`,
      [crypto.randomUUID(), id],
    );
    if (input.role === "professional") {
      await client.query(`insert into professional (user_id, organisation_id) select $1, organisation_id from professional limit 1`, [id]);
    }
    if (input.role === "supervisor") await client.query(`insert into supervisor (user_id, specialty) values ($1, 'gp')`, [id]);
    return { id, email, phone };
  }, input.databaseUrl);
}

/** Makes every session of the user look signed in `minutes` ago (for the recent-login rule). */
export async function ageSessions(userId: string, minutes: number): Promise<void> {
  await withDatabase((client) => client.query(`update session set created_at = now() - ($2 || ' minutes')::interval where user_id = $1`, [userId, String(minutes)]));
}

/** An outbox SMS, or null while another test's message is still being written. */
function readSms(file: string): { to: string; body: string } | null {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as { to: string; body: string };
  } catch {
    return null;
  }
}

/** The newest SMS code sent to `phone` by the server whose DATA_DIR is given (default: the shared server). */
export async function lastSmsCode(phone: string, dataDir = process.env.E2E_DATA_DIR ?? ""): Promise<string> {
  const dir = path.join(dataDir, "outbox");
  for (let attempt = 0; attempt < 40; attempt++) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".json")).sort() : [];
    for (const file of files.reverse()) {
      const message = readSms(path.join(dir, file));
      if (message?.to === phone) return /\b(\d{6})\b/.exec(message.body)![1];
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no SMS to ${phone.slice(0, 4)}… in ${dir}`);
}

export function smsCount(phone: string, dataDir = process.env.E2E_DATA_DIR ?? ""): number {
  const dir = path.join(dataDir, "outbox");
  if (!fs.existsSync(dir)) return 0;
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .filter((f) => readSms(path.join(dir, f))?.to === phone).length;
}

/** The current code of an authenticator app that scanned `base32Secret`. */
export function totpCode(base32Secret: string): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(base32Secret), digits: 6, period: 30 }).generate();
}
