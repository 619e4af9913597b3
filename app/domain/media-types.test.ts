import { describe, expect, it } from "vitest";
import { JPEG_HEAD, MOV_HEAD, MP4_HEAD, PNG_HEAD, WEBM_HEAD, WEBP_HEAD } from "../../tests/support/media-bytes";
import { claimedKind, sniffMediaType } from "./media-types";

describe("sniffMediaType", () => {
  it.each([
    [WEBM_HEAD, "video", "video/webm"],
    [MP4_HEAD, "video", "video/mp4"],
    [MOV_HEAD, "video", "video/quicktime"],
    [JPEG_HEAD, "image", "image/jpeg"],
    [PNG_HEAD, "image", "image/png"],
    [WEBP_HEAD, "image", "image/webp"],
  ])("recognises %#", (bytes, kind, contentType) => {
    expect(sniffMediaType(bytes)).toEqual({ kind, contentType });
  });

  it("refuses what Casus does not accept, whatever it is called", () => {
    expect(sniffMediaType(Buffer.from("%PDF-1.7 not a video"))).toBeNull();
    expect(sniffMediaType(Buffer.from("GIF89a......"))).toBeNull();
    expect(sniffMediaType(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88, ...Buffer.from("matroska")]))).toBeNull();
    expect(sniffMediaType(Buffer.from([0, 0, 0, 0x18, ...Buffer.from("ftypheic")]))).toBeNull();
    expect(sniffMediaType(Buffer.alloc(0))).toBeNull();
  });

  it("reads the claimed kind of a declared type", () => {
    expect(claimedKind("video/webm;codecs=vp8")).toBe("video");
    expect(claimedKind("image/png")).toBe("image");
    expect(claimedKind("application/pdf")).toBeNull();
    expect(claimedKind(undefined)).toBeNull();
  });
});
