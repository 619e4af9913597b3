/**
 * Stills for the recorder: while recording, keep a sample of frames (every `everyMs`) with their in-ear
 * probability; after recording, propose the sharpest in-ear ones as JPEG blobs, each with its score and the
 * model version that scored it (what a stored medium keeps). Sharpness is measured on a copy at most 320 pixels
 * wide (enough to rank frames, and cheap); the proposed still itself is the frame at the camera's full resolution,
 * like a still taken by hand. Memory stays bounded: at most `maxFrames` frames are kept (thinned to every other
 * frame, and sampled half as often, when full), each full frame as a JPEG rather than raw pixels (a 1280×720 JPEG
 * is some 100 KB, its pixels 3.7 MB).
 */
import type * as tf from "@tensorflow/tfjs";
import { type CandidateFrame, proposeSharpestInEarFrames } from "../sharpness";
import { inputReader, readFrame, type Rgba } from "./frames";
import { videoFrameJpeg } from "~/lib/video-frame";
import { loadMl } from "./load-ml";

/** A sampled frame: the small copy for sharpness, and (`ref`) the full frame's JPEG on its way. */
type Sample = CandidateFrame<Promise<Blob>> & { frame: Rgba };

export type StillProposal = { blob: Blob; probability: number; sharpness: number; timeMs: number; modelVersionId: string };

export class StillCollector {
  private frames: Sample[] = [];
  private readonly read = inputReader();
  private last = -Infinity;
  private everyMs: number;
  private readonly maxFrames: number;

  constructor(
    private readonly model: tf.LayersModel,
    private readonly modelVersionId: string,
    options: { everyMs?: number; maxFrames?: number } = {},
  ) {
    this.everyMs = options.everyMs ?? 250;
    this.maxFrames = options.maxFrames ?? 120;
  }

  /** Call on each animation frame while recording; samples at most one frame per `everyMs`. */
  async sample(video: HTMLVideoElement, timeMs: number): Promise<void> {
    if (timeMs - this.last < this.everyMs || video.readyState < 2) return;
    this.last = timeMs;
    // One moment for all three: the model's input, the small copy for sharpness and the full frame are read before
    // anything is awaited (the video moves on meanwhile). A failed encoding fails only that proposal.
    const input = this.read(video);
    const frame = readFrame(video);
    const full = videoFrameJpeg(video);
    full.catch(() => undefined);
    const probability = await (await loadMl()).scoreRgba(this.model, input);
    this.frames.push({ frame, ref: full, probability, timeMs });
    if (this.frames.length > this.maxFrames) {
      this.frames = this.frames.filter((_, i) => i % 2 === 0);
      this.everyMs *= 2;
    }
  }

  async propose(options: { count?: number; threshold?: number; minGapMs?: number } = {}): Promise<StillProposal[]> {
    const chosen = proposeSharpestInEarFrames(this.frames, options);
    const proposals = await Promise.all(
      chosen.map(async (c) => {
        const blob = await c.ref?.catch(() => null);
        return blob ? { blob, probability: c.probability, sharpness: c.sharpness, timeMs: c.timeMs, modelVersionId: this.modelVersionId } : null;
      }),
    );
    return proposals.filter((p): p is StillProposal => p !== null);
  }

  clear(): void {
    this.frames = [];
    this.last = -Infinity;
  }
}
