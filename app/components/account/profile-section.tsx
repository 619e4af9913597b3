import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { LOCALES } from "~/domain/locales";
import type { AccountActionData, AccountPageData } from "./account-types";
import { Intent, Section } from "./section";

export function ProfileSection({ data, actionData, savedAfterRedirect }: { data: AccountPageData; actionData?: AccountActionData; savedAfterRedirect: boolean }) {
  const { t } = useTranslation(["account", "errors"]);
  const refused = actionData?.section === "profile" ? actionData : undefined;
  const shown = savedAfterRedirect && !actionData ? ({ section: "profile", done: "profile" } as const) : actionData;
  return (
    <Section id="profile" title={t("profile.title")} actionData={shown}>
      <p className="text-sm text-slate-700">
        {t("profile.email")}: <span className="font-medium">{data.email}</span>
      </p>
      <Form method="post" className="flex flex-col gap-4">
        <Intent value="profile" />
        <Field
          label={t("profile.name")}
          name="name"
          autoComplete="name"
          required
          maxLength={200}
          defaultValue={refused?.values?.name ?? data.name}
          error={refused?.fields?.name ? t(refused.fields.name) : undefined}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor="account-locale" className="text-sm font-medium text-slate-800">
            {t("profile.language")}
          </label>
          <select id="account-locale" name="locale" defaultValue={data.locale} className="rounded-md border border-slate-300 bg-white px-3 py-2">
            {LOCALES.map((locale) => (
              <option key={locale} value={locale}>
                {t(`profile.languages.${locale}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <Button type="submit">{t("profile.save")}</Button>
        </div>
      </Form>
    </Section>
  );
}
