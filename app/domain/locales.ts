/**
 * Languages and the "prefix except default" URL strategy: Dutch has no prefix, the others do.
 * Pure functions, used by the route table, the server and the browser alike.
 */

export const LOCALES = ["nl", "en", "de", "fr"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "nl";
export const PREFIXED_LOCALES = LOCALES.filter((l) => l !== DEFAULT_LOCALE) as Exclude<Locale, "nl">[];

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The locale a path belongs to, and the path without its locale prefix (always starting with "/"). */
export function splitLocalePath(pathname: string): { locale: Locale; path: string } {
  const match = /^\/(en|de|fr)(\/.*)?$/.exec(pathname);
  if (match) return { locale: match[1] as Locale, path: match[2] || "/" };
  return { locale: DEFAULT_LOCALE, path: pathname || "/" };
}

export function localeFromPath(pathname: string): Locale {
  return splitLocalePath(pathname).locale;
}

/** Prefix an unprefixed path ("/admin") for a locale: "/admin" in Dutch, "/en/admin" in English. */
export function localizePath(path: string, locale: Locale): string {
  const clean = path.startsWith("/") ? path : `/${path}`;
  if (locale === DEFAULT_LOCALE) return clean;
  return clean === "/" ? `/${locale}` : `/${locale}${clean}`;
}

/** The same page in another language, keeping the query string and hash. */
export function switchLocalePath(pathname: string, search: string, hash: string, target: Locale): string {
  return localizePath(splitLocalePath(pathname).path, target) + search + hash;
}

/**
 * The best of our locales for an Accept-Language header, or null when none of ours is acceptable.
 * Follows RFC 9110 quality values; "en-GB" matches "en"; q=0 means "not acceptable".
 */
export function negotiateLocale(acceptLanguage: string | null | undefined): Locale | null {
  if (!acceptLanguage) return null;
  const ranges = acceptLanguage
    .split(",")
    .map((part, order) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number.parseFloat(q.slice(2)) : 1;
      return { tag: tag.trim().toLowerCase(), quality: Number.isFinite(quality) ? quality : 0, order };
    })
    .filter((r) => r.tag && r.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.order - b.order);
  for (const range of ranges) {
    const primary = range.tag.split("-")[0];
    if (isLocale(primary)) return primary;
  }
  return null;
}
