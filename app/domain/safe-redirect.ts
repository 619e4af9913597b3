/**
 * Redirect targets from user input (`redirectTo`) must stay on this site: a same-origin path, never
 * "//evil.example", "/\\evil.example", "https://…" or "javascript:…". Anything else is refused (null).
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
  return path.startsWith("//") ? null : path;
}
