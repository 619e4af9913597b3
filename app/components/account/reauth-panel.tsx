import { useTranslation } from "react-i18next";
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
        <Form method="post" className="flex flex-col gap-3">
          <Intent value={reauth.intent} />
          <input type="hidden" name="reauthMethod" value="password" />
          <Field label={t("account:reauth.password")} name="reauthSecret" type="password" autoComplete="current-password" required autoFocus />
          <Button type="submit">{t("account:reauth.confirm")}</Button>
        </Form>
      ) : null}
      {reauth.methods.includes("totp") ? (
        <Form method="post" className="flex flex-col gap-3">
          <Intent value={reauth.intent} />
          <input type="hidden" name="reauthMethod" value="totp" />
          <Field label={t("account:reauth.totp")} name="reauthSecret" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" required />
          <Button type="submit" variant="secondary">
            {t("account:reauth.confirmWithCode")}
          </Button>
        </Form>
      ) : null}
      {reauth.methods.includes("sms") ? (
        reauth.smsSent ? (
          <Form method="post" className="flex flex-col gap-3">
            <Intent value={reauth.intent} />
            <input type="hidden" name="reauthMethod" value="sms" />
            <Field label={t("account:reauth.sms")} name="reauthSecret" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" required />
            <Button type="submit" variant="secondary">
              {t("account:reauth.confirmWithCode")}
            </Button>
          </Form>
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
