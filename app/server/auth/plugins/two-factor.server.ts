/**
 * The second factor (Better Auth's twoFactor plugin): TOTP with backup codes, and an SMS code as an alternative
 * for users with a verified phone. Enrolment, backup-code regeneration and switching off are done by our own
 * account pages (second-factor-enrolment.server.ts) behind the recent-login rule, so the plugin's HTTP endpoints
 * for those are closed (second-factor-gate.server.ts); its challenge endpoints stay open for /verify-login.
 */
import { twoFactor } from "better-auth/plugins";
import { SMS_CODE_MINUTES } from "~/domain/constants";
import { isLocale, DEFAULT_LOCALE } from "~/domain/locales";
import { sendSmsCode } from "./sms-recipient.server";

export const TOTP_ISSUER = "Casus";

export function twoFactorPlugin() {
  return twoFactor({
    issuer: TOTP_ISSUER,
    otpOptions: {
      period: SMS_CODE_MINUTES,
      storeOTP: "hashed",
      allowedAttempts: 5,
      async sendOTP({ user, otp }) {
        const { phoneNumber, phoneNumberVerified, locale } = user as typeof user & { phoneNumber?: string | null; phoneNumberVerified?: boolean | null; locale?: string };
        // The challenge page offers SMS only to users with a verified number; anyone else gets nothing.
        if (!phoneNumber || !phoneNumberVerified) return;
        await sendSmsCode({ phoneNumber, locale: isLocale(locale) ? locale : DEFAULT_LOCALE }, otp, { userId: user.id, clientIp: null });
      },
    },
    backupCodeOptions: { amount: 10, length: 10, storeBackupCodes: "encrypted" },
  });
}
