/**
 * The professional's flow as steps: patient → recording → anamnesis → reasoning → submit (issue 16). On a phone
 * each step is one screen; on a wider screen the steps are the page's sections and the step list is their map.
 * The table says, per step, on which page it lives and which missing-list items it answers, so progress, the
 * default step and the missing list's links all follow from one place.
 */
import { routePath } from "~/domain/route-table";
import { fieldIdOf } from "./form";
import { proDraftPath } from "./pro-links";

export const DOSSIER_STEPS = ["patient", "recording", "anamnesis", "reasoning", "submit"] as const;
export type DossierStep = (typeof DOSSIER_STEPS)[number];

export type StepPage = "draft" | "reasoning";

const STEP_TABLE = {
  patient: { page: "draft", items: null },
  recording: { page: "draft", items: "media-" },
  anamnesis: { page: "draft", items: "anamnesis-" },
  reasoning: { page: "reasoning", items: "reasoning-" },
  submit: { page: "reasoning", items: null },
} as const satisfies Record<DossierStep, { page: StepPage; items: string | null }>;

export const STEP_PARAM = "step";

export function pageOfStep(step: DossierStep): StepPage {
  return STEP_TABLE[step].page;
}

export function stepsOfPage(page: StepPage): DossierStep[] {
  return DOSSIER_STEPS.filter((step) => STEP_TABLE[step].page === page);
}

/** The step a missing-list item is filled in at. */
export function stepOfItem(item: string): DossierStep {
  return DOSSIER_STEPS.find((step) => {
    const prefix = STEP_TABLE[step].items;
    return prefix !== null && item.startsWith(prefix);
  }) ?? "submit";
}

/** Done: nothing it answers for is missing. The patient step is done once the dossier exists; submit never is. */
export function stepDone(step: DossierStep, missing: readonly string[]): boolean {
  const prefix = STEP_TABLE[step].items;
  if (step === "submit") return false;
  return prefix === null || !missing.some((item) => item.startsWith(prefix));
}

/** `?step=` read leniently: anything else is "no step asked for". */
export function parseStep(value: string | null, page: StepPage): DossierStep | null {
  const step = DOSSIER_STEPS.find((s) => s === value);
  return step && pageOfStep(step) === page ? step : null;
}

/** Where a phone opens a page without `?step=`: its first unfinished step, else its last. */
export function defaultStep(page: StepPage, missing: readonly string[]): DossierStep {
  const steps = stepsOfPage(page);
  return steps.find((step) => !stepDone(step, missing)) ?? steps[steps.length - 1];
}

/** The address of one step of a dossier (unlocalised), with an optional field to jump to. */
export function stepPath(proId: string, dossierId: string, step: DossierStep, item?: string): string {
  const base = pageOfStep(step) === "draft" ? proDraftPath(proId, dossierId) : `${routePath("pro-clinical-reasoning", { proId, caseId: dossierId })}?`;
  const joiner = base.endsWith("?") ? "" : "&";
  return `${base}${joiner}${STEP_PARAM}=${step}${item ? `#${fieldIdOf(item)}` : ""}`;
}

/**
 * Moving between the steps of one page changes only `?step=` and the hash: nothing to load again, so the step
 * changes at once, and also offline (the route's shouldRevalidate).
 */
export function onlyStepChanged(current: URL, next: URL): boolean {
  if (current.pathname !== next.pathname) return false;
  // The same address is not a step change: a revalidation asked for (live news, a finished upload) must load.
  if (current.searchParams.get(STEP_PARAM) === next.searchParams.get(STEP_PARAM) && current.hash === next.hash) return false;
  const strip = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete(STEP_PARAM);
    params.sort();
    return params.toString();
  };
  return strip(current) === strip(next);
}
