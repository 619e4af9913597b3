/** Clinical reasoning for one ear as form fields (`left.diagnosis` …); ids match the missing list's links. */
import { useTranslation } from "react-i18next";
import { Field } from "~/components/ui/field";
import { CANAL_FINDINGS, CONFIDENCE_MAX, CONFIDENCE_MIN, DIAGNOSES, EARDRUM_FINDINGS, type Ear, PLANS } from "~/domain/dossier/choices";
import type { EarReasoning } from "~/domain/dossier/content";
import { fieldIdOf } from "~/domain/dossier/form";
import { CheckboxGroup, RadioGroup, SelectField, TextArea } from "./choices";

const CONFIDENCE = Array.from({ length: CONFIDENCE_MAX - CONFIDENCE_MIN + 1 }, (_, i) => CONFIDENCE_MIN + i);

export function ReasoningFields({ ear, value }: { ear: Ear; value: Partial<EarReasoning> | undefined }) {
  const { t } = useTranslation("dossier");
  const v = value ?? {};
  return (
    <section aria-labelledby={`reasoning-${ear}`} className="flex flex-col gap-4" data-ear={ear}>
      <h2 id={`reasoning-${ear}`} className="text-lg font-semibold">
        {t(`choices.ear.${ear}`)}
      </h2>
      <div id={fieldIdOf(`reasoning-${ear}-findings`)} className="flex flex-col gap-3">
        <CheckboxGroup name={`${ear}.canal`} list="canal" codes={CANAL_FINDINGS} value={v.canal} label={t("fields.canal")} />
        <CheckboxGroup name={`${ear}.eardrum`} list="eardrum" codes={EARDRUM_FINDINGS} value={v.eardrum} label={t("fields.eardrum")} />
      </div>
      <SelectField id={fieldIdOf(`reasoning-${ear}-diagnosis`)} name={`${ear}.diagnosis`} list="diagnosis" codes={DIAGNOSES} value={v.diagnosis} label={t("fields.diagnosis")} />
      <Field label={t("fields.otherDiagnosis")} name={`${ear}.otherDiagnosis`} defaultValue={v.otherDiagnosis ?? ""} />
      <CheckboxGroup name={`${ear}.differential`} list="diagnosis" codes={DIAGNOSES} value={v.differential} label={t("fields.differential")} />
      <RadioGroup id={fieldIdOf(`reasoning-${ear}-confidence`)} name={`${ear}.confidence`} codes={CONFIDENCE} value={v.confidence} label={t("fields.confidence")} />
      <CheckboxGroup id={fieldIdOf(`reasoning-${ear}-plan`)} name={`${ear}.plan`} list="plan" codes={PLANS} value={v.plan} label={t("fields.plan")} />
      <div id={fieldIdOf(`reasoning-${ear}-follow-up`)}>
        <Field label={t("fields.followUpDays")} name={`${ear}.followUpDays`} type="number" inputMode="numeric" min={1} max={365} defaultValue={v.followUpDays ?? ""} />
      </div>
      <TextArea id={fieldIdOf(`reasoning-${ear}-argument`)} name={`${ear}.argument`} value={v.argument} label={t("fields.argument")} rows={4} />
    </section>
  );
}
