/**
 * The reviewer's form beside what the professional wrote, field by field: for each ear the professional's
 * findings, diagnosis and plan on the left and the supervisor's diagnosis and plan (with the days until follow-up)
 * on the right, with a mark that says at a glance whether the two diagnoses agree. The whole dossier's judgement
 * (agreement, advice, urgency, feedback, image quality) follows. The buttons live in the page's action bar (their
 * `form` attribute).
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { AGREEMENTS, DIAGNOSES, type Ear, IMAGE_QUALITY_MAX, IMAGE_QUALITY_MIN, URGENCIES } from "~/domain/dossier/choices";
import type { Drawings, Reasoning, Review } from "~/domain/dossier/content";
import { RadioGroup, SelectField, TextArea } from "./choices";
import { PlanChoice, planText } from "./plan-choice";

export const REVIEW_FORM_ID = "review-form";

const QUALITY = Array.from({ length: IMAGE_QUALITY_MAX - IMAGE_QUALITY_MIN + 1 }, (_, i) => IMAGE_QUALITY_MIN + i);

function Said({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <p className="text-sm font-medium text-slate-700">{label}</p>
      <p className="text-sm whitespace-pre-wrap wrap-anywhere text-slate-900">{children}</p>
    </div>
  );
}

function EarComparison({ ear, reasoning, review }: { ear: Ear; reasoning: Reasoning[Ear]; review: Review["ears"][Ear] | undefined }) {
  const { t } = useTranslation("dossier");
  const [diagnosis, setDiagnosis] = useState(review?.diagnosis ?? "");
  const r = reasoning;
  const list = (name: string, codes: readonly string[] | undefined) => (codes?.length ? codes.map((c) => t(`choices.${name}.${c}`)).join(", ") : "—");
  const earName = t(`choices.ear.${ear}`);
  const agrees = diagnosis && r?.diagnosis ? diagnosis === r.diagnosis : null;
  // One row per question both answer: the professional's answer (left) and the supervisor's field (right).
  // minmax(0, 1fr) columns and min-w-0 cells: a long label wraps inside its half instead of widening the grid.
  const row = "grid grid-cols-1 gap-2 border-t border-slate-100 py-3 first:border-t-0 sm:grid-cols-2 sm:gap-4 [&>*]:min-w-0";
  return (
    <section aria-labelledby={`compare-${ear}`} className="rounded-lg border border-slate-200 bg-white p-4" data-testid={`compare-${ear}`}>
      <h3 id={`compare-${ear}`} className="text-base font-semibold">
        {earName}
      </h3>
      <div className="hidden grid-cols-2 gap-4 pt-2 text-xs font-semibold tracking-wide text-slate-600 uppercase sm:grid" aria-hidden="true">
        <span>{t("case.professionalColumn")}</span>
        <span>{t("case.supervisorColumn")}</span>
      </div>
      <div className={row}>
        <div className="flex flex-col gap-2">
          <Said label={t("fields.canal")}>{list("canal", r?.canal)}</Said>
          <Said label={t("fields.eardrum")}>{list("eardrum", r?.eardrum)}</Said>
        </div>
        <div />
      </div>
      <div className={row}>
        <Said label={`${t("fields.diagnosis")} · ${t("case.professionalColumn")}`}>
          {r?.diagnosis ? t(`choices.diagnosis.${r.diagnosis}`) : "—"}
          {r?.otherDiagnosis ? ` (${r.otherDiagnosis})` : ""}
          {r?.differential?.length ? `\n${t("fields.differential")}: ${list("diagnosis", r.differential)}` : ""}
          {r?.confidence ? `\n${t("fields.confidence")}: ${r.confidence} / 5` : ""}
        </Said>
        <div className="flex flex-col gap-1">
          <SelectField name={`review.${ear}.diagnosis`} list="diagnosis" codes={DIAGNOSES} value={review?.diagnosis} label={`${t("fields.reviewDiagnosis")} (${earName})`} onChange={setDiagnosis} />
          {agrees === null ? null : (
            <p className={`text-sm font-medium ${agrees ? "text-emerald-800" : "text-amber-800"}`} data-testid={`agrees-${ear}`} data-agrees={agrees}>
              {agrees ? `✓ ${t("case.same")}` : `≠ ${t("case.different")}`}
            </p>
          )}
        </div>
      </div>
      <div className={row}>
        <Said label={`${t("fields.plan")} · ${t("case.professionalColumn")}`}>
          {planText(t, r?.plan, r?.followUpDays)}
        </Said>
        <PlanChoice
          prefix={`review.${ear}`}
          followUpItem={`review-${ear}-follow-up`}
          label={`${t("fields.reviewPlan")} (${earName})`}
          daysLabel={`${t("fields.followUpDays")} (${earName})`}
          value={review}
        />
      </div>
      <div className={row}>
        <Said label={t("fields.argument")}>{r?.argument || "—"}</Said>
        <div />
      </div>
    </section>
  );
}

export function ReviewComparison({ ears, reasoning, review, version, drawings }: { ears: readonly Ear[]; reasoning: Reasoning; review: Review | null; version: number; drawings: Drawings }) {
  const { t } = useTranslation("dossier");
  const r = review ?? ({ ears: {} } as Partial<Review>);
  return (
    <Form id={REVIEW_FORM_ID} method="post" className="flex flex-col gap-4" data-testid="review-form">
      <h2 className="text-lg font-semibold">{t("sections.review")}</h2>
      <input type="hidden" name="version" value={version} />
      {/* The drawing notes made on the stills (beside the form) are saved with the review. */}
      <input type="hidden" name="drawings" value={JSON.stringify(drawings)} />
      {ears.map((ear) => (
        <EarComparison key={ear} ear={ear} reasoning={reasoning[ear]} review={r.ears?.[ear]} />
      ))}
      <section aria-labelledby="review-overall" className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4">
        <h3 id="review-overall" className="text-base font-semibold">
          {t("case.overall")}
        </h3>
        <RadioGroup item="review-agreement" name="agreement" list="agreement" codes={AGREEMENTS} value={r.agreement} label={t("fields.agreement")} />
        <TextArea name="advisedPlan" value={r.advisedPlan} label={t("fields.advisedPlan")} />
        <RadioGroup item="review-urgency" name="urgency" list="urgency" codes={URGENCIES} value={r.urgency} label={t("fields.urgency")} />
        <TextArea item="review-feedback" name="feedback" value={r.feedback} label={t("fields.feedback")} rows={4} />
        <RadioGroup name="imageQuality" codes={QUALITY} value={r.imageQuality} label={t("fields.imageQuality")} />
      </section>
    </Form>
  );
}
