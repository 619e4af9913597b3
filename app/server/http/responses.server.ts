/** Error responses thrown from loaders and actions; the root error boundary renders them in the user's language. */
import { data } from "react-router";
import type { AppError, ErrorCode } from "~/domain/errors";

export function notFound() {
  return data({ code: "not-found" satisfies ErrorCode }, { status: 404 });
}

/** An AppError as a thrown route response (status from the one error map; details stay on the server). */
export function errorResponse(error: AppError) {
  return data({ code: error.code }, { status: error.status });
}
