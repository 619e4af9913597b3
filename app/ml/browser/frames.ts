/**
 * Frames from video elements, images and files, in the shapes the model and the store want: the model's input
 * is the whole frame scaled to 64×64 by the browser's canvas (the same scaling for live frames and for the
 * stored thumbnails the model trains on), stored images are JPEGs of at most 640 pixels wide.
 */
import { INPUT_SIZE } from "../input-size";
import { toBase64 } from "./post-json";
import { http } from "~/lib/http";

export type Rgba = { data: Uint8ClampedArray; width: number; height: number };

const STORED_MAX_WIDTH = 640;

function canvas(width: number, height: number): { canvas: HTMLCanvasElement; ctx: CanvasRenderingContext2D } {
  const c = document.createElement("canvas");
  c.width = width;
  c.height = height;
  const ctx = c.getContext("2d", { willReadFrequently: true });
  if (!ctx) throw new Error("2D canvas unavailable");
  return { canvas: c, ctx };
}

export function sourceSize(source: HTMLVideoElement | HTMLImageElement | ImageBitmap | HTMLCanvasElement): { width: number; height: number } {
  if (source instanceof HTMLVideoElement) return { width: source.videoWidth, height: source.videoHeight };
  if (source instanceof HTMLImageElement) return { width: source.naturalWidth, height: source.naturalHeight };
  return { width: source.width, height: source.height };
}

/** A reusable 64×64 reader, for loops that read many frames (no canvas per frame). */
export function inputReader(size = INPUT_SIZE): (source: CanvasImageSource) => Rgba {
  const { ctx } = canvas(size, size);
  return (source) => {
    ctx.drawImage(source, 0, 0, size, size);
    const image = ctx.getImageData(0, 0, size, size);
    return { data: image.data, width: size, height: size };
  };
}

/** A frame at full size (for sharpness, which the 64×64 input would blur away), at most `maxWidth` wide. */
export function readFrame(source: HTMLVideoElement | HTMLImageElement | ImageBitmap | HTMLCanvasElement, maxWidth = 320): Rgba {
  const { width, height } = sourceSize(source);
  const scale = Math.min(1, maxWidth / width);
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const { ctx } = canvas(w, h);
  ctx.drawImage(source, 0, 0, w, h);
  return { data: ctx.getImageData(0, 0, w, h).data, width: w, height: h };
}

export function rgbaToRgb(data: Uint8ClampedArray): Uint8Array {
  const rgb = new Uint8Array((data.length / 4) * 3);
  for (let i = 0, j = 0; i < data.length; i += 4, j += 3) {
    rgb[j] = data[i];
    rgb[j + 1] = data[i + 1];
    rgb[j + 2] = data[i + 2];
  }
  return rgb;
}

/** RGB bytes (as the synthetic generator makes) drawn onto a canvas, for showing them. */
export function rgbToCanvas(rgb: Uint8Array, size: number, target?: HTMLCanvasElement): HTMLCanvasElement {
  const c = target ?? document.createElement("canvas");
  c.width = size;
  c.height = size;
  const ctx = c.getContext("2d")!;
  const image = ctx.createImageData(size, size);
  for (let i = 0, j = 0; j < rgb.length; i += 4, j += 3) {
    image.data[i] = rgb[j];
    image.data[i + 1] = rgb[j + 1];
    image.data[i + 2] = rgb[j + 2];
    image.data[i + 3] = 255;
  }
  ctx.putImageData(image, 0, 0);
  return c;
}

async function jpegBase64(c: HTMLCanvasElement, quality: number): Promise<string> {
  const blob = await new Promise<Blob | null>((resolve) => c.toBlob(resolve, "image/jpeg", quality));
  if (!blob) throw new Error("JPEG encoding failed");
  return toBase64(new Uint8Array(await blob.arrayBuffer()));
}

/** The stored image and its 64×64 thumbnail (the model's input), as base64 JPEGs for POST /api/ml/images. */
export async function encodeForDataset(source: HTMLVideoElement | HTMLImageElement | ImageBitmap | HTMLCanvasElement) {
  const { width, height } = sourceSize(source);
  const scale = Math.min(1, STORED_MAX_WIDTH / width);
  const full = canvas(Math.round(width * scale), Math.round(height * scale));
  full.ctx.drawImage(source, 0, 0, full.canvas.width, full.canvas.height);
  const thumb = canvas(INPUT_SIZE, INPUT_SIZE);
  thumb.ctx.drawImage(source, 0, 0, INPUT_SIZE, INPUT_SIZE);
  return { image: await jpegBase64(full.canvas, 0.85), thumbnail: await jpegBase64(thumb.canvas, 0.92), width, height };
}

/** Decodes an image URL (a stored thumbnail) to RGB bytes at the model's input size. */
export async function imageUrlToRgb(url: string, read = inputReader()): Promise<Uint8Array> {
  const response = await http.raw<Blob>(url, { responseType: "blob" });
  if (!response.ok || !response._data) throw new Error(`${url}: HTTP ${response.status}`);
  const bitmap = await createImageBitmap(response._data);
  const rgba = read(bitmap);
  bitmap.close();
  return rgbaToRgb(rgba.data);
}
