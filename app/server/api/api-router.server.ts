/**
 * The Express router built from the API table: one route per declared method and path, each run through the one
 * wrapper; then, for the table's paths, any other method is a 404 in the endpoint's dialect; then everything else
 * under /api (but the auth door's /api/auth) is a JSON 404. So nothing answers under /api that is not declared.
 * server/app.ts and the tests' media server mount exactly this.
 */
import express, { type Router } from "express";
import { API_TABLE, API_ENDPOINT_NAMES } from "~/domain/api-table";
import { AppError } from "~/domain/errors";
import { StorageError } from "~/domain/storage-errors";
import { sendApiError } from "../http/api-error.server";
import { apiHandlers, type ApiDependencies } from "./api-handlers.server";
import { runEndpoint } from "./run-endpoint.server";

export interface ApiRouterOptions extends ApiDependencies {
  trustedOrigins: readonly string[];
}

export function apiRouter(options: ApiRouterOptions): Router {
  const handlers = apiHandlers(options);
  const router = express.Router({ caseSensitive: true, strict: false });
  for (const name of API_ENDPOINT_NAMES) {
    const declaration = API_TABLE[name];
    const run = runEndpoint(declaration, handlers[name], options.trustedOrigins);
    for (const method of declaration.methods) {
      router[method.toLowerCase() as "get" | "head" | "post" | "put" | "patch" | "delete" | "options"]([...declaration.paths], run);
    }
  }
  for (const name of API_ENDPOINT_NAMES) {
    const declaration = API_TABLE[name];
    const spec = handlers[name];
    router.all([...declaration.paths], (req, res) => {
      const error = declaration.dialect === "storage" ? new StorageError("storage/object-not-found") : new AppError("not-found");
      sendApiError(req, res, error, spec.refusalHeaders);
    });
  }
  router.all("/api/{*rest}", (req, res, next) => {
    if (req.path.startsWith("/api/auth/") || req.path === "/api/auth") return next();
    sendApiError(req, res, new AppError("not-found"));
  });
  return router;
}
