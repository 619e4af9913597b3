/**
 * One medium of a dossier, shown large: a video with frame stepping (buttons and ←/→, one frame at the measured
 * frame rate or an assumed 25 fps), a still with drawing notes; both with zoom (CSS transform) and panning by
 * dragging while zoomed. The in-ear score and model version the recorder stored are shown beside it.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ASSUMED_FRAME_RATE } from "~/domain/constants";
import type { Stroke } from "~/domain/dossier/content";
import type { MediaInfo as MediaView } from "~/lib/uploads/media-client";
import { useCssomStyle } from "~/lib/cssom-style";
import { Button } from "../ui/button";
import { Styled } from "../ui/styled";
import { DrawingCanvas, DrawingEditor, DrawingToolbar, type DrawingTools } from "./drawing-canvas";

const ZOOMS = [1, 1.5, 2, 3, 4];

function useZoom() {
  const [level, setLevel] = useState(0);
  const [pan, setPan] = useState({ x: 0, y: 0 });
  const drag = useRef<{ x: number; y: number; px: number; py: number } | null>(null);
  const scale = ZOOMS[level];
  const set = (next: number) => {
    setLevel(Math.max(0, Math.min(ZOOMS.length - 1, next)));
    if (next <= 0) setPan({ x: 0, y: 0 });
  };
  const panHandlers = {
    onPointerDown: (e: PointerEvent<HTMLDivElement>) => {
      if (scale === 1) return;
      e.currentTarget.setPointerCapture(e.pointerId);
      drag.current = { x: e.clientX, y: e.clientY, px: pan.x, py: pan.y };
    },
    onPointerMove: (e: PointerEvent<HTMLDivElement>) => {
      if (!drag.current) return;
      const rect = e.currentTarget.getBoundingClientRect();
      // Pan in percent of the box, limited so the picture always covers it.
      const limit = ((scale - 1) / 2) * 100;
      const clamp = (v: number) => Math.max(-limit, Math.min(limit, v));
      setPan({
        x: clamp(drag.current.px + ((e.clientX - drag.current.x) / rect.width) * 100),
        y: clamp(drag.current.py + ((e.clientY - drag.current.y) / rect.height) * 100),
      });
    },
    onPointerUp: () => {
      drag.current = null;
    },
  };
  return {
    scale,
    level,
    set,
    pan,
    panHandlers,
    style: { transform: `translate(${pan.x}%, ${pan.y}%) scale(${scale})`, transformOrigin: "center" },
  };
}

function ZoomButtons({ zoom }: { zoom: ReturnType<typeof useZoom> }) {
  const { t } = useTranslation("dossier");
  return (
    <div className="flex items-center gap-1" role="group" aria-label={t("viewer.zoom")}>
      <Button
        type="button"
        variant="secondary"
        className="px-3 py-1"
        onClick={() => zoom.set(zoom.level - 1)}
        disabled={zoom.level === 0}
        aria-label={t("viewer.zoomOut")}
      >
        −
      </Button>
      <span className="w-12 text-center text-sm tabular-nums" data-testid="zoom-level">
        {Math.round(zoom.scale * 100)}%
      </span>
      <Button
        type="button"
        variant="secondary"
        className="px-3 py-1"
        onClick={() => zoom.set(zoom.level + 1)}
        disabled={zoom.level === ZOOMS.length - 1}
        aria-label={t("viewer.zoomIn")}
      >
        +
      </Button>
    </div>
  );
}

/** The frame rate a playing video really has (requestVideoFrameCallback), else the assumed one. */
function useFrameRate(video: HTMLVideoElement | null): number {
  const [fps, setFps] = useState(ASSUMED_FRAME_RATE);
  useEffect(() => {
    if (!video || !("requestVideoFrameCallback" in video)) return;
    let handle = 0;
    let last: number | null = null;
    const gaps: number[] = [];
    const onFrame = (_now: number, meta: VideoFrameCallbackMetadata) => {
      if (last !== null && meta.mediaTime > last) gaps.push(meta.mediaTime - last);
      last = meta.mediaTime;
      if (gaps.length >= 10) {
        const sorted = [...gaps].sort((a, b) => a - b);
        const median = sorted[Math.floor(sorted.length / 2)];
        if (median > 0) setFps(Math.min(120, Math.max(5, Math.round(1 / median))));
        gaps.length = 0;
      }
      handle = video.requestVideoFrameCallback(onFrame);
    };
    handle = video.requestVideoFrameCallback(onFrame);
    return () => video.cancelVideoFrameCallback(handle);
  }, [video]);
  return fps;
}

