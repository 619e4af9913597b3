import { useTranslation } from "react-i18next";
import type { MediaInfo } from "~/lib/uploads/media-client";
import { MediaDetails } from "./media-details";
import { MediaPlayer } from "./media-player";
import { MediaThumbnail } from "./media-thumbnail";

export function RecentMedia({ media }: { media: MediaInfo[] }) {
  const { t } = useTranslation("media");
  return (
    <section className="space-y-3">
      <h2 className="text-lg font-semibold text-slate-900">{t("recent")}</h2>
      {media.length === 0 ? (
        <p className="text-sm text-slate-600">{t("upload.none")}</p>
      ) : (
        <ul className="space-y-4" data-testid="recent-media">
          {media.map((item) => (
            <li key={item.id} className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 md:grid-cols-2">
              {/* A list: images small from their thumbnail, opening the full file; videos play (with their poster). */}
              {item.kind === "image" && item.urls.thumbnail && item.urls.file ? (
                <a href={item.urls.file} target="_blank" rel="noreferrer" data-testid="recent-image">
                  <MediaThumbnail media={item} className="h-24 w-32" />
                </a>
              ) : (
                <MediaPlayer media={item} />
              )}
              <div>
                <p className="mb-2 truncate font-medium text-slate-900">{item.metadata.fileName ?? item.id}</p>
                <MediaDetails media={item} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
