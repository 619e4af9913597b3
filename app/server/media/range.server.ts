/** HTTP byte ranges (RFC 9110 §14) for media downloads: one range per request, which is what players ask for. */
import type { ByteRange } from "../storage/object-store.server";

/**
 * The range a `Range` header asks for within `size` bytes: null to send the whole object (no header, several
 * ranges, or a unit we do not serve), "unsatisfiable" for 416.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | "unsatisfiable" {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first, last] = match;
  if (first === "" && last === "") return null;
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0) return "unsatisfiable";
    return size === 0 ? "unsatisfiable" : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return "unsatisfiable";
  return { start, end };
}
