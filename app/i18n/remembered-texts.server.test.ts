import { createInstance } from "i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LOCALES } from "~/domain/locales";
import { i18nOptions, NAMESPACES } from "./config";
import { serverI18n } from "./i18n.server";
import { rememberFixedTexts } from "./remembered-texts.server";
import { resources } from "./resources.server";

/** Every key of a nested resource object, dotted (plural forms under their base key). */
function keysOf(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}

function plainInstance(locale: (typeof LOCALES)[number]) {
  const instance = createInstance();
  void instance.init({ ...i18nOptions(locale), ns: [...NAMESPACES], resources, initAsync: false });
  return instance;
}

afterEach(() => vi.restoreAllMocks());

type LooseT = (key: string, options?: object) => unknown;
/** getFixedT as react-i18next calls it (four arguments), without i18next's key typing. */
const fixedT = (i18n: { getFixedT: unknown }, ...args: unknown[]) => (i18n.getFixedT as (...a: unknown[]) => LooseT)(...args);

describe("server texts remembered per instance", () => {
  it("gives every text of every namespace and locale exactly as i18next does, asked twice", () => {
    for (const locale of LOCALES) {
      const plain = plainInstance(locale);
      const remembering = serverI18n(locale);
      for (const ns of NAMESPACES) {
        const keys = keysOf((resources as Record<string, Record<string, unknown>>)[locale][ns]).filter((k) => !/_(zero|one|two|few|many|other)$/.test(k));
        const expected = fixedT(plain, locale, ns);
        const t = fixedT(remembering, locale, ns, undefined, { scopeNs: [ns] });
        for (const key of keys) {
          expect(t(key)).toBe(expected(key));
          expect(t(key)).toBe(expected(key));
        }
      }
    }
  });

  it("hands out one t per language, namespaces and prefix", () => {
    const i18n = serverI18n("en");
    expect(fixedT(i18n, "en", "dossier")).toBe(fixedT(i18n, "en", "dossier"));
    const both = () => fixedT(i18n, "en", ["dossier", "common"], undefined, { scopeNs: ["dossier", "common"] });
    expect(both()).toBe(both());
    expect(fixedT(i18n, "en", "dossier")).not.toBe(fixedT(i18n, "en", "common"));
    expect(fixedT(i18n, "en", "dossier")).not.toBe(fixedT(i18n, "de", "dossier"));
  });

  it("still interpolates, counts and takes a key prefix", () => {
    const instance = createInstance();
    void instance.init({
      lng: "en",
      resources: { en: { translation: { hello: "Hello {{name}}", item_one: "{{count}} item", item_other: "{{count}} items", menu: { open: "Open" } } } },
      initAsync: false,
    });
    rememberFixedTexts(instance);
    const t = fixedT(instance, "en");
    expect(t("hello", { name: "Ada" })).toBe("Hello Ada");
    expect(t("hello", { name: "Bea" })).toBe("Hello Bea");
    expect(t("item", { count: 1 })).toBe("1 item");
    expect(t("item", { count: 3 })).toBe("3 items");
    expect(fixedT(instance, "en", null, "menu")("open")).toBe("Open");
    expect(t("menu.open")).toBe("Open");
  });

  it("reports a missing key every time it is asked, not only the first", () => {
    const report = vi.fn();
    const instance = createInstance();
    void instance.init({ lng: "en", resources: { en: { translation: {} } }, saveMissing: true, missingKeyHandler: report, initAsync: false });
    rememberFixedTexts(instance);
    const t = fixedT(instance, "en");
    expect(t("nowhere")).toBe("nowhere");
    expect(t("nowhere")).toBe("nowhere");
    expect(report).toHaveBeenCalledTimes(2);
  });
});
