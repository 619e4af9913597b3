import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { PopupOutcome } from "~/components/auth/popup-outcome";
import { PageHeader } from "~/components/page-header";
import { SecondFactorChallenge } from "~/components/account/second-factor-challenge";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { errorMessageKey } from "~/domain/errors";
import { useLocalizedPath } from "~/lib/use-locale";
import { authorize } from "~/server/auth/authorize.server";
import { handleSecondFactorAction, SECOND_FACTOR_INTENTS, secondFactorChallenge } from "~/server/auth/second-factor-form.server";
import { confirmLinkForm, verifyLoginAction, verifyLoginLoader, type VerifyLoginView } from "~/server/auth/verify-login.server";
import type { Route } from "./+types/verify-login";
import { invalidForm, parseForm } from "~/server/forms/parse-form.server";
import { actionAnswer } from "~/server/http/responses.server";
import { revalidateAfterRefusal } from "~/lib/refusal-revalidation";
import { intents, noIntent } from "~/domain/forms/fields";
import { z } from "zod";
import { LINK } from "~/components/ui/targets";

/** The second-factor forms carry an intent (their handler checks their code); the e-mail-link confirmation does not. */
const verifyLoginForm = z.discriminatedUnion("intent", [confirmLinkForm.extend({ intent: noIntent }), z.object({ intent: intents(SECOND_FACTOR_INTENTS) })]);

export const handle = { i18n: ["auth", "account"] };

export async function loader(args: Route.LoaderArgs) {
  const { locale } = await authorize(args, "verify-login");
  const view = await verifyLoginLoader(args.request, args.context, locale);
  // Completing an e-mail link or a popup comes first; otherwise a pending second-factor challenge (after password,
  // phone, e-mail link or social sign-in) is what this page is for.
  const challenge = view.view === "none" ? await secondFactorChallenge(args.request) : null;
  return { view, challenge };
}

export const shouldRevalidate = revalidateAfterRefusal;

export async function action(args: Route.ActionArgs) {
  const { locale } = await authorize(args, "verify-login");
  // The second-factor forms carry an intent; the e-mail-link confirmation form does not.
  const parsed = await parseForm(args.request, verifyLoginForm);
  // The page's forms always send a known intent or none: anything else is forged, and gets the error page.
  if (!parsed.ok) throw invalidForm(parsed);
  if (parsed.data.intent !== undefined) {
    const answer = await handleSecondFactorAction(parsed.form, args, locale);
    return actionAnswer(answer, answer.secondFactor.error);
  }
  return verifyLoginAction(parsed.data, args.request, args.context, locale);
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["auth", "errors"]);
  const lp = useLocalizedPath();
  const secondFactor = actionData && "secondFactor" in actionData ? actionData.secondFactor : undefined;
  if (loaderData.challenge || secondFactor) {
    return (
      <div className="mx-auto max-w-md">
        <PageHeader routeKey="verify-login" />
        <SecondFactorChallenge challenge={loaderData.challenge} state={secondFactor} />
      </div>
    );
  }
  const view = (actionData && "view" in actionData ? actionData : loaderData.view) as VerifyLoginView;
  if (view.view === "none") {
    // Reached without a link or a pending second factor: say what the page is for, and where to go instead.
    return (
      <div className="mx-auto flex max-w-md flex-col gap-4">
        <PageHeader routeKey="verify-login" />
        <p className="text-slate-700" data-testid="verify-login-purpose">
          {t("auth:verifyLogin.nothingToFinish")}
        </p>
        <Link to={lp("/")} reloadDocument className={LINK}>
          {t("auth:verifyLogin.backToSignIn")}
        </Link>
      </div>
    );
  }
  return (
    <div className="mx-auto flex max-w-md flex-col gap-6">
      <PageHeader routeKey="verify-login" />
      {view.view === "popup" ? <PopupOutcome outcome={view.outcome} /> : null}
      {view.view === "link-error" ? (
        <>
          <Alert tone="error">{t(errorMessageKey(view.code))}</Alert>
          <Link to={lp("/")} reloadDocument className={LINK}>
            {t("auth:verifyLogin.backToSignIn")}
          </Link>
        </>
      ) : null}
      {view.view === "confirm-email" ? (
        <Form method="post" className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
          <p className="text-slate-700">{t("auth:verifyLogin.confirmIntro")}</p>
          {view.error ? (
            <Alert tone="error">{view.error === "email-mismatch" ? t("auth:verifyLogin.emailMismatch") : t(errorMessageKey(view.error))}</Alert>
          ) : null}
          <input type="hidden" name="token" value={view.token} />
          <input type="hidden" name="redirectTo" value={view.redirectTo ?? ""} />
          <Field label={t("auth:signIn.email")} name="email" type="email" autoComplete="username" required />
          <Button type="submit">{t("auth:verifyLogin.submit")}</Button>
        </Form>
      ) : null}
    </div>
  );
}
