import { useState } from "react";
import { useSearchParams } from "react-router";
import { defaultStep, type DossierStep, parseStep, type StepPage } from "~/domain/dossier/steps";

/** The step a page shows on a phone: `?step=`, or on arrival its first unfinished one, kept while things change. */
export function useCurrentStep(page: StepPage, missing: readonly string[]): DossierStep {
  const [params] = useSearchParams();
  const [arrival] = useState(() => defaultStep(page, missing));
  return parseStep(params.get("step"), page) ?? arrival;
}

/** On a phone only the current step's section shows; a wider screen shows them all. */
export function shownAt(current: DossierStep, step: DossierStep): string {
  return current === step ? "" : "max-sm:hidden";
}
