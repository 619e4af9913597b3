import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import type { AccountActionData, AccountPageData } from "./account-types";
import { ReauthPanel } from "./reauth-panel";
import { Intent, Section } from "./section";

export function PhoneSection({ data, actionData }: { data: AccountPageData; actionData?: AccountActionData }) {
  const { t } = useTranslation(["account", "errors"]);
  const mine = actionData?.section === "phone" ? actionData : undefined;
  // A number no phone can have is said beside the field it was typed in (and the code beside its own).
  const phoneError = mine?.error === "invalid-phone-number" && !mine.phoneCodeSentTo ? t("errors:codes.invalid-phone-number") : undefined;
  const codeError = mine?.error === "invalid-verification-code" && mine.phoneCodeSentTo ? t("errors:codes.invalid-verification-code") : undefined;
  return (
    <Section id="phone" title={t("phone.title")} actionData={actionData}>
      <p className="text-sm text-slate-700" data-testid="phone-current">
        {data.phoneNumber ? t("phone.current", { phone: data.phoneNumber }) : t("phone.none")}
      </p>
      {mine?.reauth ? (
        <ReauthPanel reauth={mine.reauth} error={mine.error} />
      ) : mine?.phoneCodeSentTo ? (
        <Form method="post" className="flex flex-col gap-4">
          <Intent value="phone-verify" />
          <input type="hidden" name="phoneNumber" value={mine.phoneCodeSentTo.e164} />
          <p className="text-sm text-slate-700">{t("phone.codeSent", { phone: mine.phoneCodeSentTo.display })}</p>
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the field appeared because the person asked for it: it is what they do next */}
          <Field label={t("phone.code")} name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" required autoFocus error={codeError} />
          <div>
            <Button type="submit">{t("phone.verify")}</Button>
          </div>
        </Form>
      ) : (
        <>
          <Form method="post" className="flex flex-col gap-4">
            <Intent value="phone-send" />
            <Field label={t("phone.new")} name="phone" type="tel" autoComplete="tel" required hint={t("phone.hint")} defaultValue={mine?.values?.phone} error={phoneError} />
            <div>
              <Button type="submit">{t("phone.send")}</Button>
            </div>
          </Form>
          {data.phoneNumber ? (
            <Form method="post">
              <Intent value="phone-remove" />
              <Button type="submit" variant="secondary">
                {t("phone.remove")}
              </Button>
            </Form>
          ) : null}
        </>
      )}
    </Section>
  );
}