function VideoViewer({ src, poster, label }: { src: string; poster: string | null; label: string }) {
  const { t } = useTranslation("dossier");
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const fps = useFrameRate(video);
  const zoom = useZoom();
  useCssomStyle(video, zoom.style);
  const [time, setTime] = useState(0);
  // A refreshed signed URL replaces the source: carry the position over.
  const resumeAt = useRef<number | null>(null);
  const previousSrc = useRef(src);
  if (previousSrc.current !== src && video) {
    resumeAt.current = video.currentTime;
    previousSrc.current = src;
  }
  const step = (frames: number) => {
    if (!video) return;
    video.pause();
    const duration = Number.isFinite(video.duration) ? video.duration : Infinity;
    video.currentTime = Math.max(0, Math.min(duration, video.currentTime + frames / fps));
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      event.preventDefault();
      step(event.key === "ArrowLeft" ? -1 : 1);
    }
  };
  return (
    // Frame stepping with ←/→ while focus is on the video or its buttons: the keys bubble up to this box.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div className="flex flex-col gap-2" onKeyDown={onKey}>
      <div
        className={`relative overflow-hidden rounded bg-black ${zoom.scale > 1 ? "cursor-grab" : ""}`}
        {...zoom.panHandlers}
      >
        <video
          ref={setVideo}
          src={src}
          poster={poster ?? undefined}
          className="aspect-video w-full"
          controls={zoom.scale === 1}
          playsInline
          preload="metadata"
          aria-label={label}
          data-testid="medium-video"
          onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
          onSeeked={(e) => setTime(e.currentTarget.currentTime)}
          onLoadedMetadata={(e) => {
            // A position asked for while the new source loaded (a seek, a step) is already under way: it wins.
            if (resumeAt.current !== null && e.currentTarget.currentTime === 0) e.currentTarget.currentTime = resumeAt.current;
            resumeAt.current = null;
          }}
        />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          type="button"
          variant="secondary"
          className="px-3 py-1"
          onClick={() => step(-1)}
          aria-label={t("viewer.prevFrame")}
          data-testid="prev-frame"
        >
          ◀ {t("viewer.frame")}
        </Button>
        <Button
          type="button"
          variant="secondary"
          className="px-3 py-1"
          onClick={() => step(1)}
          aria-label={t("viewer.nextFrame")}
          data-testid="next-frame"
        >
          {t("viewer.frame")} ▶
        </Button>
        <span className="text-sm tabular-nums text-slate-700" data-testid="video-time" data-time={time.toFixed(3)}>
          {t("viewer.position", { seconds: time.toFixed(2), frame: Math.round(time * fps), fps })}
        </span>
        <ZoomButtons zoom={zoom} />
      </div>
      <p className="text-xs text-slate-600">{t("viewer.keysHint")}</p>
    </div>
  );
}

function StillViewer({
  src,
  label,
  strokes,
  onStrokes,
}: {
  src: string;
  label: string;
  strokes: readonly Stroke[];
  onStrokes?: (next: Stroke[]) => void;
}) {
  const { t } = useTranslation("dossier");
  const zoom = useZoom();
  const [drawing, setDrawing] = useState(false);
  const [tools, setTools] = useState<DrawingTools>({ colour: "red", text: "" });
  const editing = Boolean(onStrokes) && drawing;
  return (
    <div className="flex flex-col gap-2">
      <div
        className={`relative overflow-hidden rounded bg-black ${zoom.scale > 1 && !editing ? "cursor-grab" : ""}`}
        {...(editing ? {} : zoom.panHandlers)}
      >
        <Styled className="relative" cssom={zoom.style}>
          <img src={src} alt={label} className="block max-h-[70vh] w-full object-contain" data-testid="medium-image" draggable={false} />
          {editing && onStrokes ? (
            <DrawingEditor
              strokes={strokes}
              onChange={onStrokes}
              label={t("viewer.drawingLabel")}
              tools={tools}
              onTextPlaced={() => setTools((tl) => ({ ...tl, text: "" }))}
            />
          ) : (
            <DrawingCanvas strokes={strokes} label={t("viewer.drawingLabel")} />
          )}
        </Styled>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <ZoomButtons zoom={zoom} />
        {onStrokes ? (
          <Button
            type="button"
            variant={drawing ? "primary" : "secondary"}
            className="px-3 py-1"
            aria-pressed={drawing}
            onClick={() => setDrawing(!drawing)}
            data-testid="draw-toggle"
          >
            {t("viewer.draw")}
          </Button>
        ) : null}
        {strokes.length > 0 ? <span className="text-sm text-slate-700">{t("viewer.notes", { count: strokes.length })}</span> : null}
      </div>
      {editing && onStrokes ? <DrawingToolbar tools={tools} setTools={setTools} strokes={strokes} onChange={onStrokes} /> : null}
    </div>
  );
}

export function InEarFacts({ media }: { media: Pick<MediaView, "metadata"> }): ReactNode {
  const { t } = useTranslation("dossier");
  const score = media.metadata.inEarScore;
  if (typeof score !== "number") return null;
  return (
    <span className="break-all text-sm text-slate-700" data-testid="in-ear-score">
      {t("media.inEarScore", { percent: Math.round(score * 100) })}
      {typeof media.metadata.modelVersion === "string"
        ? ` · ${t("media.modelVersion", { version: media.metadata.modelVersion })}`
        : ""}
    </span>
  );
}

export function MediumViewer({
  media,
  label,
  strokes = [],
  onStrokes,
}: {
  media: MediaView;
  label: string;
  strokes?: readonly Stroke[];
  onStrokes?: (next: Stroke[]) => void;
}) {
  const { t } = useTranslation("dossier");
  if (!media.urls.file) return <p className="text-sm text-slate-600">{t("media.notReady")}</p>;
  return media.kind === "video" ? (
    <VideoViewer src={media.urls.file} poster={media.urls.poster} label={label} />
  ) : (
    <StillViewer src={media.urls.file} label={label} strokes={strokes} onStrokes={onStrokes} />
  );
}
