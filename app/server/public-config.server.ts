/** The allow-list of settings the browser may see. Adding a field here is a deliberate, reviewed act. */
import { VERSION_POLL_INTERVAL_MS } from "~/domain/constants";
import { DEFAULT_LOCALE } from "~/domain/locales";
import type { PublicConfig } from "~/lib/public-config";
import type { Config } from "./config.server";

export function buildPublicConfig(config: Config, buildId: string): PublicConfig {
  return {
    buildId,
    versionPollMs: config.versionPollMs ?? VERSION_POLL_INTERVAL_MS,
    testPages: config.testPages,
    defaultLocale: DEFAULT_LOCALE,
    offlineCacheBytes: config.offlineCacheBytes,
    clinicTimeZone: config.clinicTimeZone,
  };
}
