/**
 * "E-mail me a sign-in link": Better Auth's magicLink plugin, with the link pointing at /verify-login (not at
 * Better Auth's own verify endpoint) so that page can ask for the address again in another browser. The e-mail
 * goes only to existing, enabled users, in their language; for anyone else nothing is sent, and the answer is the
 * same, so the form cannot be used to find out who has an account. Tokens are stored hashed and work once.
 */
import { magicLink } from "better-auth/plugins";
import { MAGIC_LINK_TTL_MINUTES } from "~/domain/constants";
import { isLocale, localizePath, DEFAULT_LOCALE, type Locale } from "~/domain/locales";
import { safeRedirectPath } from "~/domain/safe-redirect";
import type { Config } from "../../config.server";
import { logger } from "../../logger.server";
import { sendEmailLater } from "../../jobs/queued-email.server";
import { PAGE_LOCALE_HEADER } from "../request-headers.server";

export function magicLinkPlugin(config: Config) {
  return magicLink({
    disableSignUp: true,
    storeToken: "hashed",
    expiresIn: MAGIC_LINK_TTL_MINUTES * 60,
    rateLimit: { window: 60, max: config.signInRateLimitPerMinute },
    async sendMagicLink({ email, url, token }, ctx) {
      const found = await ctx?.context.internalAdapter.findUserByEmail(email);
      const user = found?.user as { name: string; locale?: string | null; banned?: boolean | null } | undefined;
      if (!user || user.banned) {
        logger.info("sign-in link requested for an unknown or disabled address; nothing sent");
        return;
      }
      const pageLocale = ctx?.headers?.get(PAGE_LOCALE_HEADER);
      const locale: Locale = isLocale(user.locale) ? user.locale : isLocale(pageLocale) ? pageLocale : DEFAULT_LOCALE;
      const link = new URL(localizePath("/verify-login", locale), config.baseUrl);
      link.searchParams.set("token", token);
      const redirectTo = safeRedirectPath(new URL(url).searchParams.get("callbackURL"));
      if (redirectTo && redirectTo !== "/") link.searchParams.set("redirectTo", redirectTo);
      // Through the job queue, as the password-reset mail: a known address answers as fast as an unknown one, a
      // mail server's failure cannot tell a stranger that the address has an account, and it delays the link
      // rather than losing it (decision 083).
      await sendEmailLater({ email, locale }, "sign-in-link", { name: user.name, url: link.toString(), minutes: MAGIC_LINK_TTL_MINUTES }, { validMinutes: MAGIC_LINK_TTL_MINUTES }).catch(
        (err: unknown) => logger.error({ err }, "sign-in link e-mail could not be queued"),
      );
    },
  });
}
