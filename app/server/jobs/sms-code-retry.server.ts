/**
 * SMS codes the gateway did not take while the person waited (decision 083): the request says so at once ("could
 * not be sent"), and the code goes into the job queue, sealed, to be tried again with backoff until it lapses. The
 * person usually has it within a minute without asking again; the log names the number masked, as always.
 */
import { SMS_CODE_MINUTES } from "~/domain/constants";
import type { Locale } from "~/domain/locales";
import { maskPhoneNumbers } from "~/domain/masking";
import { systemDb } from "../db/client.server";
import { logger, type Logger } from "../logger.server";
import { delivery } from "../mail/delivery.server";
import type { JobData } from "./job-table.server";
import { jobQueue } from "./queue.server";
import { openQueuedMessage, seal } from "./sealed-payload.server";

interface SmsCode {
  phoneNumber: string;
  locale: Locale;
  code: string;
}

/** Writes the retry job; the code lapses SMS_CODE_MINUTES from now, as its verification row does. */
export async function queueSmsCodeRetry(to: { phoneNumber: string; locale: Locale }, code: string, now = Date.now()): Promise<void> {
  const payload: SmsCode = { phoneNumber: to.phoneNumber, locale: to.locale, code };
  await jobQueue().send(systemDb(), "sms-code", { sealed: seal(payload), expiresAt: new Date(now + SMS_CODE_MINUTES * 60_000).toISOString() });
}

/** The `sms-code` job: one more attempt; a failure throws, so the queue tries again later. */
export async function retrySmsCode({ sealed, expiresAt }: JobData["sms-code"], log: Logger = logger, now = Date.now()): Promise<"sent" | "lapsed" | "unreadable"> {
  const opened = openQueuedMessage<SmsCode>(sealed, expiresAt, now);
  // Sealed under another AUTH_SECRET (rotated since): nobody can read it, so nobody can send it.
  if ("skip" in opened) {
    if (opened.payload) log.info({ sms: { to: maskPhoneNumbers(opened.payload.phoneNumber) } }, "SMS code lapsed before the gateway took it");
    return opened.skip;
  }
  const { payload } = opened;
  await delivery().sendSms({ phoneNumber: payload.phoneNumber, locale: payload.locale }, "sms-code", { code: payload.code, minutes: SMS_CODE_MINUTES });
  return "sent";
}
