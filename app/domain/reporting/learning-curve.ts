/**
 * Learning curves (PRODUCT.md "Reporting and insight"; decision 072): a professional's reasoning scores in the
 * order their reviews were completed, the rolling mean of the last ROLLING_WINDOW, and a CUSUM rule that flags
 * when they reach proficiency and when they fall back.
 *
 * The rule (a one-sided CUSUM each way, after the learning-curve CUSUM of Biau et al. 2008, on scores 0–1):
 * - while learning, S⁺ = max(0, S⁺ + x − K); proficient when S⁺ ≥ H_PROFICIENT. With K = 0.70, twenty reviews at
 *   0.80 (K + 0.10) reach 2.0: sustained performance above the reference, not one lucky streak;
 * - once proficient, S⁻ = max(0, S⁻ + K − x); relapse when S⁻ ≥ H_RELAPSE (e.g. ten reviews at 0.55), after
 *   which both sums restart and the professional is learning again.
 * The proficiency line drawn with the rolling mean is PROFICIENCY_LINE (the mean a proficient professional keeps).
 */
export const ROLLING_WINDOW = 20;
export const PROFICIENCY_LINE = 75;
export const CUSUM_REFERENCE = 0.7;
export const CUSUM_H_PROFICIENT = 2;
export const CUSUM_H_RELAPSE = 1.5;

export type CurveFlag = "proficient" | "relapse";

export interface CurvePoint {
  /** 1-based position in the professional's completed reviews. */
  n: number;
  score: number;
  /** Mean of the last ROLLING_WINDOW scores (fewer at the start). */
  rolling: number;
  flag: CurveFlag | null;
}

export interface CusumStep {
  upper: number;
  lower: number;
  proficient: boolean;
  flag: CurveFlag | null;
}

/** The CUSUM over scores in order (0–100 each). */
export function cusum(scores: readonly number[]): CusumStep[] {
  let upper = 0;
  let lower = 0;
  let proficient = false;
  return scores.map((score) => {
    const x = score / 100;
    let flag: CurveFlag | null = null;
    if (!proficient) {
      upper = Math.max(0, upper + x - CUSUM_REFERENCE);
      if (upper >= CUSUM_H_PROFICIENT - 1e-9) {
        proficient = true;
        flag = "proficient";
        lower = 0;
      }
    } else {
      lower = Math.max(0, lower + CUSUM_REFERENCE - x);
      if (lower >= CUSUM_H_RELAPSE - 1e-9) {
        proficient = false;
        flag = "relapse";
        upper = 0;
        lower = 0;
      }
    }
    return { upper, lower, proficient, flag };
  });
}

/** Rolling means and flags for scores in order; `rolling` may come from SQL (a window function) or be computed here. */
export function learningCurve(scores: readonly number[], rolling?: readonly number[]): CurvePoint[] {
  const steps = cusum(scores);
  return scores.map((score, i) => {
    const window = scores.slice(Math.max(0, i + 1 - ROLLING_WINDOW), i + 1);
    const mean = rolling?.[i] ?? window.reduce((s, v) => s + v, 0) / window.length;
    return { n: i + 1, score, rolling: Math.round(mean * 10) / 10, flag: steps[i].flag };
  });
}

/** What the curves chart draws: each professional's rolling means in review order (the page's data stays small). */
export interface ChartCurve {
  professional: string;
  rolling: number[];
}

export function chartCurves(curves: readonly { professional: string; points: readonly CurvePoint[] }[]): ChartCurve[] {
  return curves.map((c) => ({ professional: c.professional, rolling: c.points.map((p) => p.rolling) }));
}
