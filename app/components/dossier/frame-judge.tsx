/**
 * The reviewing supervisor's judgement of what a medium shows, for the in-ear model's dataset (decision 075): the
 * still, or the video frame on screen, is "ear canal visible", "not in ear" or "unusable". The frame's JPEG and
 * thumbnail are made here from the picture on screen (as the dataset's other frames are) and sent with the
 * judgement. Beside each judgement: what the model that scored the medium said, so a disagreement is a glance.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiPath } from "~/domain/api-table";
import { FRAME_JUDGEMENTS, type FrameJudgement } from "~/domain/frame-judgements";
import { http } from "~/lib/http";
import { Button } from "../ui/button";

export interface FrameJudgementItem {
  id: string;
  mediaId: string;
  frameMs: number;
  judgement: FrameJudgement;
  modelVersion: string | null;
  inEarScore: number | null;
  judgedBy: string | null;
  judgedAt: string;
  inDataset: boolean;
}

const seconds = (ms: number) => (ms / 1000).toFixed(2);

/** The picture on screen (the medium's video or image inside `box`), once it has a frame to draw. */
async function pictureIn(box: HTMLElement): Promise<HTMLVideoElement | HTMLImageElement | null> {
  const video = box.querySelector<HTMLVideoElement>("video");
  if (video) {
    if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) return video;
    // Only the metadata is loaded until someone plays or seeks: seek to where it is to get the frame.
    const ready = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 10_000);
      video.addEventListener("seeked", () => (clearTimeout(timer), resolve(true)), { once: true });
    });
    video.currentTime = video.currentTime;
    return (await ready) && video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA ? video : null;
  }
  const image = box.querySelector<HTMLImageElement>("img[data-testid='medium-image']");
  return image && image.complete && image.naturalWidth > 0 ? image : null;
}

