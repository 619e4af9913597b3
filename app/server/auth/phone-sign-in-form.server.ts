/**
 * The "sign in with phone" form on the sign-in page (two steps: number, then code). Used by the sign-in route's
 * action for the intents below; answers what the form shows next, or redirects once signed in.
 */
import type { AppLoadContext } from "react-router";
import { AppError } from "~/domain/errors";
import { formatPhoneNumber } from "~/domain/phone";
import type { Locale } from "~/domain/locales";
import { auditOrigin } from "../audit/audit.server";
import { requestPhoneSignInCode, verifyPhoneSignInCode } from "./phone-sign-in.server";
import { redirectAfterSignInStep } from "./sign-in-redirect.server";

const PHONE_SIGN_IN_INTENTS = ["phone-send", "phone-verify"] as const;

export function isPhoneSignInIntent(value: unknown): value is (typeof PHONE_SIGN_IN_INTENTS)[number] {
  return typeof value === "string" && (PHONE_SIGN_IN_INTENTS as readonly string[]).includes(value);
}

export interface PhoneSignInState {
  phone: {
    error?: AppError["code"];
    /** Step two: the number the code went to, if it has an account (the page never says whether it has). */
    codeSentTo?: { e164: string; display: string };
    typed?: string;
  };
}

export async function handlePhoneSignIn(form: FormData, args: { request: Request; context: AppLoadContext }, locale: Locale): Promise<PhoneSignInState> {
  const origin = auditOrigin(args.request, args.context);
  const redirectTo = String(form.get("redirectTo") ?? "") || null;
  if (form.get("intent") === "phone-send") {
    const typed = String(form.get("phone") ?? "").slice(0, 40);
    try {
      const e164 = await requestPhoneSignInCode(typed, args.request.headers, origin);
      return { phone: { codeSentTo: { e164, display: formatPhoneNumber(e164) } } };
    } catch (error) {
      if (error instanceof AppError) return { phone: { error: error.code, typed } };
      throw error;
    }
  }
  const e164 = String(form.get("phoneNumber") ?? "");
  const result = await verifyPhoneSignInCode(e164, String(form.get("code") ?? "").slice(0, 12), args.request.headers, origin);
  if (result.ok) redirectAfterSignInStep(result, redirectTo, locale);
  // A wrong code may be tried again (a few times); an expired or used-up code needs a new one.
  if (result.code === "invalid-verification-code") return { phone: { error: result.code, codeSentTo: { e164, display: formatPhoneNumber(e164) } } };
  return { phone: { error: result.code } };
}
