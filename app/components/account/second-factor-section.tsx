import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import type { AccountActionData, AccountPageData } from "./account-types";
import { BackupCodes } from "./backup-codes";
import { ReauthPanel } from "./reauth-panel";
import { Intent, Section } from "./section";

export function SecondFactorSection({ data, actionData, enrolmentDemanded }: { data: AccountPageData; actionData?: AccountActionData; enrolmentDemanded: boolean }) {
  const { t } = useTranslation("account");
  const mine = actionData?.section === "second-factor" ? actionData : undefined;
  const enabled = data.twoFactorEnabled;
  return (
    <Section id="second-factor" title={t("secondFactor.title")} actionData={actionData}>
      {enrolmentDemanded && !enabled ? (
        <Alert tone="info">
          <span data-testid="second-factor-required">{t("secondFactor.required")}</span>
        </Alert>
      ) : null}
      <p className="text-sm text-slate-700" data-testid="second-factor-status">
        {enabled ? t("secondFactor.on", { left: data.backupCodesLeft ?? 0 }) : t("secondFactor.off")}
      </p>
      {mine?.done === "secondFactorOn" && enrolmentDemanded ? (
        <a href={data.homePath} className="text-sm font-medium text-sky-800 underline">
          {t("secondFactor.continue")}
        </a>
      ) : null}
      {mine?.reauth ? (
        <ReauthPanel reauth={mine.reauth} error={mine.error} />
      ) : mine?.enrolment ? (
        <div className="flex flex-col gap-4" data-testid="enrolment">
          <p className="text-sm text-slate-700">{t("secondFactor.scan")}</p>
          <img src={mine.enrolment.qrDataUrl} alt={t("secondFactor.qrAlt")} width={200} height={200} className="h-48 w-48" />
          <p className="text-sm text-slate-700">
            {t("secondFactor.manualKey")} <code className="break-all font-mono" data-testid="totp-secret">{mine.enrolment.manualKey}</code>
          </p>
          <BackupCodes codes={mine.enrolment.backupCodes} />
          <Form method="post" className="flex flex-col gap-4">
            <Intent value="totp-confirm" />
            {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the field appeared because the person asked for it: it is what they do next */}
            <Field label={t("secondFactor.code")} name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" required autoFocus />
            <div>
              <Button type="submit">{t("secondFactor.confirm")}</Button>
            </div>
          </Form>
        </div>
      ) : enabled ? (
        <div className="flex flex-col gap-4">
          {mine?.backupCodes ? <BackupCodes codes={mine.backupCodes} /> : null}
          <div className="flex flex-wrap gap-3">
            <Form method="post">
              <Intent value="backup-codes" />
              <Button type="submit" variant="secondary">
                {t("secondFactor.newBackupCodes")}
              </Button>
            </Form>
            {data.secondFactorRequired ? null : (
              <Form method="post">
                <Intent value="second-factor-disable" />
                <Button type="submit" variant="danger">
                  {t("secondFactor.disable")}
                </Button>
              </Form>
            )}
          </div>
          {data.secondFactorRequired ? <p className="text-xs text-slate-600">{t("secondFactor.requiredCannotDisable")}</p> : null}
        </div>
      ) : (
        <Form method="post">
          <Intent value="totp-start" />
          <Button type="submit">{t("secondFactor.start")}</Button>
        </Form>
      )}
    </Section>
  );
}
