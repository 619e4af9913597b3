/** Error responses thrown from loaders and actions; the root error boundary renders them in the user's language. */
import { STATUS_CODES } from "node:http";
import { data } from "react-router";
import { AppError as AppErrorClass, type AppError, type ErrorCode } from "~/domain/errors";

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
