/**
 * Our own small Better Auth plugin around the twoFactor plugin:
 *
 * - Every sign-in method ends in the second-factor challenge when the user has one. The twoFactor plugin only
 *   covers e-mail/username/phone+password sign-in; this after-hook does the same for the SMS-code sign-in
 *   (/phone-number/verify), e-mail links (/magic-link/verify) and OAuth/OIDC callbacks: the new session is
 *   dropped and replaced by the plugin's signed "two_factor" challenge cookie, so /verify-login finishes it.
 * - Changing the factor itself (enable, disable, new backup codes, reading the secret) and changing the phone
 *   number are closed over HTTP: they are done only by our account pages, behind the recent-login rule.
 * - A server-only endpoint tells /verify-login whose challenge is pending and whether SMS is possible.
 */
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint, createAuthMiddleware, isAPIError } from "better-auth/api";
import { deleteSessionCookie } from "better-auth/cookies";
import { generateRandomString } from "better-auth/crypto";
import { DEFAULT_LOCALE, isLocale, localizePath } from "~/domain/locales";
import { LANGUAGE_COOKIE } from "~/domain/constants";

const TWO_FACTOR_COOKIE = "two_factor";
const CHALLENGE_SECONDS = 600;

/** Plugin endpoints that would change a factor or a phone number without our recent-login check. */
const CLOSED_OVER_HTTP = new Set([
  "/two-factor/enable",
  "/two-factor/disable",
  "/two-factor/generate-backup-codes",
  "/two-factor/get-totp-uri",
  "/phone-number/request-password-reset",
  "/phone-number/reset-password",
]);

/** Session-creating paths that the twoFactor plugin does not intercept itself. */
function isOtherSignInPath(path: string | undefined, body: unknown): boolean {
  if (!path) return false;
  if (path === "/phone-number/verify") return !(body as { updatePhoneNumber?: boolean } | undefined)?.updatePhoneNumber;
  return path === "/magic-link/verify" || path.startsWith("/callback/") || path.startsWith("/oauth2/callback/") || path === "/sign-in/email-otp";
}

/**
 * Whose sign-in this request turned into a challenge, per Better Auth request context (the after-hooks of one
 * request share it): the sign-in audit then records "second factor requested" instead of a failed sign-in.
 */
const challengedInRequest = new WeakMap<object, string>();

export function challengedUserId(context: object): string | null {
  return challengedInRequest.get(context) ?? null;
}

export interface PendingSecondFactor {
  userId: string;
  /** SMS is offered only for a verified phone number. */
  smsPossible: boolean;
  totpEnrolled: boolean;
}

export function secondFactorGate() {
  return {
    id: "casus-second-factor-gate",
    hooks: {
      before: [
        {
          matcher: (ctx) => Boolean(ctx.request) && CLOSED_OVER_HTTP.has(ctx.path ?? ""),
          handler: createAuthMiddleware(async () => {
            throw new APIError("NOT_FOUND", { message: "Not found", code: "NOT_FOUND" });
          }),
        },
        {
          matcher: (ctx) => Boolean(ctx.request) && ctx.path === "/phone-number/verify" && Boolean((ctx.body as { updatePhoneNumber?: boolean })?.updatePhoneNumber),
          handler: createAuthMiddleware(async () => {
            throw new APIError("NOT_FOUND", { message: "Not found", code: "NOT_FOUND" });
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => isOtherSignInPath(ctx.path, ctx.body),
          handler: createAuthMiddleware(async (ctx) => {
            const data = ctx.context.newSession;
            if (!data || !(data.user as { twoFactorEnabled?: boolean }).twoFactorEnabled) return;
            deleteSessionCookie(ctx, true);
            await ctx.context.internalAdapter.deleteSession(data.session.token);
            ctx.context.setNewSession(null);
            challengedInRequest.set(ctx.context, data.user.id);
            const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE, { maxAge: CHALLENGE_SECONDS });
            const identifier = `2fa-${generateRandomString(20)}`;
            const expiresAt = new Date(Date.now() + CHALLENGE_SECONDS * 1000);
            await ctx.context.internalAdapter.createVerificationValue({ value: data.user.id, identifier, expiresAt });
            await ctx.context.internalAdapter.createVerificationValue({ value: "0", identifier: `2fa-attempts-${identifier}`, expiresAt });
            await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, cookie.attributes);
            const returned = ctx.context.returned;
            if (isAPIError(returned) && returned.statusCode >= 300 && returned.statusCode < 400) {
              // A redirect flow (e-mail link, OAuth callback): continue on /verify-login in the visitor's language.
              const language = ctx.getCookie(LANGUAGE_COOKIE);
              throw ctx.redirect(localizePath("/verify-login", isLocale(language) ? language : DEFAULT_LOCALE));
            }
            return ctx.json({ twoFactorRedirect: true });
          }),
        },
      ],
    },
    endpoints: {
      pendingSecondFactor: createAuthEndpoint.serverOnly({ method: "GET" }, async (ctx): Promise<PendingSecondFactor | null> => {
        const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE);
        const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
        if (!identifier) return null;
        const challenge = await ctx.context.internalAdapter.findVerificationValue(identifier);
        if (!challenge || challenge.expiresAt < new Date()) return null;
        const user = (await ctx.context.internalAdapter.findUserById(challenge.value)) as
          | { id: string; phoneNumber?: string | null; phoneNumberVerified?: boolean | null }
          | null;
        if (!user) return null;
        const factor = await ctx.context.adapter.findOne<{ verified?: boolean | null }>({ model: "twoFactor", where: [{ field: "userId", value: user.id }] });
        return { userId: user.id, smsPossible: Boolean(user.phoneNumber && user.phoneNumberVerified), totpEnrolled: Boolean(factor && factor.verified !== false) };
      }),
    },
  } satisfies BetterAuthPlugin;
}
