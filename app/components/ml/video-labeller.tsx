/**
 * Labelling frames of a video. Keys: I (or 1) labels the current frame in ear, O (or 0) not in ear; held while
 * the video plays, they label every N-th frame until released. Space plays/pauses, ←/→ step one frame. Every
 * label is saved at once as an image with the video's id and the frame's time, and marked on the timeline.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { encodeForDataset } from "~/ml/browser/frames";
import { postJson } from "~/ml/browser/post-json";
import { labelledStretches, type Moment } from "~/ml/timeline";
import { Styled } from "~/components/ui/styled";
import { apiPath } from "~/domain/api-table";

type Video = { id: string; name: string; url: string };
const KEYS: Record<string, 0 | 1> = { i: 1, "1": 1, o: 0, "0": 0 };

export function VideoLabeller({ video, initialMoments }: { video: Video; initialMoments: Moment[] }) {
  const { t } = useTranslation("ml");
  const ref = useRef<HTMLVideoElement>(null);
  const [moments, setMoments] = useState<Moment[]>(initialMoments);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [fps, setFps] = useState(25);
  const [everyN, setEveryN] = useState(5);
  const [holding, setHolding] = useState<0 | 1 | null>(null);
  const [failed, setFailed] = useState(false);
  const hold = useRef<{ label: 0 | 1; frames: number } | null>(null);

  const save = useCallback(
    async (label: 0 | 1, seconds?: number) => {
      const el = ref.current;
      if (!el || el.readyState < 2) return;
      const timestampMs = Math.round((seconds ?? el.currentTime) * 1000);
      try {
        const encoded = await encodeForDataset(el);
        await postJson(apiPath("saveLabelledImage"), { label, source: "video", videoId: video.id, timestampMs, ...encoded });
        setMoments((m) => [...m, { timestampMs, label }]);
      } catch {
        setFailed(true);
      }
    },
    [video.id],
  );

  const step = useCallback(
    (frames: number) => {
      const el = ref.current;
      if (!el) return;
      el.pause();
      el.currentTime = Math.min(Math.max(0, el.currentTime + frames / fps), el.duration || Infinity);
    },
    [fps],
  );

  const startHold = useCallback(
    (label: 0 | 1) => {
      const el = ref.current;
      if (!el) return;
      void save(label);
      if (el.paused) return;
      hold.current = { label, frames: 0 };
      setHolding(label);
      const onFrame = (_now: number, meta: VideoFrameCallbackMetadata) => {
        const h = hold.current;
        if (!h || h.label !== label) return;
        h.frames++;
        if (h.frames % everyN === 0) void save(label, meta.mediaTime);
        el.requestVideoFrameCallback(onFrame);
      };
      el.requestVideoFrameCallback(onFrame);
    },
    [save, everyN],
  );

  useEffect(() => {
    const typing = (e: KeyboardEvent) => e.target instanceof HTMLElement && /^(INPUT|SELECT|TEXTAREA)$/.test(e.target.tagName);
    const down = (e: KeyboardEvent) => {
      if (typing(e) || e.ctrlKey || e.metaKey || e.altKey) return;
      const label = KEYS[e.key.toLowerCase()];
      if (label !== undefined) {
        e.preventDefault();
        if (!e.repeat) startHold(label);
      } else if (e.key === " ") {
        e.preventDefault();
        const el = ref.current;
        if (el) void (el.paused ? el.play() : el.pause());
      } else if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
        e.preventDefault();
        step(e.key === "ArrowLeft" ? -1 : 1);
      }
    };
    const up = (e: KeyboardEvent) => {
      if (KEYS[e.key.toLowerCase()] !== undefined) {
        hold.current = null;
        setHolding(null);
      }
    };
    window.addEventListener("keydown", down);
    window.addEventListener("keyup", up);
    return () => {
      window.removeEventListener("keydown", down);
      window.removeEventListener("keyup", up);
    };
  }, [startHold, step]);

  const stretches = labelledStretches(moments, Math.max(1000, ((everyN * 2) / fps) * 1000));
  const pct = (ms: number) => (duration ? `${Math.min(100, (ms / 1000 / duration) * 100)}%` : "0%");
  const number = "w-20 rounded border border-slate-300 px-2 py-1";

  return (
    <div className="space-y-3">
      <video
        ref={ref}
        src={video.url}
        preload="auto"
        muted
        playsInline
        className="w-full max-w-3xl rounded bg-black"
        data-testid="labelling-video"
        onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
        onSeeked={(e) => setTime(e.currentTarget.currentTime)}
        onLoadedMetadata={(e) => setDuration(e.currentTarget.duration)}
        onDurationChange={(e) => setDuration(e.currentTarget.duration)}
        onPlay={() => setPlaying(true)}
        onPause={() => {
          setPlaying(false);
          hold.current = null;
          setHolding(null);
        }}
      />
      {/* Clicking the timeline seeks; from the keyboard, the frame-step keys and the video's own controls do. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events */}
      <div
        className="relative h-6 w-full max-w-3xl cursor-pointer rounded bg-slate-200"
        data-testid="timeline"
        role="slider"
        aria-label={t("labeller.timeline")}
        aria-valuemin={0}
        aria-valuemax={Math.round(duration)}
        aria-valuenow={Math.round(time)}
        tabIndex={-1}
        onClick={(e) => {
          const box = e.currentTarget.getBoundingClientRect();
          if (ref.current && duration) ref.current.currentTime = ((e.clientX - box.left) / box.width) * duration;
        }}
      >
        {stretches.map((s) => (
          <Styled
            as="span"
            key={`${s.label}-${s.startMs}`}
            data-testid="timeline-stretch"
            data-label={s.label}
            title={`${t(s.label === 1 ? "label.inEar" : "label.notInEar")}: ${s.count}`}
            className={`absolute top-1 h-4 min-w-[3px] rounded-sm ${s.label === 1 ? "bg-emerald-600" : "bg-slate-700"}`}
            cssom={{ left: pct(s.startMs), width: `calc(${pct(s.endMs - s.startMs)} + 3px)` }}
          />
        ))}
        <Styled as="span" className="absolute top-0 h-6 w-0.5 bg-red-600" cssom={{ left: pct(time * 1000) }} aria-hidden="true" />
      </div>
      <p className="text-sm tabular-nums" data-testid="labeller-time">
        {t("labeller.position", { time: time.toFixed(2), duration: duration ? duration.toFixed(2) : "–", frame: Math.round(time * fps) })}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" variant="secondary" onClick={() => step(-1)}>
          {t("labeller.previousFrame")}
        </Button>
        <Button type="button" variant="secondary" onClick={() => ref.current && (ref.current.paused ? ref.current.play() : ref.current.pause())}>
          {playing ? t("labeller.pause") : t("labeller.play")}
        </Button>
        <Button type="button" variant="secondary" onClick={() => step(1)}>
          {t("labeller.nextFrame")}
        </Button>
        <Button type="button" onClick={() => save(1)} data-testid="label-in-ear">
          {t("labeller.labelInEar")}
        </Button>
        <Button type="button" onClick={() => save(0)} data-testid="label-not-in-ear">
          {t("labeller.labelNotInEar")}
        </Button>
      </div>
      <div className="flex flex-wrap gap-4 text-sm">
        <label className="flex items-center gap-2">
          {t("labeller.fps")}
          <input type="number" min={1} max={120} className={number} value={fps} onChange={(e) => setFps(Math.max(1, Number(e.target.value) || 25))} />
        </label>
        <label className="flex items-center gap-2">
          {t("labeller.everyN")}
          <input type="number" min={1} max={100} className={number} value={everyN} onChange={(e) => setEveryN(Math.max(1, Number(e.target.value) || 1))} />
        </label>
      </div>
      <p className="text-sm" aria-live="polite" data-testid="labelled-count">
        {t("labeller.count", { n: moments.length })}
        {holding !== null ? ` ${t("labeller.holding", { label: t(holding === 1 ? "label.inEar" : "label.notInEar") })}` : null}
        {failed ? ` ${t("labeller.failed")}` : null}
      </p>
      <p className="max-w-3xl text-sm text-slate-700">{t("labeller.help")}</p>
    </div>
  );
}
