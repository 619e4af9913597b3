/** One ready i18next instance per locale for server rendering and server-side text (e-mails, errors). */
import { createInstance, type i18n as I18n, type TFunction } from "i18next";
import { initReactI18next } from "react-i18next";
import type { Locale } from "~/domain/locales";
import { i18nOptions, NAMESPACES } from "./config";
import { rememberFixedTexts } from "./remembered-texts.server";
import { resources } from "./resources.server";

const instances = new Map<Locale, I18n>();

export function serverI18n(locale: Locale): I18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = createInstance();
    instance.use(initReactI18next);
    // Resources are bundled, so initialisation is synchronous.
    void instance.init({ ...i18nOptions(locale), ns: [...NAMESPACES], resources, initAsync: false });
    rememberFixedTexts(instance);
    instances.set(locale, instance);
  }
  return instance;
}

export function serverT(locale: Locale): TFunction {
  return serverI18n(locale).t;
}
