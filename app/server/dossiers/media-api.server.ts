/**
 * `GET /api/dossiers/:id/media`: a dossier's media with fresh signed URLs, for pages that stay open longer than
 * MEDIA_URL_TTL_MS (the review screen refreshes before its URLs expire). The same scoping as reading the dossier,
 * so a dossier the actor may not read is 404. Logged as a view of the dossier (once per user and window, as
 * opening it is): the endpoint can be called without the page, and the URLs it hands out open the media.
 */
import { z } from "zod";
import { withActor } from "../api/api-endpoint.server";
import { dossierMediaViews } from "./media.server";

export const dossierMediaEndpoint = withActor({
  params: z.object({ id: z.string().regex(/^[0-9a-f-]{36}$/) }),
  async handle({ res, actor, params }) {
    res.json({ media: await dossierMediaViews(actor, params.id) });
  },
});
