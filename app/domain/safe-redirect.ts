/**
 * Redirect targets from user input (`redirectTo`) must stay on this site: a same-origin path, never
 * "//evil.example", "/\\evil.example", "https://…" or "javascript:…" — nor any path that becomes one once
 * decoded ("/%2F%2Fevil.example", "/%5Cevil.example", double-encoded): a proxy, a framework or a later redirect may
 * decode it. Anything else is refused (null).
 */
const PROBE_ORIGIN = "http://casus.invalid";

export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return null;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  const path = url.pathname + url.search + url.hash;
  // Dot segments can collapse into a protocol-relative URL ("/.//evil.example" → "//evil.example"): check again.
  if (path.startsWith("//")) return null;
  return decodesToThisSite(url.pathname) ? path : null;
}

/** Decoding levels checked: each level of percent-encoding a chain of decoders could peel off. */
const DECODE_LEVELS = 3;

/** The path, decoded again and again, still starts on this site and holds no backslash or control character. */
function decodesToThisSite(pathname: string): boolean {
  let current = pathname;
  for (let level = 0; level < DECODE_LEVELS; level++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return false;
    }
    if (decoded === current) return true;
    if (decoded.startsWith("//") || /[\u0000-\u001f\u007f\\]/.test(decoded)) return false;
    // A dot segment spelled out by decoding can still collapse the path into "//host".
    if (new URL(decoded.replace(/%/g, "%25"), PROBE_ORIGIN).pathname.startsWith("//")) return false;
    current = decoded;
  }
  return !/%[0-9a-f]{2}/i.test(current);
}
