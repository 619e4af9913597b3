/**
 * The message beside a marked field, as each language words it (rendered to markup; no browser needed): a refused value
 * says what is wrong with it, with the limits the server checks; an item that is missing keeps its "missing" wording.
 */
import i18next from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { describe, expect, it } from "vitest";
import { reasoningSchema } from "~/domain/dossier/content";
import { refusedValuesOf } from "~/domain/dossier/form";
import type { Locale } from "~/domain/locales";
import { i18nOptions } from "~/i18n/config";
import { MAX_STORED_STRING_BYTES } from "~/domain/constants";
import { FieldErrorsProvider, FieldErrorText } from "./field-errors";

async function messagesOf(locale: Locale) {
  const dossier = (await import(`~/i18n/locales/${locale}/dossier.json`)) as { default: object };
  const errors = (await import(`~/i18n/locales/${locale}/errors.json`)) as { default: object };
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ ...i18nOptions(locale), ns: ["dossier", "errors"], resources: { [locale]: { dossier: dossier.default, errors: errors.default } } });
  return i18n;
}

/** A save of the left ear refused as saveDraft refuses it: -5 follow-up days, a confidence of 9, an argument over the limit. */
function refusedSave() {
  const result = reasoningSchema.safeParse({ left: { plan: ["follow-up"], followUpDays: -5, confidence: 9, diagnosis: "flu", argument: "a".repeat(MAX_STORED_STRING_BYTES + 1) } });
  const issues = result.success ? [] : result.error.issues.map((issue) => ({ path: ["reasoning", ...issue.path].join("."), message: issue.message }));
  return refusedValuesOf(issues);
}

async function render(locale: Locale, items: string[], values?: ReturnType<typeof refusedValuesOf>) {
  const i18n = await messagesOf(locale);
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <FieldErrorsProvider items={items} values={values}>
        {items.map((item) => (
          <FieldErrorText key={item} item={item} />
        ))}
      </FieldErrorsProvider>
    </I18nextProvider>,
  ).replaceAll("&#x27;", "'");
}

const ITEMS = ["reasoning-left-follow-up", "reasoning-left-confidence", "reasoning-left-diagnosis", "reasoning-left-argument"];

describe("a refused value's message beside its field", () => {
  it("says in Dutch the range of days, the scale, that the value is not valid, and the text limit", async () => {
    const html = await render("nl", ITEMS, refusedSave());
    expect(html).toContain("Vul een heel aantal dagen in van 1 tot en met 365.");
    expect(html).toContain("Kies een heel getal van 1 tot en met 5.");
    expect(html).toContain("Deze waarde is niet geldig.");
    expect(html).toContain("Deze tekst is te lang: maximaal 10 MB.");
    expect(html).not.toContain("Vul in na hoeveel dagen de controle is.");
  });

  it("says the same in English, German and French", async () => {
    const en = await render("en", ITEMS, refusedSave());
    expect(en).toContain("Enter a whole number of days from 1 to 365.");
    expect(en).toContain("Choose a whole number from 1 to 5.");
    expect(en).toContain("This value is not valid.");
    expect(en).toContain("This text is too long: 10 MB at most.");
    expect(await render("de", ITEMS, refusedSave())).toContain("Geben Sie eine ganze Zahl von Tagen von 1 bis 365 ein.");
    expect(await render("fr", ITEMS, refusedSave())).toContain("Indiquez un nombre entier de jours entre 1 et 365.");
  });

  it("writes a large limit as each language writes numbers (the duration's 36,500 days)", async () => {
    const values = refusedValuesOf(["anamnesis.durationDays"]);
    expect(await render("nl", ["anamnesis-duration"], values)).toContain("Vul een heel aantal dagen in van 0 tot en met 36.500.");
    expect(await render("en", ["anamnesis-duration"], values)).toContain("Enter a whole number of days from 0 to 36,500.");
  });

  it("keeps the missing wording for an item that is missing", async () => {
    expect(await render("nl", ["reasoning-left-follow-up"])).toContain("Vul in na hoeveel dagen de controle is.");
    expect(await render("en", ["anamnesis-duration"], {})).toContain("Enter the duration in days.");
  });

  it("words the text limit as the refusal of a too-long text does everywhere else (errors:codes.string-too-long)", async () => {
    for (const locale of ["nl", "en", "de", "fr"] as const) {
      const i18n = await messagesOf(locale);
      const { key, values } = refusedSave()["reasoning-left-argument"];
      expect(i18n.t(key, values), locale).toBe(i18n.t("errors:codes.string-too-long"));
    }
  });
});
