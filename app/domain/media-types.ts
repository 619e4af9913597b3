/**
 * Which media Casus accepts, recognised from the bytes (magic numbers), never from a file name or a declared
 * type: video mp4, webm, mov; image jpeg, png, webp. Shared by the server (the first bytes of every upload) and
 * the browser (to refuse early). Own sniffing instead of the file-type package: its current version needs Node 22.
 */

export type MediaKind = "video" | "image";

export interface SniffedType {
  kind: MediaKind;
  contentType: string;
}

/** Enough bytes for every signature below (webm's DocType sits within the EBML header's first few dozen bytes). */
export const SNIFF_BYTES = 64;

export const ACCEPTED_CONTENT_TYPES = ["video/mp4", "video/webm", "video/quicktime", "image/jpeg", "image/png", "image/webp"] as const;

function ascii(bytes: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(start, start + length));
}

function startsWith(bytes: Uint8Array, signature: number[], at = 0): boolean {
  return bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);
}

/** The accepted type these bytes begin with, or null (unknown, or not one Casus accepts). */
export function sniffMediaType(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { kind: "image", contentType: "image/jpeg" };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: "image", contentType: "image/png" };
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return { kind: "image", contentType: "image/webp" };
  // EBML header: webm is Matroska with DocType "webm" (plain Matroska .mkv is not accepted).
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) {
    const docTypeAt = indexOf(bytes, [0x42, 0x82]);
    if (docTypeAt >= 0 && ascii(bytes, docTypeAt + 3, 4) === "webm") return { kind: "video", contentType: "video/webm" };
    return null;
  }
  // ISO base media: a box of type "ftyp" first; the major brand tells QuickTime from MP4.
  if (bytes.length >= 12 && ascii(bytes, 4, 4) === "ftyp") {
    const brand = ascii(bytes, 8, 4);
    if (brand === "qt  ") return { kind: "video", contentType: "video/quicktime" };
    if (/^(isom|iso[2-9a-z]|mp4[12v]|avc1|dash|M4V |M4VP|MSNV|NDAS|f4v |3gp[4-9]|3g2[a-c]|mmp4)$/.test(brand)) {
      return { kind: "video", contentType: "video/mp4" };
    }
    return null;
  }
  // Older QuickTime files may start with another atom (moov, mdat, wide, free, skip, pnot).
  if (bytes.length >= 8 && ["moov", "mdat", "wide", "free", "skip", "pnot"].includes(ascii(bytes, 4, 4))) {
    return { kind: "video", contentType: "video/quicktime" };
  }
  return null;
}

function indexOf(bytes: Uint8Array, needle: number[]): number {
  for (let i = 0; i + needle.length <= bytes.length; i++) if (startsWith(bytes, needle, i)) return i;
  return -1;
}

/** The kind a declared content type claims (video/…, image/…), or null. */
export function claimedKind(contentType: string | null | undefined): MediaKind | null {
  if (!contentType) return null;
  if (contentType.startsWith("video/")) return "video";
  if (contentType.startsWith("image/")) return "image";
  return null;
}
