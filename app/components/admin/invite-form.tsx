import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { LOCALES } from "~/domain/locales";
import { useLocale } from "~/lib/use-locale";
import { Button } from "../ui/button";
import { Field } from "../ui/field";
import { SelectField } from "./select-field";

/** Name, e-mail and the invitee's language, plus whatever the role needs (children). */
export function InviteForm({ intent, values, errors, children, submitLabel }: { intent: string; values: Record<string, string>; errors: Record<string, string>; children?: ReactNode; submitLabel: string }) {
  const { t } = useTranslation(["people", "errors", "common"]);
  const locale = useLocale();
  const err = (field: string) => (errors[field] ? t(errors[field]) : undefined);
  return (
    <Form method="post" className="grid max-w-2xl gap-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:grid-cols-2" noValidate>
      <input type="hidden" name="intent" value={intent} />
      <Field label={t("people:invite.name")} name="name" required defaultValue={values.name ?? ""} error={err("name")} autoComplete="off" />
      <Field label={t("people:invite.email")} name="email" type="email" required defaultValue={values.email ?? ""} error={err("email")} autoComplete="off" />
      <SelectField
        label={t("people:invite.locale")}
        name="locale"
        defaultValue={values.locale ?? locale}
        error={err("locale")}
        options={LOCALES.map((l) => ({ value: l, label: t(`common:language.names.${l}`) }))}
      />
      {children}
      <div className="sm:col-span-2">
        <Button type="submit">{submitLabel}</Button>
      </div>
    </Form>
  );
}
