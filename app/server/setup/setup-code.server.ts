/**
 * The one-time setup code for creating the first administrator. Generated at start-up while no admin exists,
 * printed to the operator's console (never to the JSON log), single-use, and gone once an admin exists.
 */
import crypto from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { systemDb } from "../db/client.server";
import { user } from "../db/schema";

// No 0/O, 1/I/L: the code is read off a console and typed by hand.
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const CODE_KEY = Symbol.for("casus.setupCode");
type CodeHolder = { [CODE_KEY]?: string | null };

export async function adminExists(): Promise<boolean> {
  const [row] = await systemDb()
    .select({ n: count() })
    .from(user)
    .where(and(eq(user.role, "admin")));
  return (row?.n ?? 0) > 0;
}

function generateCode(): string {
  const bytes = crypto.randomBytes(16);
  const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join("");
  return chars.match(/.{4}/g)!.join("-");
}

function normalise(code: string): string {
  return code.toUpperCase().replace(/[^0-9A-Z]/g, "");
}

/** Called at start-up: returns the new code when setup is still open, otherwise null. */
export async function openSetupIfNeeded(): Promise<string | null> {
  const holder = globalThis as CodeHolder;
  if (await adminExists()) {
    holder[CODE_KEY] = null;
    return null;
  }
  holder[CODE_KEY] = generateCode();
  return holder[CODE_KEY];
}

/** Checks and consumes the code in one step, so two submissions cannot both use it. */
export function consumeSetupCode(input: string): boolean {
  const holder = globalThis as CodeHolder;
  const expected = holder[CODE_KEY];
  if (!expected) return false;
  const a = Buffer.from(normalise(input));
  const b = Buffer.from(normalise(expected));
  if (a.length !== b.length || !crypto.timingSafeEqual(a, b)) return false;
  holder[CODE_KEY] = null;
  return true;
}

/** Puts a consumed code back when creating the admin failed for a reason the user can fix. */
export function restoreSetupCode(code: string): void {
  (globalThis as CodeHolder)[CODE_KEY] = code;
}
