import { describe, expect, it } from "vitest";
import { DEFAULT_LOCALE, isLocale, localeFromPath, LOCALES, localizePath, negotiateLocale, PREFIXED_LOCALES, splitLocalePath, switchLocalePath } from "./locales";

describe("locales", () => {
  it("are nl (default, unprefixed), en, de, fr", () => {
    expect(LOCALES).toEqual(["nl", "en", "de", "fr"]);
    expect(DEFAULT_LOCALE).toBe("nl");
    expect(PREFIXED_LOCALES).toEqual(["en", "de", "fr"]);
  });

  it("isLocale accepts only our locale codes", () => {
    for (const l of LOCALES) expect(isLocale(l)).toBe(true);
    for (const v of ["NL", "en-GB", "es", "", undefined, null, 1]) expect(isLocale(v)).toBe(false);
  });
});

describe("splitLocalePath", () => {
  it.each([
    ["/", "nl", "/"],
    ["", "nl", "/"],
    ["/admin", "nl", "/admin"],
    ["/en", "en", "/"],
    ["/en/", "en", "/"],
    ["/en/admin", "en", "/admin"],
    ["/de/pro/123/case", "de", "/pro/123/case"],
    ["/fr/supervisor/case/abc/mvp", "fr", "/supervisor/case/abc/mvp"],
    // Not a locale prefix: a segment that only starts with one, or an unknown/upper-case code.
    ["/english", "nl", "/english"],
    ["/en-GB/admin", "nl", "/en-GB/admin"],
    ["/EN/admin", "nl", "/EN/admin"],
    ["/es/admin", "nl", "/es/admin"],
    // "nl" is never a prefix: /nl/... is a different path in the default locale (it redirects elsewhere).
    ["/nl/admin", "nl", "/nl/admin"],
    ["/admin/en", "nl", "/admin/en"],
  ])("%s → %s %s", (input, locale, path) => {
    expect(splitLocalePath(input)).toEqual({ locale, path });
    expect(localeFromPath(input)).toBe(locale);
  });
});

describe("localizePath", () => {
  it.each([
    ["/", "nl", "/"],
    ["/admin", "nl", "/admin"],
    ["admin", "nl", "/admin"],
    ["/", "en", "/en"],
    ["/admin", "en", "/en/admin"],
    ["admin", "de", "/de/admin"],
    ["/pro/1/case", "fr", "/fr/pro/1/case"],
  ] as const)("%s in %s → %s", (path, locale, expected) => {
    expect(localizePath(path, locale)).toBe(expected);
  });

  it("round-trips with splitLocalePath for every locale", () => {
    for (const locale of LOCALES) {
      for (const path of ["/", "/admin", "/pro/x/mijn-dossiers"]) {
        expect(splitLocalePath(localizePath(path, locale))).toEqual({ locale, path });
      }
    }
  });
});

describe("switchLocalePath", () => {
  it("moves between prefixed and unprefixed, keeping query and hash", () => {
    expect(switchLocalePath("/admin", "?a=1", "#top", "en")).toBe("/en/admin?a=1#top");
    expect(switchLocalePath("/en/admin", "?a=1", "#top", "nl")).toBe("/admin?a=1#top");
    expect(switchLocalePath("/en/admin", "", "", "fr")).toBe("/fr/admin");
    expect(switchLocalePath("/de", "", "", "nl")).toBe("/");
    expect(switchLocalePath("/", "?redirectTo=%2Fadmin", "", "de")).toBe("/de?redirectTo=%2Fadmin");
    expect(switchLocalePath("/fr/", "", "", "en")).toBe("/en");
  });
});

describe("negotiateLocale", () => {
  it.each([
    [null, null],
    [undefined, null],
    ["", null],
    ["en", "en"],
    ["de-DE,de;q=0.9", "de"],
    ["en-GB", "en"],
    ["EN-us", "en"],
    ["fr-CA;q=0.8, en;q=0.9", "en"],
    ["nl;q=0.5, fr;q=0.6", "fr"],
    // Order breaks ties between equal qualities.
    ["de;q=0.7, fr;q=0.7", "de"],
    ["fr, de", "fr"],
    // Unknown languages are passed over; none of ours → null.
    ["es, it;q=0.9, de;q=0.1", "de"],
    ["es, it, ja", null],
    ["*", null],
    // q=0 means "not acceptable", even for one of ours.
    ["en;q=0, fr;q=0.1", "fr"],
    ["en;q=0", null],
    ["en;q=0.0, de;q=0.000", null],
    // Whitespace around parameters; garbage quality is treated as unacceptable.
    ["en ; q=0.2 , de ;q=0.1", "en"],
    ["en;q=abc, de;q=0.1", "de"],
    ["zh-Hant-TW, nl-BE;q=0.3", "nl"],
  ])("%j → %s", (header, expected) => {
    expect(negotiateLocale(header)).toBe(expected);
  });
});
