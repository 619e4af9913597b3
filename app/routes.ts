/**
 * React Router's route config, generated from the seed's route table (app/domain/route-table.ts) for every
 * locale: Dutch unprefixed, the others under /en, /de, /fr. Route ids are the table keys, with ".en" etc.
 * appended for the prefixed locales, so `authorize(args, key)` and the table always agree.
 */
import { type RouteConfig, type RouteConfigEntry, index, layout, prefix, route } from "@react-router/dev/routes";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "./domain/locales";
import { type LayoutName, ROUTES, type RouteEntry } from "./domain/route-table";

const LAYOUTS: LayoutName[] = ["default", "documentation", "full", "sidebar", "sidebar-copy"];

function idSuffix(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? "" : `.${locale}`;
}

function pagesOf(locale: Locale): RouteConfigEntry[] {
  const suffix = idSuffix(locale);
  const entries = Object.entries(ROUTES) as [string, RouteEntry][];
  const byLayout = LAYOUTS.map((name) =>
    layout(
      `layouts/${name}.tsx`,
      { id: `layout-${name}${suffix}` },
      entries
        .filter(([, entry]) => entry.layout === name)
        .map(([key, entry]) =>
          entry.path === "" ? index(entry.file, { id: `${key}${suffix}` }) : route(entry.path, entry.file, { id: `${key}${suffix}` }),
        ),
    ),
  );
  // Anything else under this locale is a 404 page in this locale's language.
  return [...byLayout, route("*", "routes/errors/not-found.tsx", { id: `not-found${suffix}` })];
}

export default [
  ...pagesOf(DEFAULT_LOCALE),
  ...LOCALES.filter((l) => l !== DEFAULT_LOCALE).flatMap((locale) => prefix(locale, pagesOf(locale))),
  // "/nl/..." is not a second address for Dutch pages: it redirects to the unprefixed one.
  route("nl/*", "routes/errors/dutch-prefix.tsx", { id: "dutch-prefix" }),
  route("sign-out", "routes/auth/sign-out.ts", { id: "sign-out" }),
] satisfies RouteConfig;
