/**
 * Sign-in with an SMS code (Better Auth's phoneNumber plugin). Numbers arrive in E.164 (forms convert them with
 * app/domain/phone.ts first). No sign-up: codes go only to existing users with a verified number, and adding or
 * changing a number goes through the account pages (phone-verification.server.ts), never through this plugin's
 * send endpoint.
 */
import { phoneNumber } from "better-auth/plugins";
import { SMS_CODE_ATTEMPTS, SMS_CODE_MINUTES } from "~/domain/constants";
import { isE164 } from "~/domain/phone";
import { mayText } from "../sms-rate-limit.server";
import { maskPhoneNumbers } from "~/domain/masking";
import { logger } from "../../logger.server";
import { deliverSmsCode, verifiedPhoneOwner } from "./sms-recipient.server";

export function phoneNumberPlugin() {
  return phoneNumber({
    expiresIn: SMS_CODE_MINUTES * 60,
    otpLength: 6,
    allowedAttempts: SMS_CODE_ATTEMPTS,
    phoneNumberValidator: (value) => isE164(value),
    async sendOTP({ phoneNumber: number, code }) {
      const owner = await verifiedPhoneOwner(number);
      // An unknown number is counted against the SMS limit too: the same work, and the same answer, either way.
      const allowed = await mayText(number, { userId: owner?.id ?? null, clientIp: null });
      if (!owner) return;
      if (!allowed) {
        logger.warn({ sms: { to: maskPhoneNumbers(number) } }, "SMS code not sent: over the SMS limit");
        return;
      }
      // In the background, as the e-mail sign-in link: a registered number answers as fast as an unknown one,
      // however slow the SMS provider (and its failure is logged, not shown).
      void deliverSmsCode({ phoneNumber: number, locale: owner.locale }, code);
    },
  });
}
