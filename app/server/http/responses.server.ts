/** Error responses thrown from loaders and actions; the root error boundary renders them in the user's language. */
import { data } from "react-router";
import { AppError as AppErrorClass, type AppError, type ErrorCode } from "~/domain/errors";

export function notFound() {
  return data({ code: "not-found" satisfies ErrorCode }, { status: 404 });
}

/** An AppError as a thrown route response (status from the one error map; details stay on the server). */
export function errorResponse(error: AppError) {
  return data({ code: error.code }, { status: error.status });
}

/** For loaders: an AppError becomes its route response (404 for another organisation's dossier); anything else is rethrown. */
export function rethrowAsResponse(error: unknown): never {
  if (error instanceof AppErrorClass) throw errorResponse(error);
  throw error;
}