export function FrameJudge({
  dossierId,
  mediaId,
  kind,
  box,
  judgements,
  onChange,
  mayJudge,
}: {
  dossierId: string;
  mediaId: string;
  kind: string;
  /** The element holding the medium's picture. */
  box: () => HTMLElement | null;
  judgements: FrameJudgementItem[];
  onChange: (mediaId: string, frameMs: number, next: FrameJudgementItem | null) => void;
  mayJudge: boolean;
}) {
  const { t } = useTranslation("dossier");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: "ok" | "error"; text: string } | null>(null);
  const [frameMs, setFrameMs] = useState(0);
  const isVideo = kind === "video";
  const videoIn = () => box()?.querySelector<HTMLVideoElement>("video") ?? null;
  // The question names the frame on screen, and follows the player (playing, stepping, seeking).
  useEffect(() => {
    const video = isVideo ? videoIn() : null;
    if (!video) return;
    const follow = () => setFrameMs(Math.round(video.currentTime * 1000));
    follow();
    const events = ["timeupdate", "seeked", "loadedmetadata"] as const;
    for (const event of events) video.addEventListener(event, follow);
    return () => {
      for (const event of events) video.removeEventListener(event, follow);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the player is found once the medium is shown
  }, [isVideo, mediaId]);
  /** Brings a judged video frame back on screen, to look at it again or change its judgement. */
  const show = (ms: number) => {
    const video = videoIn();
    if (!video) return;
    video.pause();
    video.currentTime = ms / 1000;
  };
  const frameName = (ms: number) => (isVideo ? t("judge.frameAt", { seconds: seconds(ms) }) : t("judge.still"));

  const send = async (judgement: FrameJudgement | "none", at?: number) => {
    setBusy(true);
    setMessage(null);
    try {
      let body: Record<string, unknown> = { judgement, frameMs: at ?? 0 };
      if (judgement !== "none") {
        const holder = box();
        const picture = holder ? await pictureIn(holder) : null;
        if (!picture) {
          setMessage({ tone: "error", text: t("judge.notReady") });
          return;
        }
        const ms = picture instanceof HTMLVideoElement ? Math.round(picture.currentTime * 1000) : 0;
        setFrameMs(ms);
        // Loaded only when a frame is judged: the canvas helpers of the dataset pages.
        const { encodeForDataset } = await import("~/ml/browser/frames");
        body = { judgement, frameMs: ms, frame: await encodeForDataset(picture) };
      }
      const answer = await http<{ judgement: FrameJudgementItem | null }>(apiPath("frameJudgement", { id: dossierId, mediaId }), { method: "POST", body });
      onChange(mediaId, answer.judgement?.frameMs ?? at ?? 0, answer.judgement);
      setMessage({ tone: "ok", text: judgement === "none" ? t("judge.withdrawn") : t("judge.saved", { judgement: t(`judge.choices.${judgement}`) }) });
    } catch {
      setMessage({ tone: "error", text: t("judge.failed") });
    } finally {
      setBusy(false);
    }
  };

  const mine = judgements.filter((j) => j.mediaId === mediaId);
  // The judgement of the frame on screen (a still's only one): its button shows as chosen.
  const shownJudgement = mine.find((j) => j.frameMs === (isVideo ? frameMs : 0))?.judgement ?? null;
  if (!mayJudge && mine.length === 0) return null;
  return (
    <div className="flex flex-col gap-2 rounded-md border border-slate-200 bg-slate-50 p-3" data-testid="frame-judge">
      <h4 className="text-sm font-semibold text-slate-800">{t("judge.heading")}</h4>
      {mayJudge ? (
        <fieldset className="flex min-w-0 flex-col gap-2">
          <legend className="text-sm text-slate-700">{isVideo ? t("judge.frameQuestion", { seconds: seconds(frameMs) }) : t("judge.stillQuestion")}</legend>
          <div className="flex flex-wrap gap-2">
            {FRAME_JUDGEMENTS.map((j) => (
              <Button
                key={j}
                type="button"
                variant={shownJudgement === j ? "primary" : "secondary"}
                aria-pressed={shownJudgement === j}
                disabled={busy}
                onClick={() => void send(j)}
                data-testid={`judge-${j}`}
              >
                {t(`judge.choices.${j}`)}
              </Button>
            ))}
          </div>
        </fieldset>
      ) : null}
      <p role="status" className={message?.tone === "error" ? "text-sm text-red-700" : "text-sm text-emerald-800"} data-testid="judge-message">
        {message?.text ?? ""}
      </p>
      {mine.length ? (
        <ul className="flex flex-col gap-1 text-sm text-slate-700" aria-label={t("judge.judgements")} data-testid="judgements">
          {mine.map((j) => (
            <li key={j.id} className="flex flex-wrap items-center gap-x-2" data-testid="judgement" data-judgement={j.judgement} data-frame-ms={j.frameMs}>
              <span className="font-medium text-slate-900">
                {frameName(j.frameMs)}: {t(`judge.choices.${j.judgement}`)}
              </span>
              <span data-testid="judgement-model">
                ({j.modelVersion && j.inEarScore !== null ? t("judge.modelSaid", { version: j.modelVersion, percent: Math.round(j.inEarScore * 100) }) : t("judge.noModel")};{" "}
                {j.inDataset ? t("judge.inDataset") : t("judge.notInDataset")})
              </span>
              {j.judgedBy ? <span className="text-slate-600">{t("judge.by", { name: j.judgedBy })}</span> : null}
              {isVideo ? (
                <Button
                  type="button"
                  variant="ghost"
                  className="px-2 py-1"
                  onClick={() => show(j.frameMs)}
                  aria-label={t("judge.showLabel", { frame: frameName(j.frameMs) })}
                  data-testid="show-judged-frame"
                >
                  {t("judge.show")}
                </Button>
              ) : null}
              {mayJudge ? (
                <Button
                  type="button"
                  variant="ghost"
                  className="px-2 py-1"
                  disabled={busy}
                  onClick={() => void send("none", j.frameMs)}
                  aria-label={t("judge.withdrawLabel", { frame: frameName(j.frameMs) })}
                  data-testid="withdraw-judgement"
                >
                  {t("judge.withdraw")}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
