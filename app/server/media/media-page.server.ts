/** What the media test pages load: where the user may upload, the limits, and recent media with signed URLs. */
import type { SessionUser } from "../auth/session.server";
import { config } from "../config.server";
import { listMedia, mediaView, uploadOrganisations, type MediaView } from "./media.server";

export interface MediaPageData {
  organisations: { id: string; name: string }[];
  maxBytes: { video: number; image: number };
  recent: MediaView[];
}

export async function mediaPageData(user: SessionUser, options: { source?: string } = {}): Promise<MediaPageData> {
  const [organisations, rows] = await Promise.all([uploadOrganisations(user), listMedia(user, { limit: 12 })]);
  const recent = rows.filter((row) => row.status === "complete" && (!options.source || row.metadata.source === options.source)).map((row) => mediaView(row));
  return { organisations, maxBytes: config().mediaMaxBytes, recent };
}
