/**
 * Better Auth, the engine of every sign-in method. Sessions live in the database; cookies are HttpOnly,
 * SameSite=Lax and Secure behind HTTPS. Self sign-up is off: people are created by setup, seeding or invitation.
 */
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin } from "better-auth/plugins";
import { DEFAULT_LOCALE } from "~/domain/locales";
import type { Config } from "../config.server";
import type { Database } from "../db/client.server";
import * as schema from "../db/schema";
import { refuseInactiveOrganisation } from "./organisation-sign-in.server";
import { passwordResetOptions } from "./password-reset-mail.server";

/** The header that carries the trusted client address into Better Auth. */
export const CLIENT_IP_HEADER = "x-casus-client-ip";

export function createAuth(db: Database, config: Config) {
  return betterAuth({
    appName: "Casus",
    baseURL: config.baseUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    trustedOrigins: trustedOrigins(config),
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        rateLimit: schema.rateLimit,
      },
    }),
    emailAndPassword: { enabled: true, disableSignUp: true, minPasswordLength: 12, maxPasswordLength: 256, ...passwordResetOptions },
    user: {
      additionalFields: {
        locale: { type: "string", required: false, defaultValue: DEFAULT_LOCALE, input: false },
      },
    },
    session: {
      expiresIn: config.sessionHours * 3600,
      updateAge: 3600,
      // Every request reads the session from the database, so disabling a user signs them out at once everywhere.
      cookieCache: { enabled: false },
    },
    databaseHooks: { session: { create: { before: refuseInactiveOrganisation } } },
    plugins: [admin({ defaultRole: "professional", adminRoles: ["admin"] })],
    rateLimit: {
      enabled: true,
      // Counters in the database, so every instance behind a load balancer shares them.
      storage: "database",
      window: 60,
      max: 300,
      customRules: { "/sign-in/email": { window: 60, max: config.signInRateLimitPerMinute }, "/request-password-reset": { window: 60, max: config.signInRateLimitPerMinute } },
    },
    advanced: {
      cookiePrefix: "casus",
      useSecureCookies: config.secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: config.secureCookies },
      // Ids are made here, not by the database, so every back end produces the same UUID shape.
      database: { generateId: () => crypto.randomUUID() },
      // The client address as Express determined it under TRUST_PROXY (set by server/app.ts and by form actions);
      // a client cannot choose it, unlike a raw X-Forwarded-For.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The public origin and its loopback twin (people open demos on either), plus configured extras. */
function trustedOrigins(config: Config): string[] {
  const origins = new Set([new URL(config.baseUrl).origin, ...config.trustedOrigins]);
  const base = new URL(config.baseUrl);
  if (base.hostname === "localhost") origins.add(`${base.protocol}//127.0.0.1:${base.port}`);
  if (base.hostname === "127.0.0.1") origins.add(`${base.protocol}//localhost:${base.port}`);
  return [...origins];
}

const AUTH_KEY = Symbol.for("casus.auth");
type AuthHolder = { [AUTH_KEY]?: Auth };

export function installAuth(instance: Auth): void {
  (globalThis as AuthHolder)[AUTH_KEY] = instance;
}

export function auth(): Auth {
  const instance = (globalThis as AuthHolder)[AUTH_KEY];
  if (!instance) throw new Error("Auth is not initialised yet (start-up creates it before serving requests).");
  return instance;
}
