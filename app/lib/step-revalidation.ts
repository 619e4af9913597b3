import type { ShouldRevalidateFunction } from "react-router";
import { onlyStepChanged } from "~/domain/dossier/steps";
import { revalidateAfterRefusal } from "./refusal-revalidation";

/**
 * For the pages of the professional's steps: another step of the same page is only another part of it shown, so
 * the loader does not run again. The step changes at once, and offline too; a form's send still reloads, refused
 * or not.
 */
export const stepShouldRevalidate: ShouldRevalidateFunction = (args) =>
  !args.formMethod && onlyStepChanged(args.currentUrl, args.nextUrl) ? false : revalidateAfterRefusal(args);
