/**
 * Public settings: the only configuration the browser ever sees, embedded once in the page as
 * <script id="casus-config" type="application/json">. The server builds it from an allow-list
 * (app/server/public-config.server.ts); nothing else crosses.
 */
import { createContext, useContext } from "react";
import type { Locale } from "~/domain/locales";

export interface PublicConfig {
  buildId: string;
  versionPollMs: number;
  testPages: boolean;
  defaultLocale: Locale;
  /** Bytes of queued uploads the browser may keep offline (OFFLINE_CACHE_MB). */
  offlineCacheBytes: number;
  /** The clinics' time zone (CLINIC_TIME_ZONE): the browser formats dates as the server does. */
  clinicTimeZone: string;
}

export const PUBLIC_CONFIG_ELEMENT_ID = "casus-config";

export const PublicConfigContext = createContext<PublicConfig | null>(null);

export function usePublicConfig(): PublicConfig {
  const value = useContext(PublicConfigContext);
  if (!value) throw new Error("usePublicConfig outside PublicConfigContext");
  return value;
}

/** JSON safe to place inside a <script> element ("</script>" and friends cannot break out). */
export function serializePublicConfig(config: PublicConfig): string {
  return JSON.stringify(config).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");
}

export function readPublicConfig(doc: Document = document): PublicConfig {
  const element = doc.getElementById(PUBLIC_CONFIG_ELEMENT_ID);
  if (!element?.textContent) throw new Error("The page has no public configuration payload.");
  return JSON.parse(element.textContent) as PublicConfig;
}

/** The CSP nonce of this response (server rendering only; browsers hide nonces from scripts). */
export const NonceContext = createContext<string | undefined>(undefined);
export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
