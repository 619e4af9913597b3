/**
 * Browser start: read the public config, load this page's message files, then hydrate.
 */
import i18next from "i18next";
// The fetch-only backend (about 1 KB gzipped; i18next-http-backend carries an XMLHttpRequest fallback, 3 KB) keeps the
// sign-in page under its 150 KB budget (bench/page-weight.mjs).
import FetchBackend from "i18next-fetch-backend";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { isLocale, DEFAULT_LOCALE } from "~/domain/locales";
import { ALWAYS_LOADED, i18nOptions, isNamespace } from "~/i18n/config";
import { installChunkReloadHandler } from "~/lib/chunk-reload";
import { messageFileFetch } from "~/lib/message-file-fetch";
import { PublicConfigContext, readPublicConfig } from "~/lib/public-config";
import { setClinicTimeZone } from "~/domain/clinic-time-zone";

/** Namespaces the server-rendered routes declared in `handle.i18n`. */
function initialNamespaces(): string[] {
  const modules = (window as unknown as { __reactRouterRouteModules?: Record<string, { handle?: { i18n?: unknown } }> })
    .__reactRouterRouteModules;
  const declared = Object.values(modules ?? {}).flatMap((m) => [m.handle?.i18n ?? []].flat());
  return [...new Set([...ALWAYS_LOADED, ...declared.filter(isNamespace)])];
}

async function start() {
  installChunkReloadHandler();
  const config = readPublicConfig();
  // Before the first render: dates hydrate in the clinic's zone, as the server rendered them.
  setClinicTimeZone(config.clinicTimeZone);
  const lang = document.documentElement.lang;
  const locale = isLocale(lang) ? lang : DEFAULT_LOCALE;
  await i18next
    .use(initReactI18next)
    .use(FetchBackend)
    .init({
      ...i18nOptions(locale),
      ns: initialNamespaces(),
      backend: { loadPath: `/locales/{{lng}}/{{ns}}.json?v=${encodeURIComponent(config.buildId)}`, fetch: messageFileFetch },
    });
  startTransition(() => {
    hydrateRoot(
      document,
      <PublicConfigContext.Provider value={config}>
        <I18nextProvider i18n={i18next}>
          <StrictMode>
            <HydratedRouter />
          </StrictMode>
        </I18nextProvider>
      </PublicConfigContext.Provider>,
    );
  });
}

void start();
