/** Byte strings that start like real media files (magic numbers), for upload tests. */
import crypto from "node:crypto";

/** An EBML header with DocType "webm", as MediaRecorder's files begin. */
export const WEBM_HEAD = Buffer.from([
  0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84,
  ...Buffer.from("webm"), 0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02,
]);
export const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, ...Buffer.from("IHDR")]);
export const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, ...Buffer.from("JFIF"), 0]);
export const MP4_HEAD = Buffer.from([0, 0, 0, 0x20, ...Buffer.from("ftypisom"), 0, 0, 2, 0, ...Buffer.from("isomiso2avc1mp41")]);
export const MOV_HEAD = Buffer.from([0, 0, 0, 0x14, ...Buffer.from("ftypqt  "), 0, 0, 2, 0, ...Buffer.from("qt  ")]);
export const WEBP_HEAD = Buffer.from([...Buffer.from("RIFF"), 0x24, 0, 0, 0, ...Buffer.from("WEBPVP8 ")]);

/** `head` followed by random bytes up to `size`. */
export function fakeMedia(head: Buffer, size: number): Buffer {
  const bytes = crypto.randomBytes(size);
  head.copy(bytes, 0, 0, Math.min(head.length, size));
  return bytes;
}

export function sha256(bytes: Buffer): string {
  return crypto.createHash("sha256").update(bytes).digest("hex");
}

/** tus Upload-Metadata: comma-separated "key base64(value)". */
export function tusMetadata(values: Record<string, string>): string {
  return Object.entries(values)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString("base64")}`)
    .join(",");
}
