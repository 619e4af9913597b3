/**
 * One word for one thing in each language: the dossier statuses have one set of names (dossier:status), the review
 * is called the same in reporting as on the dossier pages, words replaced for drifting do not come back, and a
 * refused form is announced in one wording (the refusal's own code), not in a generic message a page picks itself,
 * a thing labelled in several places (a dossier's sections, a supervisor's specialty) has one label, and one meaning
 * has one error code.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DOSSIER_STATUSES } from "~/domain/dossier/lifecycle";
import { isErrorCode } from "~/domain/errors";
import { LOCALES, type Locale } from "~/domain/locales";
import { NAMESPACES } from "./config";

const LOCALES_DIR = path.join(import.meta.dirname, "locales");
const APP_DIR = path.join(import.meta.dirname, "..");
type Messages = { [key: string]: string | Messages };
const load = (locale: Locale, ns: string) => JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, locale, `${ns}.json`), "utf8")) as Messages;

/** Every object in a message file whose keys are exactly the dossier statuses, by its path. */
function statusSets(messages: Messages, prefix: string): string[] {
  const keys = Object.keys(messages).sort();
  const here = keys.join() === [...DOSSIER_STATUSES].sort().join() ? [prefix] : [];
  return here.concat(Object.entries(messages).flatMap(([k, v]) => (typeof v === "object" ? statusSets(v, `${prefix}.${k}`) : [])));
}

/** The text at "ns:dotted.path" in one locale. */
function text(locale: Locale, key: string): string {
  const [ns, dotted] = key.split(":");
  const found = dotted.split(".").reduce<string | Messages | undefined>((at, part) => (typeof at === "object" ? at[part] : undefined), load(locale, ns));
  if (typeof found !== "string") throw new Error(`${locale}: no text at ${key}`);
  return found;
}

const texts = (messages: Messages): string[] => Object.values(messages).flatMap((v) => (typeof v === "string" ? [v] : texts(v)));

/** Words that drifted from the one each language uses, and the word it uses instead. */
const RETIRED: Record<Locale, [RegExp, string][]> = {
  nl: [[/aanhoudend scores/, "aanhoudende scores"]],
  en: [],
  de: [
    [/In Prüfung/, "In Beurteilung (a review is a Beurteilung)"],
    [/Storniert/, "Verworfen (the owner discards a draft)"],
    [/Rückgabe/, "Zurückschicken (zurückgeben is releasing to the queue)"],
    [/Klinische Beurteilung/, "Klinisches Denken (the professional's clinical reasoning)"],
    // "Bewertung" names only the supervisor's 1–5 image-quality rating (reporting), never the review itself.
    [/Bewertung(?! des Supervisors 1–5\))/, "Beurteilung (a supervisor's review is a Beurteilung)"],
    [/Fachrichtung/, "Fachgebiet (a supervisor's specialty)"],
  ],
  fr: [
    [/examen/i, "évaluation (a review is an évaluation)"],
    [/clôtur/i, "terminer (a completed review is terminée)"],
    [/En révision/, "En évaluation"],
    [/\brevue\b/i, "évaluation (a supervisor's review is an évaluation)"],
    [/pas valable/, "pas valide (as every other 'not valid' message; a link is valable jusqu’au a date)"],
  ],
};

