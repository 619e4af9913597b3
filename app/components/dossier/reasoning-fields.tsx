/**
 * Clinical reasoning for one ear as form fields (`left.diagnosis` …); ids match the missing list's links. Fields
 * that only apply after a choice appear with it: the other diagnosis's details once "other" is chosen, the days
 * until follow-up inside the plan once "follow-up" is ticked. The working diagnosis is not offered again in the
 * differential.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "~/components/ui/field";
import { CANAL_FINDINGS, CONFIDENCE_MAX, CONFIDENCE_MIN, DIAGNOSES, EARDRUM_FINDINGS, type Ear, PLANS } from "~/domain/dossier/choices";
import type { EarReasoning } from "~/domain/dossier/content";
import { fieldIdOf } from "~/domain/dossier/form";
import { CheckboxGroup, ItemInput, RadioGroup, SelectField, TextArea } from "./choices";
import { FieldErrorText, RequiredMark, useFieldError } from "./field-errors";

const CONFIDENCE = Array.from({ length: CONFIDENCE_MAX - CONFIDENCE_MIN + 1 }, (_, i) => CONFIDENCE_MIN + i);

export function ReasoningFields({ ear, value }: { ear: Ear; value: Partial<EarReasoning> | undefined }) {
  const { t } = useTranslation("dossier");
  const v = value ?? {};
  const [diagnosis, setDiagnosis] = useState(v.diagnosis ?? "");
  const [followUp, setFollowUp] = useState(v.plan?.includes("follow-up") ?? false);
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
      <div
        onChange={(e) => {
          const box = e.target as HTMLInputElement;
          if (box.name === `${ear}.plan` && box.value === "follow-up") setFollowUp(box.checked);
        }}
      >
        <CheckboxGroup
          item={`reasoning-${ear}-plan`}
          name={`${ear}.plan`}
          list="plan"
          codes={PLANS}
          value={v.plan}
          label={t("fields.plan")}
          extra={{
            code: "follow-up",
            node: (
              <div hidden={!followUp} className="mt-1 mb-2 pl-6" data-applies="follow-up">
                <ItemInput item={`reasoning-${ear}-follow-up`} label={t("fields.followUpDays")} name={`${ear}.followUpDays`} type="number" inputMode="numeric" min={1} max={365} defaultValue={v.followUpDays ?? ""} />
              </div>
            ),
          }}
        />
      </div>
      <TextArea item={`reasoning-${ear}-argument`} name={`${ear}.argument`} value={v.argument} label={t("fields.argument")} rows={4} />
    </section>
  );
}
