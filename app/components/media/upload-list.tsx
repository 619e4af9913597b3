import { useTranslation } from "react-i18next";
import { errorMessageKey } from "~/domain/errors";
import { useLocale } from "~/lib/use-locale";
import { formatBytes, formatSeconds } from "~/lib/format-media";
import { retryCanHelp } from "~/lib/uploads/upload-errors";
import type { useUploads } from "~/lib/uploads/use-uploads";
import { Button } from "../ui/button";
import { MediaDetails } from "./media-details";
import { MediaPlayer } from "./media-player";
import { MediaThumbnail } from "./media-thumbnail";
import { Styled } from "~/components/ui/styled";

const KNOWN_REASONS = new Set(["type-not-allowed", "too-large", "empty", "already-complete"]);

export interface UploadListProps {
  /** The page's upload queue (useUploads): its items and the controls for each. */
  uploads: Pick<ReturnType<typeof useUploads>, "items" | "pause" | "resume" | "cancel" | "reattach">;
  /** Progress only: the finished medium is shown elsewhere (e.g. in the dossier's media list). */
  compact?: boolean;
}

/** Each upload: progress with speed and time left, pause/resume/cancel, then what was stored and a player. */
export function UploadList({ uploads, compact }: UploadListProps) {
  const { items } = uploads;
  const { t } = useTranslation("media");
  const locale = useLocale();
  if (items.length === 0) return <p className="text-sm text-slate-600">{t("upload.none")}</p>;
  return (
    <ul className="space-y-4" data-testid="upload-list">
      {items.map(({ key, snapshot, media, needsFile, previewUrl }) => {
        const percent = snapshot.size > 0 ? Math.floor((snapshot.sent / snapshot.size) * 100) : 0;
        const active = snapshot.state === "uploading" || snapshot.state === "retrying";
        return (
          <li key={key} className="rounded-lg border border-slate-200 bg-white p-4" data-testid="upload-item" data-state={snapshot.state}>
            <div className="flex flex-wrap items-center gap-3">
              {/* Once stored, the server's thumbnail (also after a reload, when the local preview is gone). */}
              {media?.urls.thumbnail || media?.urls.poster ? (
                <MediaThumbnail media={media} />
              ) : previewUrl ? (
                <img src={previewUrl} alt="" className="h-12 w-16 rounded object-cover" />
              ) : null}
              {/* Grows from 12rem: on a narrow screen the buttons wrap below the name instead of squeezing it. */}
              <div className="min-w-0 flex-[1_1_12rem]">
                <p className="truncate font-medium text-slate-900" title={snapshot.name}>{snapshot.name}</p>
                <p className="text-sm text-slate-600" data-testid="upload-status">
                  {t(`upload.state.${snapshot.state}`)} · {t("upload.progress", { sent: formatBytes(snapshot.sent, locale), total: formatBytes(snapshot.size, locale) })}
                  {active && snapshot.speed ? ` · ${t("upload.speed", { speed: formatBytes(snapshot.speed, locale) })}` : ""}
                  {active && snapshot.secondsLeft !== null ? ` · ${t("upload.timeLeft", { time: formatSeconds(snapshot.secondsLeft) })}` : ""}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                {active ? (
                  <Button variant="secondary" onClick={() => uploads.pause(key)}>
                    {t("upload.pause")}
                  </Button>
                ) : null}
                {(snapshot.state === "paused" || (snapshot.state === "error" && (!snapshot.error || retryCanHelp(snapshot.error)))) && !needsFile ? (
                  <Button variant="secondary" onClick={() => uploads.resume(key)}>
                    {snapshot.state === "error" ? t("upload.retry") : t("upload.resume")}
                  </Button>
                ) : null}
                {snapshot.state !== "complete" && snapshot.state !== "canceled" ? (
                  <Button variant="ghost" onClick={() => void uploads.cancel(key)}>
                    {t("upload.cancel")}
                  </Button>
                ) : null}
              </div>
            </div>
            <div
              className="mt-3 h-2 w-full overflow-hidden rounded bg-slate-200"
              role="progressbar"
              aria-label={snapshot.name}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
            >
              <Styled className={`h-full ${snapshot.state === "error" ? "bg-red-600" : "bg-sky-700"}`} cssom={{ width: `${percent}%` }} />
            </div>
            {snapshot.error ? (
              <p className="mt-2 text-sm text-red-700" role="alert" data-testid="upload-error" data-code={snapshot.error.code}>
                {snapshot.error.reason && KNOWN_REASONS.has(snapshot.error.reason) ? t(`reasons.${snapshot.error.reason}`) : t(errorMessageKey(snapshot.error.code))}
              </p>
            ) : null}
            {needsFile ? (
              <label className="mt-2 block text-sm text-slate-700">
                {t("upload.needsFile")}{" "}
                <input
                  type="file"
                  accept="video/*,image/*"
                  className="mt-1 block text-sm"
                  onChange={(event) => {
                    const file = event.currentTarget.files?.[0];
                    if (file) void uploads.reattach(key, file);
                  }}
                />
              </label>
            ) : null}
            {media && !compact ? (
              <div className="mt-4 grid gap-4 md:grid-cols-2">
                <MediaPlayer media={media} />
                <MediaDetails media={media} />
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
