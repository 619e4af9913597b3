/**
 * Clinical reasoning for one ear as form fields (`left.diagnosis` …); ids match the missing list's links. Fields
 * that only apply after a choice appear with it: the other diagnosis's details once "other" is chosen, the days
 * until follow-up inside the plan once "follow-up" is ticked (plan-choice.tsx). The working diagnosis is not
 * offered again in the differential.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "~/components/ui/field";
import { CANAL_FINDINGS, CONFIDENCE_MAX, CONFIDENCE_MIN, DIAGNOSES, EARDRUM_FINDINGS, type Ear } from "~/domain/dossier/choices";
import type { EarReasoning } from "~/domain/dossier/content";
import { fieldIdOf } from "~/domain/dossier/form";
import { CheckboxGroup, RadioGroup, SelectField, TextArea } from "./choices";
import { FieldErrorText, RequiredMark, useFieldError } from "./field-errors";
import { PlanChoice } from "./plan-choice";

const CONFIDENCE = Array.from({ length: CONFIDENCE_MAX - CONFIDENCE_MIN + 1 }, (_, i) => CONFIDENCE_MIN + i);

export function ReasoningFields({ ear, value }: { ear: Ear; value: Partial<EarReasoning> | undefined }) {
  const { t } = useTranslation("dossier");
  const v = value ?? {};
  const [diagnosis, setDiagnosis] = useState(v.diagnosis ?? "");
  const findings = `reasoning-${ear}-findings`;
  const findingsError = useFieldError(findings);
  return (
    <section aria-labelledby={`reasoning-${ear}`} className="flex flex-col gap-4" data-ear={ear}>
      <h2 id={`reasoning-${ear}`} className="text-lg font-semibold">
        {t(`choices.ear.${ear}`)}
      </h2>
      <div id={fieldIdOf(findings)} role="group" aria-labelledby={`${findings}-title`} aria-describedby={findingsError.errorId} className="flex flex-col gap-3">
        <p id={`${findings}-title`} className="text-sm font-medium text-slate-800">
          {t("fields.findings")}
          <RequiredMark />
        </p>
        <FieldErrorText item={findings} />
        <CheckboxGroup name={`${ear}.canal`} list="canal" codes={CANAL_FINDINGS} value={v.canal} label={t("fields.canal")} />
        <CheckboxGroup name={`${ear}.eardrum`} list="eardrum" codes={EARDRUM_FINDINGS} value={v.eardrum} label={t("fields.eardrum")} />
      </div>
      <SelectField item={`reasoning-${ear}-diagnosis`} name={`${ear}.diagnosis`} list="diagnosis" codes={DIAGNOSES} value={v.diagnosis} label={t("fields.diagnosis")} onChange={setDiagnosis} />
      <div hidden={diagnosis !== "other"} data-applies="other-diagnosis">
        <Field label={t("fields.otherDiagnosis")} name={`${ear}.otherDiagnosis`} defaultValue={v.otherDiagnosis ?? ""} />
      </div>
      <CheckboxGroup name={`${ear}.differential`} list="diagnosis" codes={DIAGNOSES} value={v.differential} label={t("fields.differential")} hiddenCodes={diagnosis ? [diagnosis] : []} />
      <RadioGroup item={`reasoning-${ear}-confidence`} name={`${ear}.confidence`} codes={CONFIDENCE} value={v.confidence} label={t("fields.confidence")} />
      <PlanChoice prefix={ear} item={`reasoning-${ear}-plan`} followUpItem={`reasoning-${ear}-follow-up`} label={t("fields.plan")} value={v} />
      <TextArea item={`reasoning-${ear}-argument`} name={`${ear}.argument`} value={v.argument} label={t("fields.argument")} rows={4} />
    </section>
  );
}
