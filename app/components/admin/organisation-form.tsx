import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { BYTES_PER_GB, ORGANISATION_KINDS } from "~/domain/people-forms";
import { numberFormatter } from "~/lib/formatters";
import { Button } from "../ui/button";
import { Field } from "../ui/field";
import { SelectField } from "./select-field";

export interface OrganisationValues {
  name?: string;
  kind?: string;
  city?: string | null;
  contactEmail?: string | null;
  contactPhone?: string | null;
  /** As stored (bytes), or as typed into the form (GB) when the form comes back with errors. */
  storageQuotaBytes?: string | number;
  storageQuota?: string;
}

/** Bytes as the GB the form shows: up to two decimals, without trailing zeros, in the page's language. */
function gigabytes(bytes: number, language: string): string {
  return numberFormatter(language, { maximumFractionDigits: 2, useGrouping: false }).format(bytes / BYTES_PER_GB);
}

/** Create and edit share one form; errors are message keys per field. */
export function OrganisationForm({ intent, values, errors, submitLabel }: { intent: string; values: OrganisationValues; errors: Record<string, string>; submitLabel: string }) {
  const { t, i18n } = useTranslation(["people", "errors"]);
  const err = (field: string) => (errors[field] ? t(errors[field]) : undefined);
  return (
    <Form method="post" className="grid max-w-2xl grid-cols-1 gap-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:grid-cols-2" noValidate>
      <input type="hidden" name="intent" value={intent} />
      <Field label={t("people:organisation.name")} name="name" required defaultValue={values.name ?? ""} error={err("name")} />
      <SelectField
        label={t("people:organisation.kind")}
        name="kind"
        defaultValue={values.kind ?? "gp-practice"}
        error={err("kind")}
        options={ORGANISATION_KINDS.map((k) => ({ value: k, label: t(`people:kinds.${k}`) }))}
      />
      <Field label={t("people:organisation.city")} name="city" defaultValue={values.city ?? ""} error={err("city")} />
      <Field label={t("people:organisation.contactEmail")} name="contactEmail" type="email" defaultValue={values.contactEmail ?? ""} error={err("contactEmail")} />
      <Field label={t("people:organisation.contactPhone")} name="contactPhone" type="tel" defaultValue={values.contactPhone ?? ""} error={err("contactPhone")} />
      <Field
        label={t("people:organisation.quota")}
        name="storageQuota"
        inputMode="decimal"
        defaultValue={values.storageQuota ?? gigabytes(Number(values.storageQuotaBytes ?? 10 * BYTES_PER_GB), i18n.language)}
        error={err("storageQuota")}
        hint={t("people:organisation.quotaHint")}
      />
      <div className="sm:col-span-2">
        <Button type="submit">{submitLabel}</Button>
      </div>
    </Form>
  );
}
