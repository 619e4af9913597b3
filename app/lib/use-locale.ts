import { useLocation } from "react-router";
import { localizePath, splitLocalePath, type Locale } from "~/domain/locales";

/** The locale of the current URL. */
export function useLocale(): Locale {
  return splitLocalePath(useLocation().pathname).locale;
}

/** A function that prefixes unprefixed paths for the current locale. */
export function useLocalizedPath(): (path: string) => string {
  const locale = useLocale();
  return (path: string) => localizePath(path, locale);
}
