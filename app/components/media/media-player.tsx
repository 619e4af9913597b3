import { useTranslation } from "react-i18next";
import type { MediaInfo } from "~/lib/uploads/media-client";

/** A stored medium, played from its signed URL (range requests let the player seek). */
export function MediaPlayer({ media }: { media: Pick<MediaInfo, "kind" | "urls" | "metadata"> }) {
  const { t } = useTranslation("media");
  if (!media.urls.file) return <p className="text-sm text-slate-600">{t("player.notReady")}</p>;
  if (media.kind === "video") {
    return (
      <video
        className="aspect-video w-full max-w-xl rounded bg-black"
        controls
        playsInline
        preload="metadata"
        poster={media.urls.poster ?? undefined}
        src={media.urls.file}
        data-testid="media-player"
      />
    );
  }
  return <img className="max-h-96 w-full max-w-xl rounded object-contain" src={media.urls.file} alt={media.metadata.fileName ?? t("player.image")} data-testid="media-image" />;
}
