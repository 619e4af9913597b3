import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { errorMessageKey } from "~/domain/errors";
import type { PhoneSignInState } from "~/server/auth/phone-sign-in-form.server";

/**
 * "Sign in with phone" on the sign-in page: number, then the SMS code. A disclosure, so it works without
 * JavaScript; it opens by itself while a step is in progress.
 */
export function PhoneSignIn({ state, redirectTo }: { state?: PhoneSignInState["phone"]; redirectTo: string | null }) {
  const { t } = useTranslation(["account", "errors"]);
  return (
    <details open={Boolean(state)} className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm" data-testid="phone-sign-in">
      <summary className="min-h-11 cursor-pointer py-2.5 font-medium text-slate-900">{t("account:phoneSignIn.title")}</summary>
      <div className="mt-4 flex flex-col gap-4">
        {state?.error ? <Alert tone="error">{t(errorMessageKey(state.error))}</Alert> : null}
        {state?.codeSentTo ? (
          <Form method="post" className="flex flex-col gap-4">
            <input type="hidden" name="intent" value="phone-verify" />
            <input type="hidden" name="redirectTo" value={redirectTo ?? ""} />
            <input type="hidden" name="phoneNumber" value={state.codeSentTo.e164} />
            <p className="text-sm text-slate-700">{t("account:phoneSignIn.codeSent", { phone: state.codeSentTo.display })}</p>
            {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the field appeared because the person asked for it: it is what they do next */}
            <Field label={t("account:phoneSignIn.code")} name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" required autoFocus />
            <Button type="submit">{t("account:phoneSignIn.verify")}</Button>
          </Form>
        ) : null}
        <Form method="post" className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="phone-send" />
          <input type="hidden" name="redirectTo" value={redirectTo ?? ""} />
          <Field label={t("account:phoneSignIn.phone")} name="phone" type="tel" autoComplete="tel" required hint={t("account:phoneSignIn.hint")} defaultValue={state?.typed} />
          <Button type="submit" variant={state?.codeSentTo ? "secondary" : "primary"}>
            {state?.codeSentTo ? t("account:phoneSignIn.resend") : t("account:phoneSignIn.send")}
          </Button>
        </Form>
      </div>
    </details>
  );
}
