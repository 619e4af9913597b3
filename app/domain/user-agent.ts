/** A short, human description of a browser's user agent for the session list ("Chrome · Windows"). */
const BROWSERS: [RegExp, string][] = [
  [/Edg\//, "Edge"],
  [/OPR\//, "Opera"],
  [/Firefox\//, "Firefox"],
  [/HeadlessChrome\//, "Chrome (headless)"],
  [/Chrome\//, "Chrome"],
  [/Safari\//, "Safari"],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, "Android"],
  [/iPhone|iPad|iPod/, "iOS"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/CrOS/, "ChromeOS"],
  [/Linux/, "Linux"],
];

export function describeUserAgent(userAgent: string | null | undefined): { browser: string | null; system: string | null } {
  const ua = userAgent ?? "";
  return { browser: BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ?? null, system: SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? null };
}
