import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { translatedOnce } from "./translated-once";

describe("translatedOnce", () => {
  it("gives the same texts as t, asking it once per key", async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: "en", resources: { en: { translation: { a: "Alpha", b: "Beta" } } } });
    let calls = 0;
    const t = ((key: string) => {
      calls++;
      return i18n.t(key);
    }) as unknown as typeof i18n.t;
    const word = translatedOnce(t);
    expect([word("a"), word("b"), word("a"), word("a")]).toEqual(["Alpha", "Beta", "Alpha", "Alpha"]);
    expect(calls).toBe(2);
  });
});
