/**
 * Watching a dossier video on the labelling page is looking into that dossier: the view goes into the event log of
 * every dossier the video is attached to, with the admin as actor (PRODUCT.md: every view of a dossier is logged).
 * Only the page records it, once per opening; the range requests of the playing video do not.
 */
import { dossierReadGrant } from "~/domain/access/permissions";
import { eq } from "drizzle-orm";
import { dossier, dossierMedium } from "../db/schema";
import { inTransaction } from "../db/transaction.server";
import { recordDossierEvent } from "../dossiers/events.server";
import type { Actor } from "~/domain/access/actor";
import { assertMlAdmin } from "./actor.server";
import type { LabellingVideo } from "./video-sources.server";

export async function recordLabellingView(actor: Actor | null, video: Pick<LabellingVideo, "id" | "source">): Promise<number> {
  assertMlAdmin(actor);
  if (video.source !== "dossier") return 0;
  return inTransaction(async (tx) => {
    const rows = await tx
      .selectDistinct({ id: dossier.id, organisationId: dossier.organisationId, professionalId: dossier.professionalId, status: dossier.status })
      .from(dossierMedium)
      .innerJoin(dossier, eq(dossier.id, dossierMedium.dossierId))
      .where(eq(dossierMedium.mediaId, video.id));
    for (const row of rows) {
      await recordDossierEvent(tx, row, actor.id, { kind: "view", status: row.status, detail: { page: "ml-labelling", mediaId: video.id, grant: dossierReadGrant(actor, row) } });
    }
    return rows.length;
  });
}
