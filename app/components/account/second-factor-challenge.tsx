import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { errorMessageKey } from "~/domain/errors";
import { localizePath } from "~/domain/locales";
import { useLocale } from "~/lib/use-locale";
import type { SecondFactorActionData, SecondFactorChallengeView } from "~/server/auth/second-factor-form.server";
import { LINK } from "~/components/ui/targets";

/** The second step of sign-in: authenticator code, or a backup code, or (verified phone) an SMS code. */
export function SecondFactorChallenge({ challenge, state }: { challenge: SecondFactorChallengeView | null; state?: SecondFactorActionData["secondFactor"] }) {
  const { t } = useTranslation(["account", "errors"]);
  const locale = useLocale();
  const redirectTo = challenge?.redirectTo ?? "";
  if (!challenge || state?.expired) {
    return (
      <div className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm" data-testid="second-factor-expired">
        <Alert tone="error">{t(errorMessageKey("invalid-action-code"))}</Alert>
        <Link to={localizePath("/", locale)} reloadDocument className={LINK}>
          {t("account:challenge.signInAgain")}
        </Link>
      </div>
    );
  }
  const codeForm = (intent: string, label: string, submit: string, numeric: boolean) => (
    <Form method="post" className="flex flex-col gap-4">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the field appeared because the person asked for it: it is what they do next */}
      <Field label={label} name="code" autoComplete="one-time-code" inputMode={numeric ? "numeric" : "text"} required autoFocus={numeric} />
      <Button type="submit">{submit}</Button>
    </Form>
  );
  return (
    <div className="flex flex-col gap-4" data-testid="second-factor-challenge">
      <p className="text-slate-700">{t("account:challenge.intro")}</p>
      {state?.error ? <Alert tone="error">{t(errorMessageKey(state.error))}</Alert> : null}
      {challenge.totpEnrolled ? (
        <section className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
          {codeForm("second-factor-totp", t("account:challenge.totp"), t("account:challenge.verify"), true)}
        </section>
      ) : null}
      {challenge.smsPossible ? (
        <section className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
          <h2 className="font-medium text-slate-900">{t("account:challenge.smsTitle")}</h2>
          {state?.smsSent ? codeForm("second-factor-sms", t("account:challenge.sms"), t("account:challenge.verify"), true) : null}
          <Form method="post">
            <input type="hidden" name="intent" value="second-factor-sms-send" />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <Button type="submit" variant="secondary">
              {state?.smsSent ? t("account:challenge.smsResend") : t("account:challenge.smsSend")}
            </Button>
          </Form>
        </section>
      ) : null}
      <details className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm" open={state?.method === "backup-code"}>
        <summary className="cursor-pointer font-medium text-slate-900">{t("account:challenge.backupTitle")}</summary>
        <div className="mt-4">{codeForm("second-factor-backup-code", t("account:challenge.backupCode"), t("account:challenge.verify"), false)}</div>
      </details>
    </div>
  );
}
