/**
 * The one-time setup code for creating the first administrator. Generated at start-up while no admin exists,
 * printed to the operator's console (never to the JSON log), and kept in the database — only its SHA-256 — so that
 * with several instances any of them accepts a code another printed. A code works once (used in one conditional
 * UPDATE, so two submissions cannot both use it), expires after SETUP_CODE_TTL_MS, and is moot once an admin exists.
 */
import crypto from "node:crypto";
import { and, count, eq, gt, isNull } from "drizzle-orm";
import { SETUP_CODE_TTL_MS } from "~/domain/constants";
import { systemDb } from "../db/client.server";
import { setupCode, user } from "../db/schema";

// No 0/O, 1/I/L: the code is read off a console and typed by hand.
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

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

/** The stored form: the code as typed, without separators, upper case, hashed. */
function hashOf(code: string): string {
  return crypto.createHash("sha256").update(code.toUpperCase().replace(/[^0-9A-Z]/g, "")).digest("hex");
}

/** Called at start-up: returns a new code when setup is still open, otherwise null (and no code works any more). */
export async function openSetupIfNeeded(now = Date.now()): Promise<string | null> {
  if (await adminExists()) {
    await closeSetup();
    return null;
  }
  const code = generateCode();
  await systemDb()
    .insert(setupCode)
    .values({ codeHash: hashOf(code), createdAt: new Date(now), expiresAt: new Date(now + SETUP_CODE_TTL_MS) });
  return code;
}

/** Checks and uses the code in one statement: unused, unexpired, and then used. */
export async function consumeSetupCode(input: string, now = Date.now()): Promise<boolean> {
  const used = await systemDb()
    .update(setupCode)
    .set({ usedAt: new Date(now) })
    .where(and(eq(setupCode.codeHash, hashOf(input)), isNull(setupCode.usedAt), gt(setupCode.expiresAt, new Date(now))))
    .returning({ codeHash: setupCode.codeHash });
  return used.length === 1;
}

/** Puts a used code back when creating the admin failed for a reason the user can fix. */
export async function restoreSetupCode(code: string): Promise<void> {
  await systemDb().update(setupCode).set({ usedAt: null }).where(eq(setupCode.codeHash, hashOf(code)));
}

/** Once an administrator exists, no setup code works any more: they are forgotten. */
export async function closeSetup(): Promise<void> {
  await systemDb().delete(setupCode);
}
