import { describe, expect, it } from "vitest";
import { MEDIA_URL_TTL_MS } from "~/domain/constants";
import { signMediaUrl, verifyMediaSignature } from "./signed-url.server";
import { parseRange } from "./range.server";

const SECRET = "a-test-secret-of-at-least-32-characters!";
const NOW = 1_800_000_000_000;

function parts(url: string) {
  const parsed = new URL(url, "http://x");
  const [, , , id, variant] = parsed.pathname.split("/");
  return { id, variant, expires: parsed.searchParams.get("expires")!, signature: parsed.searchParams.get("signature")! };
}

describe("signed media URLs", () => {
  it("verify until they expire, then report expired", () => {
    const url = parts(signMediaUrl("m-1", "file", { now: NOW, ttlMs: 60_000, secret: SECRET }));
    expect(verifyMediaSignature(url.id, url.variant, url.expires, url.signature, { now: NOW + 59_000, secret: SECRET })).toBeNull();
    expect(verifyMediaSignature(url.id, url.variant, url.expires, url.signature, { now: NOW + 61_000, secret: SECRET })).toBe("expired");
  });

  it("are the same for every signing within a minute, and never outlive their time to live", () => {
    // A revalidated page signs again: the same URL keeps a playing video playing.
    const first = signMediaUrl("m-1", "file", { now: NOW + 1_000, secret: SECRET });
    expect(signMediaUrl("m-1", "file", { now: NOW + 59_000, secret: SECRET })).toBe(first);
    expect(signMediaUrl("m-1", "file", { now: NOW + 61_000, secret: SECRET })).not.toBe(first);
    for (const offset of [0, 1, 30_000, 59_999]) {
      const expires = Number(parts(signMediaUrl("m-1", "file", { now: NOW + offset, secret: SECRET })).expires);
      expect(expires).toBeLessThanOrEqual(NOW + offset + MEDIA_URL_TTL_MS);
      expect(expires).toBeGreaterThan(NOW + offset + MEDIA_URL_TTL_MS - 60_000);
      // Replayed a moment past its time to live, it is refused.
      const url = parts(signMediaUrl("m-1", "file", { now: NOW + offset, secret: SECRET }));
      expect(verifyMediaSignature(url.id, url.variant, url.expires, url.signature, { now: NOW + offset + MEDIA_URL_TTL_MS + 1, secret: SECRET })).toBe("expired");
    }
  });

  it("refuse any change: another medium, variant, expiry, signature or secret", () => {
    const url = parts(signMediaUrl("m-1", "file", { now: NOW, secret: SECRET }));
    const check = (over: Partial<typeof url>, secret = SECRET) => {
      const u = { ...url, ...over };
      return verifyMediaSignature(u.id, u.variant, u.expires, u.signature, { now: NOW, secret });
    };
    expect(check({})).toBeNull();
    expect(check({ id: "m-2" })).toBe("invalid");
    expect(check({ variant: "poster" })).toBe("invalid");
    expect(check({ variant: "secret-file" })).toBe("invalid");
    expect(check({ expires: String(Number(url.expires) + 1000) })).toBe("invalid");
    expect(check({ signature: url.signature.slice(0, -1) + (url.signature.endsWith("A") ? "B" : "A") })).toBe("invalid");
    expect(check({ expires: "soon" })).toBe("invalid");
    expect(check({}, "another-secret-of-at-least-32-characters")).toBe("invalid");
    expect(verifyMediaSignature(url.id, url.variant, undefined, undefined, { now: NOW, secret: SECRET })).toBe("invalid");
  });
});

describe("parseRange", () => {
  it("reads single byte ranges as players send them", () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange("bytes=0-", 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange("bytes=10-19", 100)).toEqual({ start: 10, end: 19 });
    expect(parseRange("bytes=90-500", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=-10", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=-500", 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange("bytes=100-", 100)).toBe("unsatisfiable");
    expect(parseRange("bytes=20-10", 100)).toBe("unsatisfiable");
    expect(parseRange("bytes=0-1,5-6", 100)).toBeNull();
    expect(parseRange("items=0-1", 100)).toBeNull();
  });
});
