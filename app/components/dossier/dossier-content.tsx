/** Read-only view of what the professional entered and of the review (review screen, summary, the owner's view). */
import { useTranslation } from "react-i18next";
import { type Ear } from "~/domain/dossier/choices";
import type { Anamnesis, Reasoning, Review } from "~/domain/dossier/content";
import { displayPhone } from "~/domain/dossier/phone";
import { planText } from "./plan-choice";

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-1 py-1 sm:grid-cols-[14rem_minmax(0,1fr)]">
      <dt className="text-sm font-medium wrap-anywhere text-slate-700">{label}</dt>
      <dd className="min-w-0 text-sm whitespace-pre-wrap wrap-anywhere text-slate-900">{children}</dd>
    </div>
  );
}

function useLabels() {
  const { t } = useTranslation("dossier");
  const list = (name: string, codes: readonly string[] | undefined) => (codes && codes.length ? codes.map((c) => t(`choices.${name}.${c}`)).join(", ") : "—");
  const one = (name: string, code: string | undefined | null) => (code ? t(`choices.${name}.${code}`) : "—");
  return { t, list, one };
}

export function PatientFacts({ patient, earSide }: { patient: { phone: string; initials: string | null; birthYear: number | null; sex: string | null } | null; earSide: string }) {
  const { t, one } = useLabels();
  return (
    <dl>
      <Row label={t("fields.phone")}>{patient ? displayPhone(patient.phone) : "—"}</Row>
      <Row label={t("readFields.initials")}>{patient?.initials || "—"}</Row>
      <Row label={t("readFields.birthYear")}>{patient?.birthYear ?? "—"}</Row>
      <Row label={t("readFields.sex")}>{one("sex", patient?.sex)}</Row>
      <Row label={t("fields.earSide")}>{one("earSide", earSide)}</Row>
    </dl>
  );
}

export function AnamnesisView({ anamnesis }: { anamnesis: Anamnesis }) {
  const { t, list, one } = useLabels();
  const a = anamnesis;
  return (
    <dl>
      <Row label={t("fields.complaints")}>
        {list("complaints", a.complaints)}
        {a.otherComplaint ? ` (${a.otherComplaint})` : ""}
      </Row>
      <Row label={t("fields.onset")}>{one("onset", a.onset)}</Row>
      <Row label={t("fields.durationDays")}>{a.durationDays ?? "—"}</Row>
      <Row label={t("fields.history")}>{list("history", a.history)}</Row>
      <Row label={t("fields.medication")}>{a.medication || "—"}</Row>
      <Row label={t("fields.allergies")}>{a.allergies || "—"}</Row>
      <Row label={t("readFields.question")}>{a.question || "—"}</Row>
    </dl>
  );
}

export function ReasoningView({ reasoning, ears }: { reasoning: Reasoning; ears: readonly Ear[] }) {
  const { t, list, one } = useLabels();
  return (
    // Side by side only for two ears: one ear in half the width squeezed its answers into a narrow column.
    <div className={`grid gap-4 ${ears.length > 1 ? "md:grid-cols-2" : ""}`}>
      {ears.map((ear) => {
        const r = reasoning[ear];
        return (
          <div key={ear} data-ear={ear}>
            <h3 className="font-medium">{t(`choices.ear.${ear}`)}</h3>
            <dl>
              <Row label={t("fields.canal")}>{list("canal", r?.canal)}</Row>
              <Row label={t("fields.eardrum")}>{list("eardrum", r?.eardrum)}</Row>
              <Row label={t("fields.diagnosis")}>
                {one("diagnosis", r?.diagnosis)}
                {r?.otherDiagnosis ? ` (${r.otherDiagnosis})` : ""}
              </Row>
              <Row label={t("fields.differential")}>{list("diagnosis", r?.differential)}</Row>
              <Row label={t("fields.confidence")}>{r?.confidence ? `${r.confidence} / 5` : "—"}</Row>
              {/* "Follow-up after N days" names its days in place, not as the generic choice plus a repeat. */}
              <Row label={t("fields.plan")}>{planText(t, r?.plan, r?.followUpDays)}</Row>
              <Row label={t("fields.argument")}>{r?.argument || "—"}</Row>
            </dl>
          </div>
        );
      })}
    </div>
  );
}

export function ReviewView({ review, ears }: { review: Review; ears: readonly Ear[] }) {
  const { t, one } = useLabels();
  return (
    <dl data-testid="review-view">
      <Row label={t("fields.agreement")}>{one("agreement", review.agreement)}</Row>
      {/* Per ear the diagnosis and the advised plan, each under its own label: a medical summary does not run them together. */}
      {ears.flatMap((ear) => [
        <Row key={`${ear}-diagnosis`} label={`${t("fields.reviewDiagnosis")} (${t(`choices.ear.${ear}`)})`}>
          {one("diagnosis", review.ears?.[ear]?.diagnosis)}
        </Row>,
        <Row key={`${ear}-plan`} label={`${t("fields.reviewPlan")} (${t(`choices.ear.${ear}`)})`}>
          {planText(t, review.ears?.[ear]?.plan, review.ears?.[ear]?.followUpDays)}
        </Row>,
      ])}
      <Row label={t("fields.advisedPlan")}>{review.advisedPlan || "—"}</Row>
      <Row label={t("fields.urgency")}>{one("urgency", review.urgency)}</Row>
      <Row label={t("fields.feedback")}>{review.feedback || "—"}</Row>
      <Row label={t("fields.imageQuality")}>{review.imageQuality ? `${review.imageQuality} / 5` : "—"}</Row>
    </dl>
  );
}
