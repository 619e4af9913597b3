/**
 * Route actions on dossiers answer with data the form can show: `{ error, missing?, currentVersion? }` for an
 * expected refusal (a version conflict, a missing item, a claim someone else won), in the user's language on the
 * page; the route sends it with its status through `actionAnswer` (409, 422…). `not-found` is never data: it becomes
 * the 404 page, so another organisation's dossier stays invisible.
 */
import { type RefusedIssue, refusedItemsOf, type RefusedValueMessage, refusedValuesOf } from "~/domain/dossier/form";
import { AppError, type ErrorCode } from "~/domain/errors";
import { invalidForm, type FormRefusal } from "../forms/parse-form.server";
import { errorResponse } from "../http/responses.server";

export interface ActionRefusal {
  ok?: false;
  error: ErrorCode;
  missing?: string[];
  currentVersion?: number;
  /** A refused save's fields, as the items their fields show errors for (refusedItemsOf). */
  fields?: string[];
  /** Per refused field, what its message says is wrong with the value (refusedValuesOf), not that it is missing. */
  refusedValues?: Record<string, RefusedValueMessage>;
}

export async function refusalOr<T>(work: () => Promise<T>): Promise<T | ActionRefusal> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.code === "not-found") throw errorResponse(error);
    // A save names each issue as { path } (edit.server.ts), the new-dossier form as the path itself (create.server.ts).
    const details = error.details as { missing?: string[]; version?: number; issues?: (RefusedIssue | null)[] };
    const issues = (details.issues ?? []).filter((issue): issue is RefusedIssue => typeof issue === "string" || (typeof issue === "object" && issue !== null));
    const paths = issues.map((issue) => (typeof issue === "string" ? issue : issue.path)).filter((path): path is string => typeof path === "string");
    const fields = refusedItemsOf(paths);
    return { error: error.code, missing: details.missing, currentVersion: details.version, ...(fields.length ? { fields, refusedValues: refusedValuesOf(issues) } : {}) };
  }
}

/** A refused dossier form in the shape the dossier pages show (`{ error }`), with its 400 or 422. */
export function refusedDossierForm(refusal: FormRefusal) {
  return invalidForm<ActionRefusal>(refusal, { error: refusal.code });
}
