/** Sizes, speeds and durations for people, in the page's language. */
import { numberFormatter } from "./formatters";

const UNITS = ["B", "kB", "MB", "GB", "TB"];

/**
 * Steps of 1024, as the size limits are set (MEDIA_MAX_VIDEO_MB = 1024 is "1 GB", not "1.1 GB") and as most
 * file managers show sizes.
 */
export function formatBytes(bytes: number, locale: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${numberFormatter(locale, { maximumFractionDigits: value < 10 && unit > 0 ? 1 : 0 }).format(value)} ${UNITS[unit]}`;
}

/** 75 → "1:15", 3725 → "1:02:05". */
export function formatSeconds(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = String(s % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}` : `${minutes}:${seconds}`;
}

/** Now as a file-name-safe stamp, e.g. "2026-11-21T10-25-48", for names of recorded clips and stills. */
export function fileStamp(): string {
  return new Date().toISOString().replace(/[:.]/g, "-").slice(0, 19);
}
