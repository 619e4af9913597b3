/** What the media test pages load: where the user may upload, the limits, and their own recent media with signed URLs. */
import type { Actor } from "~/domain/access/actor";
import { config } from "../config.server";
import { mediaView, ownRecentMedia, uploadOrganisations, type MediaView } from "./media.server";

/** How many of their latest uploads a test page shows. */
const RECENT_MEDIA = 12;

export interface MediaPageData {
  organisations: { id: string; name: string }[];
  maxBytes: { video: number; image: number };
  recent: MediaView[];
}

export async function mediaPageData(user: Actor, options: { source: "recorder" | "picker" }): Promise<MediaPageData> {
  const [organisations, rows] = await Promise.all([uploadOrganisations(user), ownRecentMedia(user, options.source, RECENT_MEDIA)]);
  return { organisations, maxBytes: config().mediaMaxBytes, recent: rows.map((row) => mediaView(row)) };
}
