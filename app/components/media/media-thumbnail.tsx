import { useTranslation } from "react-i18next";
import type { MediaInfo } from "~/lib/uploads/media-client";

/**
 * A stored medium small, for lists: the browser-made thumbnail (image) or poster frame (video), never the full
 * file (a camera still is megabytes; the thumbnail is at most 320 px wide). Nothing when neither was stored.
 */
export function MediaThumbnail({ media, className = "h-12 w-16" }: { media: Pick<MediaInfo, "kind" | "urls" | "metadata">; className?: string }) {
  const { t } = useTranslation("media");
  const src = media.urls.thumbnail ?? media.urls.poster;
  if (!src) return null;
  return <img src={src} alt={media.metadata.fileName ?? t("player.image")} className={`${className} rounded object-cover`} data-testid="media-thumbnail" />;
}
