/**
 * A fresh six-digit code sent by SMS from the account page (adding a phone number, re-authenticating). It is kept
 * as a verification row in the phoneNumber plugin's own format ("code:attempts"), for SMS_CODE_MINUTES; a new code
 * replaces the one before under the same identifier.
 */
import { generateRandomString } from "better-auth/crypto";
import { SMS_CODE_MINUTES } from "~/domain/constants";
import type { Locale } from "~/domain/locales";
import { auth } from "../auth/auth.server";
import { sendSmsCode, type SmsOutcome } from "../auth/plugins/sms-recipient.server";
import type { SmsRequester } from "../auth/sms-rate-limit.server";

/** Whether the SMS went out; not when over the SMS limit or undeliverable (the code is kept all the same). */
export async function issueSmsCode(identifier: string, to: { phoneNumber: string; locale: Locale }, who: SmsRequester): Promise<SmsOutcome> {
  const ctx = await auth().$context;
  const code = generateRandomString(6, "0-9");
  await ctx.internalAdapter.deleteVerificationByIdentifier(identifier);
  await ctx.internalAdapter.createVerificationValue({ identifier, value: `${code}:0`, expiresAt: new Date(Date.now() + SMS_CODE_MINUTES * 60_000) });
  return sendSmsCode(to, code, who);
}
