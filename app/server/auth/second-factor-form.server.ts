/**
 * The second-factor step on /verify-login: what the page shows while a challenge is pending, and its form
 * intents (authenticator code, backup code, SMS code). Redirects once signed in.
 */
import type { AppLoadContext } from "react-router";
import type { ErrorCode } from "~/domain/errors";
import type { Locale } from "~/domain/locales";
import { safeRedirectPath } from "~/domain/safe-redirect";
import { auditOrigin } from "../audit/audit.server";
import { completeSecondFactor, pendingSecondFactor, sendSecondFactorSms, type ChallengeMethod } from "./second-factor-challenge.server";
import { redirectAfterSignInStep } from "./sign-in-redirect.server";

export const SECOND_FACTOR_INTENTS = ["second-factor-totp", "second-factor-backup-code", "second-factor-sms-send", "second-factor-sms"] as const;

export function isSecondFactorIntent(value: unknown): value is (typeof SECOND_FACTOR_INTENTS)[number] {
  return typeof value === "string" && (SECOND_FACTOR_INTENTS as readonly string[]).includes(value);
}

export interface SecondFactorChallengeView {
  smsPossible: boolean;
  totpEnrolled: boolean;
  redirectTo: string | null;
}

/** The challenge to show on /verify-login, or null when none is pending for this browser. */
export async function secondFactorChallenge(request: Request): Promise<SecondFactorChallengeView | null> {
  const pending = await pendingSecondFactor(request.headers);
  if (!pending) return null;
  return { smsPossible: pending.smsPossible, totpEnrolled: pending.totpEnrolled, redirectTo: safeRedirectPath(new URL(request.url).searchParams.get("redirectTo")) };
}

export interface SecondFactorActionData {
  secondFactor: { error?: ErrorCode; method?: ChallengeMethod; smsSent?: boolean; expired?: boolean };
}

const METHOD: Record<string, ChallengeMethod> = {
  "second-factor-totp": "totp",
  "second-factor-backup-code": "backup-code",
  "second-factor-sms": "sms",
};

export async function handleSecondFactorAction(form: FormData, args: { request: Request; context: AppLoadContext }, locale: Locale): Promise<SecondFactorActionData> {
  const origin = auditOrigin(args.request, args.context);
  const intent = String(form.get("intent"));
  if (intent === "second-factor-sms-send") {
    const sent = await sendSecondFactorSms(args.request.headers, origin);
    return { secondFactor: sent ? { method: "sms", smsSent: true } : { error: "invalid-action-code", expired: true } };
  }
  const method = METHOD[intent];
  const result = await completeSecondFactor(method, String(form.get("code") ?? "").slice(0, 20), args.request.headers, origin);
  if (result.ok) redirectAfterSignInStep(result, String(form.get("redirectTo") ?? "") || null, locale);
  // An expired or used-up challenge cannot be retried here: the page then offers to sign in again.
  const expired = result.code === "invalid-action-code" && !(await pendingSecondFactor(args.request.headers));
  return { secondFactor: { error: result.code, method, smsSent: method === "sms", expired } };
}
