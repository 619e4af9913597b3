/**
 * Synthetic clips for manual testing and for uploading as test videos: one in-ear and one not-in-ear clip as
 * y4m (Chromium's fake camera plays these) and, when Debian's ffmpeg is installed, the same clips as webm (VP9)
 * and mp4 (H.264), which play and seek in a <video> element. ffmpeg is optional: without it only y4m is written.
 */
import { spawnSync } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { IN_EAR, NOT_IN_EAR, syntheticClip } from "../../app/ml/synthetic/dataset";
import { encodeY4m } from "../../app/ml/synthetic/y4m";

const SIZE = 256;
const FRAMES = 125; // 5 s at 25 fps

export async function main(outDir = path.resolve(process.argv[2] ?? "data/clips")): Promise<void> {
  await mkdir(outDir, { recursive: true });
  const hasFfmpeg = spawnSync("ffmpeg", ["-version"], { stdio: "ignore" }).status === 0;
  for (const [name, label, seed] of [["in-ear", IN_EAR, 7001], ["not-in-ear", NOT_IN_EAR, 7002]] as const) {
    const y4m = path.join(outDir, `${name}.y4m`);
    await writeFile(y4m, encodeY4m(syntheticClip({ seed, label, frames: FRAMES, size: SIZE }), SIZE, SIZE, 25));
    console.log(`wrote ${y4m}`);
    if (!hasFfmpeg) continue;
    for (const [ext, codec] of [["webm", ["-c:v", "libvpx-vp9", "-b:v", "0", "-crf", "35"]], ["mp4", ["-c:v", "libx264", "-pix_fmt", "yuv420p"]]] as const) {
      const out = path.join(outDir, `${name}.${ext}`);
      const run = spawnSync("ffmpeg", ["-y", "-loglevel", "error", "-i", y4m, ...codec, out], { stdio: "inherit" });
      console.log(run.status === 0 ? `wrote ${out}` : `ffmpeg failed for ${out}`);
    }
  }
  if (!hasFfmpeg) console.log("ffmpeg not found: only y4m written (apt-get install ffmpeg for webm and mp4).");
}
