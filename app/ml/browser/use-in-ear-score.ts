/**
 * Live in-ear probability of a playing <video>, for the live page and the recorder: one prediction per animation
 * frame, never two at once, and no tensor left behind (scoreRgba tidies). fps counts predictions over the last
 * second. Stops when the component unmounts or the model changes.
 */
import type * as tf from "@tensorflow/tfjs";
import { type RefObject, useEffect, useState } from "react";
import { inputReader } from "./frames";
import { loadMl } from "./load-ml";

export type InEarScore = { probability: number | null; fps: number; frames: number };

export function useInEarScore(videoRef: RefObject<HTMLVideoElement | null>, options: { model: tf.LayersModel | null; enabled?: boolean }): InEarScore {
  const { model, enabled = true } = options;
  const [score, setScore] = useState<InEarScore>({ probability: null, fps: 0, frames: 0 });

  useEffect(() => {
    if (!model || !enabled) return;
    let stopped = false;
    let raf = 0;
    const read = inputReader();
    let frames = 0;
    let windowStart = performance.now();
    let windowFrames = 0;
    let fps = 0;
    let scoreRgba: Awaited<ReturnType<typeof loadMl>>["scoreRgba"] | null = null;
    const tick = async () => {
      if (stopped) return;
      scoreRgba ??= (await loadMl()).scoreRgba;
      const video = videoRef.current;
      if (video && video.readyState >= 2 && video.videoWidth > 0) {
        const probability = await scoreRgba(model, read(video));
        if (stopped) return;
        frames++;
        windowFrames++;
        const now = performance.now();
        if (now - windowStart >= 1000) {
          fps = (windowFrames * 1000) / (now - windowStart);
          windowStart = now;
          windowFrames = 0;
        }
        setScore({ probability, fps, frames });
      }
      raf = requestAnimationFrame(tick);
    };
    raf = requestAnimationFrame(tick);
    return () => {
      stopped = true;
      cancelAnimationFrame(raf);
    };
  }, [model, enabled, videoRef]);

  return score;
}
