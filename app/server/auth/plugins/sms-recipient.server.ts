/**
 * Who may receive an SMS code: only an existing, enabled user whose number is verified. Anyone else gets the
 * same answer from the API but no message, so the phone form cannot be used to find out who has an account.
 */
import { and, eq } from "drizzle-orm";
import { isLocale, DEFAULT_LOCALE, type Locale } from "~/domain/locales";
import { SMS_CODE_MINUTES } from "~/domain/constants";
import { maskPhoneNumbers } from "~/domain/masking";
import { systemDb } from "../../db/client.server";
import { user } from "../../db/schema";
import { logger } from "../../logger.server";
import { delivery } from "../../mail/delivery.server";
import { queueSmsCodeRetry } from "../../jobs/sms-code-retry.server";
import { jobQueue } from "../../jobs/queue.server";
import { mayText, type SmsRequester } from "../sms-rate-limit.server";

export async function verifiedPhoneOwner(phoneNumber: string): Promise<{ id: string; locale: Locale } | null> {
  const [row] = await systemDb()
    .select({ id: user.id, locale: user.locale, banned: user.banned })
    .from(user)
    .where(and(eq(user.phoneNumber, phoneNumber), eq(user.phoneNumberVerified, true)));
  if (!row || row.banned) return null;
  return { id: row.id, locale: isLocale(row.locale) ? row.locale : DEFAULT_LOCALE };
}

export type SmsOutcome = "sent" | "failed" | "limited";

/**
 * Sends the code within the SMS limits (sms-rate-limit.server.ts), or logs why not. A refusal or a delivery failure
 * is logged, not thrown: an error only for existing numbers would tell a stranger that the number has an account.
 */
export async function sendSmsCode(to: { phoneNumber: string; locale: Locale }, code: string, who: SmsRequester): Promise<SmsOutcome> {
  if (!(await mayText(to.phoneNumber, who))) {
    logger.warn({ sms: { to: maskPhoneNumbers(to.phoneNumber) } }, "SMS code not sent: over the SMS limit");
    return "limited";
  }
  return deliverSmsCode(to, code);
}

/**
 * Hands the code to the SMS delivery; a failure is logged (with the number masked), never thrown, and the code
 * goes to the job queue to be tried again until it lapses (decision 083).
 */
export async function deliverSmsCode(to: { phoneNumber: string; locale: Locale }, code: string): Promise<"sent" | "failed"> {
  try {
    await delivery().sendSms(to, "sms-code", { code, minutes: SMS_CODE_MINUTES });
    return "sent";
  } catch {
    logger.warn({ sms: { to: maskPhoneNumbers(to.phoneNumber) } }, "SMS code not delivered; the job queue tries again");
    try {
      await queueSmsCodeRetry(to, code);
      jobQueue().wake("sms-code");
    } catch (err) {
      logger.error({ err }, "could not queue the SMS code to try again");
    }
    return "failed";
  }
}
