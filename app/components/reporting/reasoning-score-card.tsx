/** The dossier's reasoning score (app/domain/dossier/reasoning-score.ts): the percentage and what matched per ear. */
import { useTranslation } from "react-i18next";
import type { ReasoningScore } from "~/domain/dossier/reasoning-score";
import { SCORE_WEIGHTS } from "~/domain/dossier/reasoning-score";

/** `owner`: the professional whose reasoning it is reads "your"; anyone else (the supervisor, an administrator) reads about "the professional". */
export function ReasoningScoreCard({ score, owner }: { score: ReasoningScore; owner: boolean }) {
  const { t } = useTranslation(["reporting", "dossier", "common"]);
  // French puts a narrow no-break space before the colon.
  const colon = t("common:labelSeparator");
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  const plans = (codes: string[]) => (codes.length ? codes.map((c) => t(`dossier:choices.plan.${c}`)).join(", ") : "–");
  const diagnosis = (code: string | null) => (code ? t(`dossier:choices.diagnosis.${code}`) : "–");
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4" data-testid="reasoning-score" aria-labelledby="reasoning-score-title">
      <h2 id="reasoning-score-title" className="text-lg font-semibold">
        {t("reporting:score.title")}
        {colon}
        <span data-testid="reasoning-score-value">{score.score}%</span>
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t(owner ? "reporting:score.explain" : "reporting:score.explainReader", { findings: SCORE_WEIGHTS.findings * 100, diagnosis: SCORE_WEIGHTS.diagnosis * 100, plan: SCORE_WEIGHTS.plan * 100 })}</p>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <li>
          {t("reporting:score.findings")}
          {colon}
          {pct(score.findings)}
        </li>
        <li>
          {t("reporting:score.diagnosis")}
          {colon}
          {pct(score.diagnosis)}
        </li>
        <li>
          {t("reporting:score.plan")}
          {colon}
          {pct(score.plan)}
        </li>
      </ul>
      {score.ears.map((e) => (
        <div key={e.ear} className="mt-3 border-t border-slate-100 pt-2 text-sm">
          <h3 className="font-medium">{t(`dossier:choices.ear.${e.ear}`)}</h3>
          <dl className="mt-1 grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
            <dt className="text-slate-600">{t(owner ? "reporting:score.yourDiagnosis" : "reporting:score.professionalDiagnosis")}</dt>
            <dd>
              {diagnosis(e.professionalDiagnosis)} {e.diagnosisMatch ? `✓ ${t("reporting:score.matched")}` : `✗ ${t("reporting:score.supervisorSaid", { diagnosis: diagnosis(e.supervisorDiagnosis) })}`}
            </dd>
            <dt className="text-slate-600">{t(owner ? "reporting:score.planShared" : "reporting:score.planSharedReader")}</dt>
            <dd>{plans(e.planShared)}</dd>
            <dt className="text-slate-600">{t(owner ? "reporting:score.planOnlyYours" : "reporting:score.planOnlyProfessional")}</dt>
            <dd>{plans(e.planOnlyProfessional)}</dd>
            <dt className="text-slate-600">{t("reporting:score.planOnlySupervisor")}</dt>
            <dd>{plans(e.planOnlySupervisor)}</dd>
          </dl>
        </div>
      ))}
    </section>
  );
}
