/**
 * Stills for the recorder: while recording, keep a sample of frames (every `everyMs`) with their in-ear
 * probability; after recording, propose the sharpest in-ear ones as JPEG blobs, each with its score and the
 * model version that scored it (what a stored medium keeps). Memory stays bounded: at most `maxFrames` frames
 * of at most 320 pixels wide are kept (thinned to every other frame, and sampled half as often, when full).
 * A still at full resolution can be taken from the recording at the proposal's `timeMs`.
 */
import type * as tf from "@tensorflow/tfjs";
import { proposeSharpestInEarFrames } from "../sharpness";
import { inputReader, readFrame, type Rgba } from "./frames";
import { loadMl } from "./load-ml";

export type StillProposal = { blob: Blob; probability: number; sharpness: number; timeMs: number; modelVersionId: string };

export class StillCollector {
  private frames: { frame: Rgba; probability: number; timeMs: number }[] = [];
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
    const probability = await (await loadMl()).scoreRgba(this.model, this.read(video));
    this.frames.push({ frame: readFrame(video), probability, timeMs });
    if (this.frames.length > this.maxFrames) {
      this.frames = this.frames.filter((_, i) => i % 2 === 0);
      this.everyMs *= 2;
    }
  }

  async propose(options: { count?: number; threshold?: number; minGapMs?: number } = {}): Promise<StillProposal[]> {
    const chosen = proposeSharpestInEarFrames(this.frames, options);
    return Promise.all(
      chosen.map(async (c) => {
        const canvas = document.createElement("canvas");
        canvas.width = c.frame.width;
        canvas.height = c.frame.height;
        canvas.getContext("2d")!.putImageData(new ImageData(new Uint8ClampedArray(c.frame.data), c.frame.width, c.frame.height), 0, 0);
        const blob = await new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("JPEG encoding failed"))), "image/jpeg", 0.9));
        return { blob, probability: c.probability, sharpness: c.sharpness, timeMs: c.timeMs, modelVersionId: this.modelVersionId };
      }),
    );
  }

  clear(): void {
    this.frames = [];
    this.last = -Infinity;
  }
}
