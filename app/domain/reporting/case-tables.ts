/** The tables of the case-handling page: ids (the CSV address names them) and column keys (worded per language). */
import { DIAGNOSES } from "../dossier/choices";

export const CASE_TABLES = {
  /** Rows: the professional's diagnosis; then one column per supervisor diagnosis. */
  matrix: ["professional-diagnosis", ...DIAGNOSES],
  diagnoses: ["diagnosis", "supervisor-count", "precision-percent", "recall-percent", "f1-percent"],
  plans: ["plan", "proposed", "advised", "both", "agreement-percent"],
  calibration: ["confidence", "pairs", "agreed", "agreed-percent"],
  curves: ["professional", "reviews", "rolling-now", "proficient-at", "relapses"],
} as const;

export type CaseTableId = keyof typeof CASE_TABLES;
export const CASE_TABLE_IDS = Object.keys(CASE_TABLES) as CaseTableId[];

export const EAR_FILTERS = ["all", "left", "right"] as const;
export type EarFilter = (typeof EAR_FILTERS)[number];

/** The case-handling page's `ear` and `cell` parameters (`cell=<professional>~<supervisor>` diagnosis codes). */
export function caseParams(params: URLSearchParams): { ear: EarFilter; cell: { pro: string; sup: string } | null; problem: boolean } {
  const rawEar = params.get("ear") ?? "all";
  const ear = (EAR_FILTERS as readonly string[]).includes(rawEar) ? (rawEar as EarFilter) : "all";
  const rawCell = params.get("cell");
  const [pro, sup] = rawCell?.split("~") ?? [];
  const valid = (code: string | undefined) => code !== undefined && (DIAGNOSES as readonly string[]).includes(code);
  const cell = rawCell && valid(pro) && valid(sup) ? { pro, sup } : null;
  return { ear, cell, problem: ear !== rawEar || (rawCell !== null && cell === null) };
}
