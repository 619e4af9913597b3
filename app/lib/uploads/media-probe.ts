/**
 * Facts the browser can tell about a medium before uploading it: a video's duration, size and poster frame; an
 * image's size and thumbnail. Made here because the browser already decodes the file; the server stores them.
 */

export interface Probe {
  kind: "video" | "image";
  durationMs: number | null;
  width: number | null;
  height: number | null;
  /** JPEG poster frame (video) or thumbnail (image); null when the browser could not decode the file. */
  preview: Blob | null;
}

const POSTER_MAX_WIDTH = 640;
const THUMBNAIL_MAX_WIDTH = 320;
const PROBE_TIMEOUT_MS = 15_000;

function once(target: EventTarget, event: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${event}`)), PROBE_TIMEOUT_MS);
    target.addEventListener(event, () => (clearTimeout(timer), resolve()), { once: true });
    target.addEventListener("error", () => (clearTimeout(timer), reject(new Error("the browser cannot decode this file"))), { once: true });
  });
}

function toJpeg(source: CanvasImageSource, width: number, height: number, maxWidth: number): Promise<Blob | null> {
  const scale = Math.min(1, maxWidth / width);
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  canvas.getContext("2d")?.drawImage(source, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.82));
}

/**
 * MediaRecorder's webm files carry no duration; seeking far past the end makes the browser find it
 * (a long-standing Chromium behaviour), after which the real first frame is sought again.
 */
async function videoDuration(video: HTMLVideoElement): Promise<number> {
  if (Number.isFinite(video.duration)) return video.duration;
  video.currentTime = 1e101;
  await once(video, "durationchange").catch(() => undefined);
  const duration = Number.isFinite(video.duration) ? video.duration : 0;
  video.currentTime = 0;
  await once(video, "seeked").catch(() => undefined);
  return duration;
}

export async function probeVideo(blob: Blob): Promise<Probe> {
  const url = URL.createObjectURL(blob);
  const video = document.createElement("video");
  video.muted = true;
  video.playsInline = true;
  video.preload = "auto";
  try {
    video.src = url;
    await once(video, "loadedmetadata");
    const duration = await videoDuration(video);
    // A frame a little way in: the very first frame of an otoscope recording is often black.
    video.currentTime = Math.min(0.5, duration / 2);
    await once(video, "seeked");
    const preview = await toJpeg(video, video.videoWidth, video.videoHeight, POSTER_MAX_WIDTH);
    return { kind: "video", durationMs: Math.round(duration * 1000), width: video.videoWidth, height: video.videoHeight, preview };
  } catch {
    return { kind: "video", durationMs: null, width: null, height: null, preview: null };
  } finally {
    video.removeAttribute("src");
    video.load();
    URL.revokeObjectURL(url);
  }
}

export async function probeImage(blob: Blob): Promise<Probe> {
  try {
    const bitmap = await createImageBitmap(blob);
    const preview = await toJpeg(bitmap, bitmap.width, bitmap.height, THUMBNAIL_MAX_WIDTH);
    const probe: Probe = { kind: "image", durationMs: null, width: bitmap.width, height: bitmap.height, preview };
    bitmap.close();
    return probe;
  } catch {
    return { kind: "image", durationMs: null, width: null, height: null, preview: null };
  }
}

export function probe(blob: Blob): Promise<Probe | null> {
  if (blob.type.startsWith("video/")) return probeVideo(blob);
  if (blob.type.startsWith("image/")) return probeImage(blob);
  return Promise.resolve(null);
}
