/**
 * Sign-in attempts per e-mail address (on top of Better Auth's per-client-address limiter): at most
 * SIGN_IN_ADDRESS_RATE_LIMIT per ADDRESS_RATE_LIMIT_WINDOW_MS for password and e-mail-link sign-in, counted in the
 * shared rate_limit table under a hashed key (the address itself is not stored). Refusals carry Retry-After.
 */
import crypto from "node:crypto";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { sql } from "drizzle-orm";
import { ADDRESS_RATE_LIMIT_WINDOW_MS } from "~/domain/constants";
import type { Database } from "../../db/client.server";

const LIMITED_PATHS = new Set(["/sign-in/email", "/sign-in/magic-link"]);

/** Counts one attempt; returns the seconds to wait when over the limit, else null. */
export async function countAddressAttempt(db: Database, email: string, limit: number, now = Date.now()): Promise<number | null> {
  return countAttempt(db, `address:${hashedKey(email.trim().toLowerCase())}`, limit, ADDRESS_RATE_LIMIT_WINDOW_MS, now);
}

/** A key that does not store what it counts (an address, a phone number). */
export function hashedKey(value: string): string {
  return crypto.createHash("sha256").update(value).digest("base64url");
}

/** Counts one attempt under `key` in a fixed window; the seconds to wait when over the limit, else null. */
export async function countAttempt(db: Database, key: string, limit: number, windowMs: number, now = Date.now()): Promise<number | null> {
  const windowStart = now - windowMs;
  // One statement, so concurrent attempts cannot both slip under the limit. last_request is the window's start.
  const result = await db.execute<{ count: number; last_request: string }>(sql`
    insert into rate_limit (id, key, count, last_request) values (${crypto.randomUUID()}, ${key}, 1, ${now})
    on conflict (key) do update set
      count = case when rate_limit.last_request < ${windowStart} then 1 else rate_limit.count + 1 end,
      last_request = case when rate_limit.last_request < ${windowStart} then ${now} else rate_limit.last_request end
    returning count, last_request`);
  const row = (result as unknown as { rows: { count: number; last_request: string }[] }).rows[0];
  if (Number(row.count) <= limit) return null;
  return Math.max(1, Math.ceil((Number(row.last_request) + windowMs - now) / 1000));
}

export function addressRateLimit(db: Database, limit: number): BetterAuthPlugin {
  return {
    id: "casus-address-rate-limit",
    hooks: {
      before: [
        {
          matcher: (ctx) => LIMITED_PATHS.has(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const email = (ctx.body as { email?: unknown } | undefined)?.email;
            if (typeof email !== "string") return;
            const retryAfter = await countAddressAttempt(db, email, limit);
            if (retryAfter !== null) {
              throw new APIError("TOO_MANY_REQUESTS", { message: "Too many requests. Please try again later.", code: "TOO_MANY_REQUESTS" }, { "X-Retry-After": String(retryAfter) });
            }
          }),
        },
      ],
    },
  };
}
