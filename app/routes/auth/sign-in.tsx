import { useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { OidcSignIn } from "~/components/auth/oidc-sign-in";
import { SignInLinkForm } from "~/components/auth/sign-in-link-form";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { PageHeader } from "~/components/page-header";
import { PhoneSignIn } from "~/components/account/phone-sign-in";
import { codeForBetterAuthError, isSignInNoticeCode } from "~/domain/auth-errors";
import { errorMessageKey, type ErrorCode } from "~/domain/errors";
import { localizePath } from "~/domain/locales";
import { homePath } from "~/domain/roles";
import { safeRedirectPath } from "~/domain/safe-redirect";
import { useCountdown } from "~/lib/use-countdown";
import { useLocale } from "~/lib/use-locale";
import { auditOrigin } from "~/server/audit/audit.server";
import { authorize } from "~/server/auth/authorize.server";
import { oidcButtons } from "~/server/auth/oidc-sign-in.server";
import { signInWithPassword } from "~/server/auth/password-sign-in.server";
import { handlePhoneSignIn, isPhoneSignInIntent } from "~/server/auth/phone-sign-in-form.server";
import { redirectAfterSignInStep } from "~/server/auth/sign-in-redirect.server";
import { oidcSignInAction, signInLinkAction, tooManyRequests, type SignInActionData } from "~/server/auth/sign-in-actions.server";
import type { Route } from "./+types/sign-in";
import { invalidForm, parseForm } from "~/server/forms/parse-form.server";
import { intents, noIntent, rawText } from "~/domain/forms/fields";
import { PASSWORD_MAX_LENGTH } from "~/domain/constants";
import { LINK } from "~/components/ui/targets";
import { actionAnswer } from "~/server/http/responses.server";

export const handle = { i18n: ["auth", "account"] };

// The password form sends no intent; the other forms' own fields are read by their handlers, which check them.
const signInForm = z.discriminatedUnion("intent", [
  z.object({ intent: noIntent, email: z.email().max(320), password: rawText.min(1).max(PASSWORD_MAX_LENGTH), redirectTo: rawText.optional() }),
  z.object({ intent: intents(["phone-send", "phone-verify", "magic-link", "oidc"]) }),
]);

export async function loader(args: Route.LoaderArgs) {
  const { user, locale } = await authorize(args, "sign-in");
  if (user) throw redirect(localizePath(homePath(user), locale));
  const params = new URL(args.request.url).searchParams;
  const requested = params.get("redirectTo");
  const redirectTo = safeRedirectPath(requested);
  const reason = params.get("reason");
  // Why the user is here: signed out (reason), a failed social sign-in (error), or a refused redirect target.
  const notice: ErrorCode | null = requested && !redirectTo ? "unauthorized-domain" : isSignInNoticeCode(reason) ? reason : codeForBetterAuthError(params.get("error"));
  return { redirectTo, notice, providers: oidcButtons() };
}

export async function action(args: Route.ActionArgs) {
  const { user, locale } = await authorize(args, "sign-in");
  if (user) throw redirect(localizePath(homePath(user), locale));
  const parsed = await parseForm(args.request, signInForm);
  // The typed address comes back (an address the browser took but the server did not, "anna@praktijk"), beside
  // its problem; never the password.
  if (!parsed.ok) return invalidForm<SignInActionData>(parsed, { error: parsed.code, email: (parsed.values.email ?? "").slice(0, 320), fields: parsed.fields });
  const input = parsed.data;
  if (input.intent !== undefined) {
    if (isPhoneSignInIntent(input.intent)) {
      const answer = await handlePhoneSignIn(parsed.form, args, locale);
      return actionAnswer(answer, answer.phone.error);
    }
    if (input.intent === "magic-link") return signInLinkAction(parsed.form, args.request, args.context, locale);
    return oidcSignInAction(parsed.form, args.request, args.context, locale);
  }
  const result = await signInWithPassword(input, args.request.headers, auditOrigin(args.request, args.context));
  if (!result.ok) {
    if (result.retryAfter) return tooManyRequests(result.retryAfter, { email: input.email });
    return data<SignInActionData>({ error: result.code, email: input.email }, { status: result.code === "user-disabled" || result.code === "organisation-inactive" ? 403 : 401 });
  }
  // Signed in, or on to the second-factor challenge on /verify-login.
  redirectAfterSignInStep(result, input.redirectTo, locale);
}

/** A refused attempt tells the browser when to try again (the action's data() headers are not sent by themselves). */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
}

/** A failed fetch (offline, server unreachable) becomes the seed's "network request failed" message. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch (error) {
    // A 5xx action result also stops React Router from reloading the page's data, which would fail too.
    if (error instanceof TypeError) return data<SignInActionData>({ error: "network-request-failed" }, { status: 503 });
    throw error;
  }
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["auth", "errors"]);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && !navigation.formData?.get("intent");
  const [clientNotice, setClientNotice] = useState<{ code: ErrorCode; tone: "error" | "info" } | null>(null);
  const result = actionData as SignInActionData | undefined;
  const waitSeconds = useCountdown(result?.retryAfter, result);
  const code = clientNotice?.code ?? result?.error ?? loaderData.notice;
  const tone = clientNotice?.tone ?? (code === "popup-blocked" ? "info" : "error");
  const locale = useLocale();
  return (
    <div className="mx-auto flex max-w-md flex-col gap-6">
      <div>
        <PageHeader routeKey="sign-in" />
        <p className="text-slate-700">{t("auth:signIn.intro")}</p>
      </div>
      {code ? (
        <Alert tone={tone}>
          {t(errorMessageKey(code))}
          {code === "too-many-requests" && waitSeconds > 0 ? ` ${t("auth:signIn.retryAfter", { seconds: waitSeconds })}` : null}
        </Alert>
      ) : null}
      <Form method="post" className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm" noValidate={false}>
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo ?? ""} />
        <Field label={t("auth:signIn.email")} name="email" type="email" autoComplete="username" required defaultValue={result?.email} error={result?.fields?.email ? t(result.fields.email) : undefined} />
        <Field label={t("auth:signIn.password")} name="password" type="password" autoComplete="current-password" required error={result?.fields?.password ? t(result.fields.password) : undefined} />
        <Button type="submit" disabled={busy || waitSeconds > 0}>
          {busy ? t("auth:signIn.submitting") : t("auth:signIn.submit")}
        </Button>
      </Form>
      <SignInLinkForm redirectTo={loaderData.redirectTo} sentTo={result?.linkSentTo ?? null} />
      <OidcSignIn
        providers={loaderData.providers}
        redirectTo={loaderData.redirectTo}
        onNotice={(notice, noticeTone = "error") => setClientNotice(notice ? { code: notice, tone: noticeTone } : null)}
      />
      <PhoneSignIn state={actionData && "phone" in actionData ? actionData.phone : undefined} redirectTo={loaderData.redirectTo} />
      <p className="text-sm"><Link to={localizePath("/forgot", locale)} className={LINK}>{t("auth:signIn.forgot")}</Link></p>
    </div>
  );
}
