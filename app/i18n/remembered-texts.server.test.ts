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

  it("gives texts with numbers exactly as i18next does, in every locale: counts, plurals and the queue's age", () => {
    for (const locale of LOCALES) {
      const expected = fixedT(plainInstance(locale), locale, "dossier");
      const t = fixedT(serverI18n(locale), locale, "dossier", undefined, { scopeNs: ["dossier"] });
      for (const days of [0, 1, 2, 3, 7, 21, 365]) {
        for (let asked = 0; asked < 2; asked++) {
          expect(t("queue.age", { days, target: 2 })).toBe(expected("queue.age", { days, target: 2 }));
          expect(t("queue.waiting", { count: days })).toBe(expected("queue.waiting", { count: days }));
        }
      }
    }
  });

  it("asks i18next once for the same numbers, every time for other values, and forgets past its bound", () => {
    const instance = createInstance();
    void instance.init({
      lng: "en",
      resources: { en: { translation: { age: "{{days}} of {{target}} days", hello: "Hello {{name}}", item_one: "{{count}} item", item_other: "{{count}} items" } } },
      initAsync: false,
    });
    rememberFixedTexts(instance);
    const t = fixedT(instance, "en");
    const asked = vi.spyOn(instance, "t");
    expect(t("age", { days: 3, target: 2 })).toBe("3 of 2 days");
    expect(t("age", { days: 3, target: 2 })).toBe("3 of 2 days");
    expect(t("item", { count: 1 })).toBe("1 item");
    expect(t("item", { count: 1 })).toBe("1 item");
    expect(asked).toHaveBeenCalledTimes(2);
    // A name is not a number: i18next is asked each time, and each answer is its own.
    expect(t("hello", { name: "Ada" })).toBe("Hello Ada");
    expect(t("hello", { name: "Ada" })).toBe("Hello Ada");
    expect(asked).toHaveBeenCalledTimes(4);
    // Five thousand other numbers later the first is asked again.
    for (let days = 100; days < 5_100; days++) t("age", { days, target: 2 });
    asked.mockClear();
    expect(t("age", { days: 3, target: 2 })).toBe("3 of 2 days");
    expect(asked).toHaveBeenCalledTimes(1);
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
    // With a count, i18next reports the plural forms it looked for; as often the second time as the first.
    expect(t("nowhere", { count: 2 })).toBe("nowhere");
    const once = report.mock.calls.length - 2;
    expect(t("nowhere", { count: 2 })).toBe("nowhere");
    expect(once).toBeGreaterThan(0);
    expect(report).toHaveBeenCalledTimes(2 + 2 * once);
  });
});
