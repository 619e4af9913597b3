import { dateTimeFormat } from "~/lib/format-date";
import { useTranslation } from "react-i18next";
import { useLocale } from "~/lib/use-locale";
import { formatBytes, formatSeconds } from "~/lib/format-media";
import type { MediaInfo } from "~/lib/uploads/media-client";

/** What the server stored about a medium. */
export function MediaDetails({ media }: { media: MediaInfo }) {
  const { t } = useTranslation("media");
  const locale = useLocale();
  const rows: [string, string][] = [
    [t("details.type"), media.contentType],
    [t("details.size"), formatBytes(media.size, locale)],
  ];
  if (media.durationMs !== null) rows.push([t("details.duration"), formatSeconds(media.durationMs / 1000)]);
  if (media.metadata.width && media.metadata.height) rows.push([t("details.dimensions"), `${media.metadata.width} × ${media.metadata.height}`]);
  if (typeof media.metadata.inEarScore === "number") {
    const version = typeof media.metadata.modelVersion === "string" ? media.metadata.modelVersion : "?";
    rows.push([t("details.inEarScore"), t("details.inEarScoreValue", { percent: Math.round(media.metadata.inEarScore * 100), version })]);
  }
  if (media.sha256) rows.push([t("details.checksum"), media.sha256]);
  if (media.completedAt) rows.push([t("details.stored"), dateTimeFormat(locale).format(new Date(media.completedAt))]);
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm" data-testid="media-details">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-600">{label}</dt>
          <dd className="break-all text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
