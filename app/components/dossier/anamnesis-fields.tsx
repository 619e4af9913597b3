/** The anamnesis as form fields (names match app/domain/dossier/form.ts; ids match the missing list's links). */
import { useTranslation } from "react-i18next";
import { Field } from "~/components/ui/field";
import { COMPLAINTS, HISTORY_FLAGS, ONSETS } from "~/domain/dossier/choices";
import type { Anamnesis } from "~/domain/dossier/content";
import { fieldIdOf } from "~/domain/dossier/form";
import { CheckboxGroup, RadioGroup, TextArea } from "./choices";

export function AnamnesisFields({ value }: { value: Partial<Anamnesis> }) {
  const { t } = useTranslation("dossier");
  return (
    <div className="flex flex-col gap-4">
      <CheckboxGroup id={fieldIdOf("anamnesis-complaints")} name="complaints" list="complaints" codes={COMPLAINTS} value={value.complaints} label={t("fields.complaints")} />
      <Field label={t("fields.otherComplaint")} name="otherComplaint" defaultValue={value.otherComplaint ?? ""} />
      <RadioGroup id={fieldIdOf("anamnesis-onset")} name="onset" list="onset" codes={ONSETS} value={value.onset} label={t("fields.onset")} />
      <div id={fieldIdOf("anamnesis-duration")}>
        <Field label={t("fields.durationDays")} name="durationDays" type="number" inputMode="numeric" min={0} max={36500} defaultValue={value.durationDays ?? ""} />
      </div>
      <CheckboxGroup name="history" list="history" codes={HISTORY_FLAGS} value={value.history} label={t("fields.history")} />
      <TextArea name="medication" value={value.medication} label={t("fields.medication")} rows={2} />
      <TextArea name="allergies" value={value.allergies} label={t("fields.allergies")} rows={2} />
      <TextArea id={fieldIdOf("anamnesis-question")} name="question" value={value.question} label={t("fields.question")} />
    </div>
  );
}
