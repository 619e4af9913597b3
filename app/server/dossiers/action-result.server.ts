/**
 * Route actions on dossiers answer with data the form can show: `{ error, missing?, currentVersion? }` for an
 * expected refusal (a version conflict, a missing item, a claim someone else won), in the user's language on the
 * page. `not-found` is never data: it becomes the 404 page, so another organisation's dossier stays invisible.
 */
import { AppError, type ErrorCode } from "~/domain/errors";
import { errorResponse } from "../http/responses.server";

export interface ActionRefusal {
  ok?: false;
  error: ErrorCode;
  missing?: string[];
  currentVersion?: number;
}

export async function refusalOr<T>(work: () => Promise<T>): Promise<T | ActionRefusal> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.code === "not-found") throw errorResponse(error);
    const details = error.details as { missing?: string[]; version?: number };
    return { error: error.code, missing: details.missing, currentVersion: details.version };
  }
}

/** The form's intent and expected version. */
export function intentOf(form: FormData): { intent: string; version: number | undefined } {
  const intent = String(form.get("intent") ?? "");
  const raw = Number(form.get("version"));
  return { intent, version: Number.isInteger(raw) && raw > 0 ? raw : undefined };
}
