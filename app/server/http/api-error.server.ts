/**
 * The one way a JSON or stream endpoint answers an error (issue 12): a typed error becomes its status from the
 * one error map (app/domain/errors.ts) and a `{ code }` body — storage errors keep the seed's harmless details
 * (reason, limit) that the upload client reads — never a stack; anything else is logged and answered as
 * `{ "code": "internal" }` with 500. Always `no-store`. A response already under way is cut off instead.
 */
import type { Request, Response } from "express";
import { AppError } from "~/domain/errors";
import { isStorageError } from "~/domain/storage-errors";
import { storageErrorBody } from "../media/tus-errors.server";

export function sendApiError(req: Request, res: Response, error: unknown, headers: Record<string, string> = {}): void {
  if (!(error instanceof AppError)) req.log?.error({ err: error }, "API endpoint failed");
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.status(error instanceof AppError ? error.status : 500).set({ "Cache-Control": "no-store", ...headers }).type("application/json");
  if (isStorageError(error)) res.send(storageErrorBody(error));
  else res.send(JSON.stringify({ code: error instanceof AppError ? error.code : "internal" }));
}
