/**
 * Better Auth's emailAndPassword options for password reset, kept out of auth.server.ts (no import cycle).
 * The mail leaves through the job queue (decision 083), so a known address answers as fast as an unknown one and a
 * mail server that is down delays it rather than losing it.
 */
import { PASSWORD_RESET_VALID_MINUTES } from "~/domain/constants";
import { isLocale, localizePath, type Locale } from "~/domain/locales";
import { logger } from "../logger.server";
import { sendEmailLater } from "../jobs/queued-email.server";

/** The reset link leads to our own /set-password in the recipient's language. */
async function sendPasswordResetMail(data: { user: { email: string; name: string; locale?: unknown; banned?: unknown }; token: string }): Promise<void> {
  // A disabled account gets no link, like an unknown address (the answer on the page is the same either way).
  if (data.user.banned === true) return;
  const locale: Locale = isLocale(data.user.locale) ? data.user.locale : "nl";
  // `expires` only chooses the message for a dead link ("expired" rather than "invalid"): Better Auth deletes
  // expired tokens on its next lookup, so the database alone cannot tell them apart. It grants nothing.
  const expires = Math.floor(Date.now() / 1000) + PASSWORD_RESET_VALID_MINUTES * 60;
  const url = `${localizePath("/set-password", locale)}?token=${encodeURIComponent(data.token)}&expires=${expires}`;
  await sendEmailLater({ email: data.user.email, locale }, "password-reset", { name: data.user.name, url, minutes: PASSWORD_RESET_VALID_MINUTES }, { validMinutes: PASSWORD_RESET_VALID_MINUTES }).catch(
    (err: unknown) => logger.error({ err }, "password-reset e-mail could not be queued"),
  );
}


export const passwordResetOptions = {
  sendResetPassword: sendPasswordResetMail,
  resetPasswordTokenExpiresIn: PASSWORD_RESET_VALID_MINUTES * 60,
  // A reset means the old password may be known to someone else: end every session.
  revokeSessionsOnPasswordReset: true,
};
