/**
 * `GET /api/dossiers/:id/media`: a dossier's media with fresh signed URLs, for pages that stay open longer than
 * MEDIA_URL_TTL_MS (the review screen refreshes before its URLs expire). Session cookie; the same scoping as
 * reading the dossier, so another organisation's dossier is 404. Not logged as a view: the page's load was.
 */
import express, { type Router } from "express";
import { AppError } from "~/domain/errors";
import { requestActor } from "../access/request-actor.server";
import { sendApiError } from "../http/api-error.server";
import { dossierMediaViews } from "./media.server";

export function dossierMediaApi(): Router {
  const router = express.Router();
  router.get("/api/dossiers/:id/media", async (req, res) => {
    try {
      const user = await requestActor(req);
      if (!user) throw new AppError("unauthenticated");
      res.set("Cache-Control", "no-store").json({ media: await dossierMediaViews(user, req.params.id) });
    } catch (error) {
      sendApiError(req, res, error);
    }
  });
  return router;
}
