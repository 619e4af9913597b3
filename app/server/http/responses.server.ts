/** Error responses thrown from loaders and actions; the root error boundary renders them in the user's language. */
import { STATUS_CODES } from "node:http";
import { data } from "react-router";
import { AppError as AppErrorClass, ERROR_STATUS, isErrorCode, type AppError, type ErrorCode } from "~/domain/errors";

/**
 * A refusal with `{ code }`, and its status's own reason phrase: thrown without one, React Router calls every
 * status "Internal Server Error" in the route data (a 404 in a `.data` answer and in the page's hydration data).
 */
function refusal(code: ErrorCode, status: number) {
  return data({ code }, { status, statusText: STATUS_CODES[status] ?? "" });
}

export function notFound() {
  return refusal("not-found", 404);
}

/** An AppError as a thrown route response (status from the one error map; details stay on the server). */
export function errorResponse(error: AppError) {
  return refusal(error.code, error.status);
}

/** For loaders: an AppError becomes its route response (404 for another organisation's dossier); anything else is rethrown. */
export function rethrowAsResponse(error: unknown): never {
  if (error instanceof AppErrorClass) throw errorResponse(error);
  throw error;
}

/**
 * An action's answer. A refusal the page shows beside its form (`{ error }`: a version conflict, the last
 * administrator, an address already in use) goes out with its code's status from the one error map, never as a
 * 200; a page's own refusal that is not an error code (two passwords that differ) is 422. `refusedAs` names the
 * code for an answer that carries its refusal in another field (a weak password's problems, a file too large).
 * Anything else goes out as it is. Pages that answer refusals this way reload their data after them
 * (`revalidateAfterRefusal`).
 */
export function actionAnswer<T>(result: T, refusedAs?: ErrorCode) {
  const error = refusedAs ?? (result as { error?: unknown } | null | undefined)?.error;
  if (typeof error !== "string") return result;
  const status = isErrorCode(error) ? ERROR_STATUS[error] : 422;
  return data(result, { status, statusText: STATUS_CODES[status] ?? "" });
}
