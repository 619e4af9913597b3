/**
 * The professional's reasoning score (PRODUCT.md "Reporting and insight"; decision 071): how the professional's
 * reasoning compared with the supervisor's review, given to the dossier when the review is completed.
 *
 *   score = 100 × (0.2 · F + 0.5 · D + 0.3 · P), rounded to a whole percentage
 *
 * - F (findings): the review records no findings of its own; the supervisor's stated agreement with the
 *   professional's findings and argument stands for them: agree 1, partly ½, disagree 0.
 * - D (diagnosis): per compared ear 1 when the supervisor's diagnosis equals the professional's, else 0; a
 *   supervisor who leaves an ear's diagnosis empty lets the professional's stand (1 if the professional named one).
 * - P (plan): per compared ear the overlap of the two plan sets (Jaccard: shared ÷ together); an empty advised
 *   plan lets the professional's stand (1).
 * D and P are averaged over the compared ears: the ears the dossier covers for which the supervisor wrote an ear
 * review. With no compared ear, D and P take F's value (the agreement is all the supervisor said).
 */
import type { Reasoning, Review } from "./content";
import { type Ear, type EarSide, earsOf } from "./choices";

export const SCORE_WEIGHTS = { findings: 0.2, diagnosis: 0.5, plan: 0.3 } as const;
const AGREEMENT_VALUE = { agree: 1, partly: 0.5, disagree: 0 } as const;
export const REFERRAL_PLANS = ["refer-gp", "refer-ent"] as const;

export interface EarScore {
  ear: Ear;
  professionalDiagnosis: string | null;
  supervisorDiagnosis: string | null;
  diagnosisMatch: boolean;
  /** Plans both chose, only the professional chose, only the supervisor advised. */
  planShared: string[];
  planOnlyProfessional: string[];
  planOnlySupervisor: string[];
  planOverlap: number;
}

export interface ReasoningScore {
  version: 1;
  /** 0–100. */
  score: number;
  findings: number;
  diagnosis: number;
  plan: number;
  ears: EarScore[];
}

/** Shared ÷ together; two empty sets agree completely. */
export function jaccard(a: readonly string[], b: readonly string[]): number {
  const left = new Set(a);
  const right = new Set(b);
  const together = new Set([...left, ...right]);
  if (together.size === 0) return 1;
  let shared = 0;
  for (const x of left) if (right.has(x)) shared++;
  return shared / together.size;
}

const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;

export function reasoningScore(earSide: EarSide, reasoning: Reasoning, review: Review): ReasoningScore {
  const findings = AGREEMENT_VALUE[review.agreement ?? "disagree"];
  const ears: EarScore[] = [];
  for (const ear of earsOf(earSide)) {
    const sup = review.ears?.[ear];
    if (!sup) continue;
    const pro = reasoning[ear];
    const professionalDiagnosis = pro?.diagnosis ?? null;
    const supervisorDiagnosis = sup.diagnosis ?? null;
    const proPlan = pro?.plan ?? [];
    const supPlan = sup.plan.length ? sup.plan : proPlan;
    ears.push({
      ear,
      professionalDiagnosis,
      supervisorDiagnosis,
      diagnosisMatch: professionalDiagnosis !== null && (supervisorDiagnosis === null || supervisorDiagnosis === professionalDiagnosis),
      planShared: proPlan.filter((p) => supPlan.includes(p)),
      planOnlyProfessional: proPlan.filter((p) => !supPlan.includes(p)),
      planOnlySupervisor: supPlan.filter((p) => !proPlan.includes(p)),
      planOverlap: jaccard(proPlan, supPlan),
    });
  }
  const diagnosis = ears.length ? mean(ears.map((e) => (e.diagnosisMatch ? 1 : 0))) : findings;
  const plan = ears.length ? mean(ears.map((e) => e.planOverlap)) : findings;
  const score = Math.round(100 * (SCORE_WEIGHTS.findings * findings + SCORE_WEIGHTS.diagnosis * diagnosis + SCORE_WEIGHTS.plan * plan));
  return { version: 1, score, findings, diagnosis, plan, ears };
}
