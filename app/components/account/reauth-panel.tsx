import { useTranslation } from "react-i18next";
import type { InputHTMLAttributes } from "react";
import { Form } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { errorMessageKey } from "~/domain/errors";
import type { AccountActionData } from "./account-types";
import { Intent } from "./section";

/**
 * "Requires recent login", answered on the spot: the user confirms with their password or an authenticator code,
 * and the change they asked for (kept on the server) is carried out straight after.
 */
export function ReauthPanel({ reauth, error }: { reauth: NonNullable<AccountActionData["reauth"]>; error?: AccountActionData["error"] }) {
  const { t } = useTranslation(["account", "errors"]);
  return (
    <div className="flex flex-col gap-3 rounded-md border border-amber-300 bg-amber-50 p-4" data-testid="reauth-panel">
      {error ? <Alert tone="error">{t(errorMessageKey(error))}</Alert> : null}
      <p className="text-sm text-slate-800">{t("account:reauth.intro", { change: t(`account:reauth.changes.${reauth.intent}`) })}</p>
      {reauth.methods.includes("password") ? (
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the panel appeared because the person asked for a change: this is what they do next
        <SecretForm intent={reauth.intent} method="password" label={t("account:reauth.password")} submitLabel={t("account:reauth.confirm")} primary type="password" autoComplete="current-password" autoFocus />
      ) : null}
      {reauth.methods.includes("totp") ? (
        <SecretForm intent={reauth.intent} method="totp" label={t("account:reauth.totp")} submitLabel={t("account:reauth.confirmWithCode")} {...CODE_INPUT} />
      ) : null}
      {reauth.methods.includes("sms") ? (
        reauth.smsSent ? (
          <SecretForm intent={reauth.intent} method="sms" label={t("account:reauth.sms")} submitLabel={t("account:reauth.confirmWithCode")} {...CODE_INPUT} />
        ) : (
          <Form method="post">
            <Intent value="reauth-sms-send" />
            <input type="hidden" name="pendingIntent" value={reauth.intent} />
            <Button type="submit" variant="secondary">
              {t("account:reauth.smsSend")}
            </Button>
          </Form>
        )
      ) : null}
      {reauth.methods.length === 0 ? (
        // Signed in by e-mail link or social account, without password or authenticator: a fresh sign-in is the only proof.
        <p className="text-sm text-slate-800">{t("account:reauth.signInAgain")}</p>
      ) : null}
      <Form method="post">
        <Intent value="reauth-cancel" />
        <Button type="submit" variant="ghost">
          {t("account:reauth.cancel")}
        </Button>
      </Form>
    </div>
  );
}

const CODE_INPUT = { inputMode: "numeric", autoComplete: "one-time-code", pattern: "[0-9]{6}" } as const;

/** One way to confirm: the pending change's intent, the method, and the secret (password or code). */
function SecretForm({
  intent,
  method,
  label,
  submitLabel,
  primary = false,
  ...input
}: { intent: string; method: "password" | "totp" | "sms"; label: string; submitLabel: string; primary?: boolean } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Form method="post" className="flex flex-col gap-3">
      <Intent value={intent} />
      <input type="hidden" name="reauthMethod" value={method} />
      <Field label={label} name="reauthSecret" required {...input} />
      <Button type="submit" variant={primary ? "primary" : "secondary"}>
        {submitLabel}
      </Button>
    </Form>
  );
}
