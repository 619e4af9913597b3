import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import type { AccountActionData, AccountPageData } from "./account-types";
import { ReauthPanel } from "./reauth-panel";
import { Intent, Section } from "./section";

/** Changing the e-mail address: a link goes to the new address, and only opening it makes the change. */
export function EmailSection({ data, actionData }: { data: AccountPageData; actionData?: AccountActionData }) {
  const { t } = useTranslation("account");
  const mine = actionData?.section === "email" ? actionData : undefined;
  return (
    <Section id="email" title={t("email.title")} actionData={actionData}>
      <p className="text-sm text-slate-700">
        {t("email.current")}: <span className="font-medium" data-testid="current-email">{data.email}</span>
      </p>
      {mine?.reauth ? (
        <ReauthPanel reauth={mine.reauth} error={mine.error} />
      ) : (
        <>
          {mine?.emailLinkSentTo ? <p className="text-sm text-slate-700">{t("email.linkSent", { email: mine.emailLinkSentTo })}</p> : null}
          <Form method="post" className="flex flex-col gap-4">
            <Intent value="email" />
            <Field label={t("email.new")} name="newEmail" type="email" autoComplete="email" required maxLength={320} hint={t("email.hint")} />
            <div>
              <Button type="submit">{t("email.save")}</Button>
            </div>
          </Form>
        </>
      )}
    </Section>
  );
}