describe("terminology", () => {
  it("names the dossier statuses in one place only: dossier:status", () => {
    for (const locale of LOCALES) {
      const sets = NAMESPACES.flatMap((ns) => statusSets(load(locale, ns), ns));
      expect(sets, locale).toEqual(["dossier.status"]);
    }
  });

  it("reporting's 'in review' column uses the dossier status word", () => {
    for (const locale of LOCALES) {
      const inReview = (load(locale, "dossier").status as Messages).in_review as string;
      const column = ((load(locale, "reporting").columns as Messages)["in-review"] as string).toLowerCase();
      expect(column, locale).toContain(inReview.toLowerCase());
    }
  });

  it("labels a thing the same wherever it is labelled", () => {
    // The dossier log listed edits to German "Klinische Beurteilung" and "Bewertung" while the dossier's own tabs say
    // "Klinisches Denken" and "Beurteilung"; the audit log's "Fachrichtung" was the people form's "Fachgebiet".
    const SAME_LABEL: string[][] = [
      ["dossier:sections.reasoning", "dossier:steps.reasoning", "common:pages.pro-clinical-reasoning.title", "dossier-log:section.reasoning"],
      ["dossier:sections.review", "dossier-log:section.review"],
      ["dossier:sections.anamnesis", "dossier-log:section.anamnesis"],
      ["dossier:sections.media", "dossier-log:section.media"],
      ["dossier:sections.patient", "dossier-log:section.patient"],
      ["people:supervisor.specialty", "people:audit.fields.specialty"],
    ];
    for (const locale of LOCALES) {
      for (const keys of SAME_LABEL) {
        const labels = Object.fromEntries(keys.map((key) => [key, text(locale, key)]));
        expect(labels, locale).toEqual(Object.fromEntries(keys.map((key) => [key, text(locale, keys[0])])));
      }
    }
  });

  it("uses the label's word inside sentences that name the same thing", () => {
    // Where the word sits in a longer text: the in-ear model's "labelled by a supervisor's review" source (French
    // had "Revue du superviseur"), and the people form's "choose a specialty".
    const CONTAINS: [string, string][] = [
      ["dossier:sections.review", "ml:source.review"],
      ["people:supervisor.specialty", "people:validation.specialtyInvalid"],
    ];
    for (const locale of LOCALES) {
      for (const [label, sentence] of CONTAINS) expect(text(locale, sentence).toLowerCase(), `${locale} ${sentence}`).toContain(text(locale, label).toLowerCase());
    }
  });

  it("has one error code for one meaning: no two codes' messages open with the same sentence", () => {
    // invalid-phone-number and phone-invalid both said "This is not a valid phone number." (and in Dutch, German and
    // French in two wordings): one rule, so one code in app/domain/errors.ts and one message.
    for (const locale of LOCALES) {
      const codes = load(locale, "errors").codes as Record<string, string>;
      // A message for a code app/domain/errors.ts no longer has is a second wording waiting to be used again.
      expect(Object.keys(codes).filter((code) => !isErrorCode(code)), locale).toEqual([]);
      const byOpening = new Map<string, string[]>();
      for (const [code, message] of Object.entries(codes)) {
        const opening = message.split(/(?<=[.!?])\s/)[0].trim().toLowerCase();
        byOpening.set(opening, [...(byOpening.get(opening) ?? []), code]);
      }
      expect([...byOpening.values()].filter((codes) => codes.length > 1), locale).toEqual([]);
    }
  });

  it("keeps the French review's word for the review: the model pages measure a version, they do not évaluer it", () => {
    const paths = (messages: Messages, prefix = ""): [string, string][] =>
      Object.entries(messages).flatMap(([key, value]) => (typeof value === "string" ? [[`${prefix}${key}`, value] as [string, string]] : paths(value, `${prefix}${key}.`)));
    const reviewWords = paths(load("fr", "ml")).filter(([, text]) => /évalu/i.test(text));
    // The one that stays names the supervisor's review (a labelled image's source).
    expect(reviewWords.map(([key]) => key)).toEqual(["source.review"]);
  });

  it("has no retired words in any namespace", () => {
    for (const locale of LOCALES) {
      const found = NAMESPACES.flatMap((ns) => texts(load(locale, ns)).flatMap((text) => RETIRED[locale].filter(([word]) => word.test(text)).map(([word, use]) => `${ns}: "${text}" (${String(word)} → ${use})`)));
      expect(found, locale).toEqual([]);
    }
  });

  it("names an ear in lower case inside a sentence, and counts with plural forms", () => {
    for (const locale of LOCALES) {
      const dossier = load(locale, "dossier");
      const choices = dossier.choices as Messages;
      for (const ear of ["left", "right"]) {
        const inSentence = (choices.earInSentence as Messages)[ear] as string;
        expect(inSentence, locale).toMatch(/^\p{Ll}/u);
        expect((dossier.media as Messages).addFor, locale).toContain("{{ear}}");
      }
      const summary = dossier.summary as Messages;
      expect(Object.keys(summary).filter((k) => /^(media|messages)_(one|other)$/.test(k)).sort(), locale).toEqual(["media_one", "media_other", "messages_one", "messages_other"]);
      expect(summary.counts, locale).toBeUndefined();
    }
  });

  it("announces a refused form in one wording: pages show the refusal's code, not an error code they name themselves", () => {
    // A page that words its own banner ("invalid-argument" above the new-organisation form) says the same thing as
    // every other form's errors:codes.invalid-form in other words: German had "Überprüfen Sie Ihre Eingaben: …"
    // there and "Überprüfen Sie die markierten Felder: …" everywhere else. A code named in a page's markup needs
    // its own meaning, written here.
    const OWN_MEANING: Record<string, string> = {
      "invalid-action-code": "a second-factor challenge that expired, not a form's fields",
      "field-invalid": "one field's message (the export filters), not a banner",
    };
    const sources = ["routes", "components", "layouts"].flatMap((dir) =>
      (fs.readdirSync(path.join(APP_DIR, dir), { recursive: true }) as string[]).filter((f) => f.endsWith(".tsx") && !f.endsWith(".test.tsx")).map((f) => path.join(dir, f)),
    );
    const named = sources.flatMap((file) =>
      [...fs.readFileSync(path.join(APP_DIR, file), "utf8").matchAll(/errorMessageKey\(\s*"([^"]+)"/g)].map((m) => m[1]).filter((code) => !(code in OWN_MEANING)).map((code) => `${file}: ${code}`),
    );
    expect(named).toEqual([]);
  });
});
