import type { ShouldRevalidateFunction } from "react-router";
import { onlyStepChanged } from "~/domain/dossier/steps";

/**
 * For the pages of the professional's steps: another step of the same page is only another part of it shown, so
 * the loader does not run again. The step changes at once, and offline too; a form's send still reloads.
 */
export const stepShouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
  !formMethod && onlyStepChanged(currentUrl, nextUrl) ? false : defaultShouldRevalidate;
