/**
 * Everything media mounts on the app's Express server, in this order: the app-check token, the tus uploads, then
 * the media API. server/app.ts and the tests' media server (tests/support/media-server.ts) mount exactly this, so
 * the tests exercise the routes the app serves.
 */
import express, { type Router } from "express";
import { APP_CHECK_PATH, UPLOADS_PATH } from "~/domain/constants";
import { appCheckEndpoint } from "./app-check.server";
import { mediaApi } from "./media-api.server";
import type { UploadServer } from "./upload-server.server";

export function mediaRoutes(uploads: UploadServer): Router {
  const router = express.Router();
  router.get(APP_CHECK_PATH, appCheckEndpoint);
  router.all([UPLOADS_PATH, `${UPLOADS_PATH}/{*rest}`], uploads.handler);
  router.use(mediaApi());
  return router;
}
