/**
 * Casus's patch to react-i18next (decision 088, patches/react-i18next+<version>.patch, applied by `npm install`'s
 * postinstall through patch-package): on the server `useTranslation` hands out the i18n instance itself instead of
 * a copy of it per component (the copy exists so the browser sees a new object when the language changes). If an
 * upgrade or a fresh install leaves a copy unpatched, this says so.
 */
import fs from "node:fs";
import path from "node:path";
import i18next, { type i18n as I18n } from "i18next";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider, initReactI18next, useTranslation } from "react-i18next";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const PACKAGE = path.join(ROOT, "node_modules/react-i18next");

describe("the react-i18next patch", () => {
  it("is written for the installed version and applied to its ESM and CommonJS copies", () => {
    const { version } = JSON.parse(fs.readFileSync(path.join(PACKAGE, "package.json"), "utf8")) as { version: string };
    expect(fs.readdirSync(path.join(ROOT, "patches"))).toContain(`react-i18next+${version}.patch`);
    for (const copy of ["dist/es/useTranslation.js", "dist/commonjs/useTranslation.js"]) {
      const source = fs.readFileSync(path.join(PACKAGE, copy), "utf8");
      expect(source, copy).toContain("Casus patch (docs/decisions/088)");
      expect(source, copy).toContain('if (original && typeof window !== "undefined") {');
    }
  });

  it("gives every component of a server render the instance itself, and translates as before", async () => {
    const instance = i18next.createInstance();
    await instance.use(initReactI18next).init({ lng: "nl", resources: { nl: { translation: { hello: "Hallo {{name}}" } } }, interpolation: { escapeValue: false } });
    const seen: I18n[] = [];
    function Greeting({ name }: { name: string }) {
      const { t, i18n } = useTranslation();
      seen.push(i18n);
      return createElement("p", null, t("hello", { name }));
    }
    const html = renderToStaticMarkup(createElement(I18nextProvider, { i18n: instance }, createElement(Greeting, { name: "Anna" }), createElement(Greeting, { name: "Bram" })));
    expect(html).toBe("<p>Hallo Anna</p><p>Hallo Bram</p>");
    expect(seen).toHaveLength(2);
    for (const given of seen) expect(given).toBe(instance);
  });
});
