/**
 * i18next settings shared by server and browser. Namespaces are one JSON file per locale each
 * (app/i18n/locales/{locale}/{namespace}.json), served at /locales/{locale}/{namespace}.json.
 */
import type { InitOptions } from "i18next";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "~/domain/locales";

export const NAMESPACES = ["common", "auth", "errors", "email", "account", "dossier", "media", "password", "people", "ml", "dossier-log", "export", "reporting"] as const;
export type Namespace = (typeof NAMESPACES)[number];
export const DEFAULT_NAMESPACE: Namespace = "common";
/** Loaded on every page; routes name any others in `handle.i18n`. */
export const ALWAYS_LOADED: Namespace[] = ["common", "errors"];

export function isNamespace(value: unknown): value is Namespace {
  return typeof value === "string" && (NAMESPACES as readonly string[]).includes(value);
}

export function i18nOptions(lng: Locale): InitOptions {
  return {
    lng,
    supportedLngs: [...LOCALES],
    fallbackLng: DEFAULT_LOCALE,
    defaultNS: DEFAULT_NAMESPACE,
    ns: [...ALWAYS_LOADED],
    interpolation: { escapeValue: false },
    returnNull: false,
    // A missing key is a bug: report it loudly (tests fail on console.error).
    saveMissing: true,
    missingKeyHandler: (lngs, ns, key) => console.error(`Missing translation: ${ns}:${key} (${[lngs].flat().join(",")})`),
  };
}
