/**
 * The recorder with the in-ear model plugged in (issue 7 point 8): a live in-ear indicator over the picture;
 * while recording, frames are sampled and scored; after recording the sharpest in-ear frames are proposed as
 * stills (the user keeps the ones to upload). Every kept clip or still comes with its in-ear score and the model
 * version that gave it: a still its own probability, a clip the mean probability over the recording.
 *
 * TensorFlow.js loads only when this component mounts (useModel → loadMl), never with the page's first script.
 * Without a model (still loading, or none active) the recorder works as before, without scores.
 */
import type * as tf from "@tensorflow/tfjs";
import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { InEarIndicator } from "~/ml/browser/in-ear-indicator";
import { inputReader } from "~/ml/browser/frames";
import { loadMl } from "~/ml/browser/load-ml";
import { StillCollector } from "~/ml/browser/still-proposals";
import { useInEarScore } from "~/ml/browser/use-in-ear-score";
import { useModel } from "~/ml/browser/use-model";
import { type RecordedClip, Recorder } from "./recorder";

export interface InEarFacts {
  inEarScore: number;
  modelVersion: string;
}

export interface InEarRecorderProps {
  onKeepClip: (clip: RecordedClip, facts: InEarFacts | null) => void;
  onKeepStill: (still: Blob, facts: InEarFacts | null) => void;
  /** How many stills to propose after a recording. */
  proposals?: number;
  /** Open the camera at once: the tap that showed the recorder was the request (the dossier's "Record"). */
  autoStart?: boolean;
}

const THRESHOLD = 0.5;

function Overlay({ video, model, synthetic, onFrame }: { video: HTMLVideoElement; model: tf.LayersModel; synthetic: boolean; onFrame: (probability: number) => void }) {
  const ref = useMemo(() => ({ current: video }), [video]);
  const score = useInEarScore(ref, { model });
  useEffect(() => {
    if (score.probability !== null) onFrame(score.probability);
    // One call per scored frame.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [score.frames]);
  return <InEarIndicator probability={score.probability} threshold={THRESHOLD} fps={score.fps} synthetic={synthetic} />;
}

/** Scores a still taken by hand (its own probability, like the proposed ones). */
async function scoreStill(model: tf.LayersModel, blob: Blob): Promise<number | null> {
  try {
    const bitmap = await createImageBitmap(blob);
    const probability = await (await loadMl()).scoreRgba(model, inputReader()(bitmap));
    bitmap.close();
    return probability;
  } catch {
    return null;
  }
}

export function InEarRecorder({ onKeepClip, onKeepStill, proposals = 3, autoStart }: InEarRecorderProps) {
  // The indicator's messages load before the recorder first shows: after a client-side navigation they may not be
  // there yet, and loading them only when the model arrives would hide the live picture for a moment.
  useTranslation(["media", "ml"]);
  const { model, info, error } = useModel("active");
  const collector = useMemo(() => (model && info ? new StillCollector(model, info.id) : null), [model, info]);
  const recording = useRef(false);
  const stats = useRef({ sum: 0, count: 0 });
  const lastClip = useRef<InEarFacts | null>(null);
  const stillFacts = useRef(new WeakMap<Blob, InEarFacts>());
  const videoRef = useRef<HTMLVideoElement | null>(null);

  const onFrame = (probability: number) => {
    if (!recording.current) return;
    stats.current.sum += probability;
    stats.current.count++;
    if (collector && videoRef.current) void collector.sample(videoRef.current, performance.now()).catch(() => undefined);
  };

  return (
    <div data-testid="in-ear-recorder" data-model={model ? "ready" : error ? "unavailable" : "loading"} title={error ?? undefined}>
      <Recorder
        autoStart={autoStart}
        renderOverlay={(video) => {
          videoRef.current = video;
          return model ? <Overlay video={video} model={model} synthetic={info?.synthetic ?? false} onFrame={onFrame} /> : null;
        }}
        onRecordingChange={(now) => {
          recording.current = now;
          if (now) {
            collector?.clear();
            stats.current = { sum: 0, count: 0 };
            lastClip.current = null;
          } else if (info && stats.current.count > 0) {
            lastClip.current = { inEarScore: stats.current.sum / stats.current.count, modelVersion: info.id };
          }
        }}
        proposeStills={async () => {
          if (!collector) return [];
          const proposed = await collector.propose({ count: proposals, threshold: THRESHOLD });
          for (const p of proposed) stillFacts.current.set(p.blob, { inEarScore: p.probability, modelVersion: p.modelVersionId });
          return proposed.map((p) => p.blob);
        }}
        onKeepClip={(clip) => onKeepClip(clip, lastClip.current)}
        onKeepStill={(still) => {
          const known = stillFacts.current.get(still);
          if (known || !model || !info) return onKeepStill(still, known ?? null);
          void scoreStill(model, still).then((p) => onKeepStill(still, p === null ? null : { inEarScore: p, modelVersion: info.id }));
        }}
      />
    </div>
  );
}
