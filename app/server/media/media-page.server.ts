/** What the media test pages load: where the user may upload, the limits, and their own recent media with signed URLs. */
import type { Actor } from "~/domain/access/actor";
import { config } from "../config.server";
import { listMedia, mediaView, uploadOrganisations, type MediaView } from "./media.server";

/** How many of their latest uploads a test page shows. */
const RECENT_MEDIA = 12;

export interface MediaPageData {
  organisations: { id: string; name: string }[];
  maxBytes: { video: number; image: number };
  recent: MediaView[];
}

export async function mediaPageData(user: Actor, options: { source: "recorder" | "picker" }): Promise<MediaPageData> {
  // Their own finished uploads only: an administrator may read every medium, but a test page is no place to show
  // (and sign URLs for) the patients' media of every organisation without a logged read.
  const [organisations, rows] = await Promise.all([
    uploadOrganisations(user),
    listMedia(user, { uploaderId: user.id, complete: true, source: options.source, limit: RECENT_MEDIA }),
  ]);
  return { organisations, maxBytes: config().mediaMaxBytes, recent: rows.map((row) => mediaView(row)) };
}
