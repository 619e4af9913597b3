/** Every message file, bundled into the server: SSR renders with them and /locales serves them. */
import type { Resource } from "i18next";
import { LOCALES } from "~/domain/locales";
import { NAMESPACES } from "./config";

const files = import.meta.glob<Record<string, unknown>>("./locales/*/*.json", { eager: true, import: "default" });

export const resources: Resource = Object.fromEntries(
  LOCALES.map((locale) => [locale, Object.fromEntries(NAMESPACES.map((ns) => [ns, files[`./locales/${locale}/${ns}.json`] ?? {}]))]),
);

export function messages(locale: string, namespace: string): Record<string, unknown> | undefined {
  return (resources[locale]?.[namespace] as Record<string, unknown> | undefined) ?? undefined;
}
