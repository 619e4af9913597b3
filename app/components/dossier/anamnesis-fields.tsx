/** The anamnesis as form fields (names match app/domain/dossier/form.ts; ids match the missing list's links). */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "~/components/ui/field";
import { COMPLAINTS, HISTORY_FLAGS, ONSETS } from "~/domain/dossier/choices";
import { type Anamnesis, MAX_DURATION_DAYS } from "~/domain/dossier/content";
import { CheckboxGroup, ItemInput, RadioGroup, TextArea } from "./choices";

export function AnamnesisFields({ value }: { value: Partial<Anamnesis> }) {
  const { t } = useTranslation("dossier");
  // "Other complaint" applies once "other" is ticked; it stays in the form (hidden) so a typed text is not lost.
  const [other, setOther] = useState(value.complaints?.includes("other") ?? false);
  return (
    <div className="flex flex-col gap-4">
      <div
        onChange={(e) => {
          const box = e.target as HTMLInputElement;
          if (box.name === "complaints" && box.value === "other") setOther(box.checked);
        }}
      >
        <CheckboxGroup
          item="anamnesis-complaints"
          name="complaints"
          list="complaints"
          codes={COMPLAINTS}
          value={value.complaints}
          label={t("fields.complaints")}
          extra={{
            code: "other",
            node: (
              <div hidden={!other} className="mt-1 mb-2 pl-6" data-applies="other-complaint">
                <Field label={t("fields.otherComplaint")} name="otherComplaint" defaultValue={value.otherComplaint ?? ""} />
              </div>
            ),
          }}
        />
      </div>
      <RadioGroup item="anamnesis-onset" name="onset" list="onset" codes={ONSETS} value={value.onset} label={t("fields.onset")} />
      <ItemInput item="anamnesis-duration" label={t("fields.durationDays")} name="durationDays" type="number" inputMode="numeric" min={0} max={MAX_DURATION_DAYS} defaultValue={value.durationDays ?? ""} />
      <CheckboxGroup name="history" list="history" codes={HISTORY_FLAGS} value={value.history} label={t("fields.history")} />
      <TextArea name="medication" value={value.medication} label={t("fields.medication")} rows={2} />
      <TextArea name="allergies" value={value.allergies} label={t("fields.allergies")} rows={2} />
      <TextArea item="anamnesis-question" name="question" value={value.question} label={t("fields.question")} />
    </div>
  );
}
