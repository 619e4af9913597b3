/**
 * Better Auth, the engine of every sign-in method. Sessions live in the database; cookies are HttpOnly,
 * SameSite=Lax and Secure behind HTTPS. Self sign-up is off: people are created by setup, seeding or invitation.
 */
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin } from "better-auth/plugins";
import { DEFAULT_LOCALE } from "~/domain/locales";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/domain/constants";
import type { Config } from "../config.server";
import type { Database } from "../db/client.server";
import * as schema from "../db/schema";
import { phoneNumberPlugin } from "./plugins/phone-number.server";
import { secondFactorGate } from "./plugins/second-factor-gate.server";
import { twoFactorPlugin } from "./plugins/two-factor.server";
import { addressRateLimit } from "./plugins/address-rate-limit.server";
import { magicLinkPlugin } from "./plugins/magic-link.server";
import { oidcPlugin, trustedOidcProviderIds } from "./plugins/oidc.server";
import { signInAudit } from "./plugins/sign-in-audit.server";

import { CLIENT_IP_HEADER } from "./request-headers.server";
import { refuseInactiveOrganisation } from "./organisation-sign-in.server";
import { passwordResetOptions } from "./password-reset-mail.server";
import { logFromAuthLibrary } from "./auth-library-log.server";

/** The header that carries the trusted client address into Better Auth. */
export { CLIENT_IP_HEADER };

export function createAuth(db: Database, config: Config) {
  return betterAuth({
    appName: "Casus",
    baseURL: config.baseUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    // Its log lines through ours: masked, one JSON record each (a request cannot forge a line).
    logger: { log: logFromAuthLibrary },
    trustedOrigins: trustedOrigins(config),
    // A sign-in callback that cannot name its own error page (its state is lost or expired: the back button, another
    // browser) goes to the sign-in page, which says what happened in the user's language, not to Better Auth's error
    // page (closed by the door, so a JSON 404).
    onAPIError: { errorURL: "/" },
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        rateLimit: schema.rateLimit,
        twoFactor: schema.twoFactor,
      },
    }),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      ...passwordResetOptions,
    },
    user: {
      additionalFields: {
        locale: { type: "string", required: false, defaultValue: DEFAULT_LOCALE, input: false },
      },
    },
    session: {
      expiresIn: Math.round(config.sessionHours * 3600),
      updateAge: 3600,
      // Every request reads the session from the database, so disabling a user signs them out at once everywhere.
      cookieCache: { enabled: false },
    },
    databaseHooks: { session: { create: { before: refuseInactiveOrganisation } } },
    // Social sign-in links a provider identity to the user with the same verified address; no account is created.
    account: { accountLinking: { enabled: true, trustedProviders: trustedOidcProviderIds(config.oidcProviders) } },
    plugins: [
      admin({ defaultRole: "professional", adminRoles: ["admin"] }),
      addressRateLimit(db, config.signInAddressRateLimit),
      twoFactorPlugin(),
      phoneNumberPlugin(),
      magicLinkPlugin(config),
      ...(config.oidcProviders.length ? [oidcPlugin(config.oidcProviders)] : []),
      // After every sign-in method: a user with a second factor is sent to the challenge instead of being signed in.
      secondFactorGate(),
      signInAudit(),
    ],
    rateLimit: {
      enabled: true,
      // Counters in the database, so every instance behind a load balancer shares them.
      storage: "database",
      window: 60,
      max: 300,
      customRules: {
        "/sign-in/email": { window: 60, max: config.signInRateLimitPerMinute },
        // SMS codes and second-factor codes: per client address, like the password form (each code also allows only a few tries).
        "/phone-number/*": { window: 60, max: config.signInRateLimitPerMinute },
        "/two-factor/*": { window: 60, max: config.signInRateLimitPerMinute },
        "/sign-in/magic-link": { window: 60, max: config.signInRateLimitPerMinute },
        "/magic-link/verify": { window: 60, max: config.signInRateLimitPerMinute },
        "/sign-in/social": { window: 60, max: config.signInRateLimitPerMinute },
        "/request-password-reset": { window: 60, max: config.signInRateLimitPerMinute },
      },
    },
    advanced: {
      cookiePrefix: "casus",
      useSecureCookies: config.secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: config.secureCookies },
      // Ids are made here, not by the database, so every back end produces the same UUID shape.
      // joins: the session and its user in one statement (Drizzle relations in db/schema/auth.ts), not two, on every
      // signed-in request (issue 13).
      database: { generateId: () => crypto.randomUUID(), joins: true },
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
