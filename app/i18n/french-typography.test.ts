/**
 * French typography in the French message files: a space that cannot break goes before ':' ';' '!' '?' and '»', and
 * after '«' ("Motif : …", "« Autre »"), so the sign never starts a line of its own.
 *
 * The one space used for it is U+202F NARROW NO-BREAK SPACE (the fine space French printing uses; every current
 * system font has it), never a plain space (it breaks) nor U+00A0 (one sign, one space). What is not prose is left
 * out: interpolations `{{x}}`, nesting `$t(…)`, ICU/i18next braces `{…}`, tags `<1>…</1>`, URLs and times (10:30). A
 * sign right after one of those (`{{name}}:`, `</1>:`) is still a fault: the reader sees a word and a sign.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { NAMESPACES } from "./config";

const NARROW_NO_BREAK_SPACE = "\u202f";
const LOCALES_DIR = path.join(import.meta.dirname, "locales");

/** Not prose: placeholders, nesting, ICU braces, tags, URLs, clock times. */
const NOT_PROSE = /\{\{.*?\}\}|\$t\([^)]*\)|\{[^{}]*\}|<[^<>]*>|\b[a-z][a-z0-9+.-]*:\/\/\S+|\b\d{1,2}:\d{2}\b/g;
/** Stands in for what is not prose, so a sign right after it still counts as right after a word. */
const WORD = "\u0000";

/** Each place in `text` where a French sign lacks its narrow no-break space, with a little context. */
function frenchTypographyFaults(text: string): string[] {
  const prose = text.replace(NOT_PROSE, (span) => WORD.repeat(span.length));
  const faults: string[] = [];
  const at = (i: number) => text.slice(Math.max(0, i - 12), i + 4);
  for (const sign of prose.matchAll(/[:;!?»]/g)) {
    const i = sign.index;
    if (i > 0 && prose[i - 1] !== NARROW_NO_BREAK_SPACE) faults.push(`before '${sign[0]}': …${at(i)}…`);
  }
  for (const sign of prose.matchAll(/«/g)) {
    const i = sign.index;
    if (prose[i + 1] !== NARROW_NO_BREAK_SPACE) faults.push(`after '«': …${at(i)}…`);
  }
  return faults;
}

type Messages = { [key: string]: string | Messages };
const leaves = (messages: Messages, prefix: string): [string, string][] =>
  Object.entries(messages).flatMap(([k, v]) => (typeof v === "string" ? [[`${prefix}.${k}`, v] as [string, string]] : leaves(v, `${prefix}.${k}`)));

describe("French typography", () => {
  it("finds a sign glued to a word, a number, a closing tag or a placeholder, or after a space that breaks", () => {
    const n = NARROW_NO_BREAK_SPACE;
    expect(frenchTypographyFaults("Oreille gauche: argumentation")).toHaveLength(1);
    expect(frenchTypographyFaults("Étape 2: terminer")).toHaveLength(1);
    expect(frenchTypographyFaults("Voir <1>le guide</1>!")).toHaveLength(1);
    expect(frenchTypographyFaults("Retirer {{name}}?")).toHaveLength(1);
    expect(frenchTypographyFaults("Mot de passe oublié ?")).toHaveLength(1);
    expect(frenchTypographyFaults("Test\u00a0: méthodes")).toHaveLength(1);
    expect(frenchTypographyFaults("le choix « Autre »")).toHaveLength(2);
    expect(frenchTypographyFaults("un ; deux ; trois")).toHaveLength(2);
    expect(frenchTypographyFaults(`Oreille gauche${n}: argumentation${n}; «${n}Autre${n}»${n}? oui${n}!`)).toEqual([]);
  });

  it("leaves alone what is not prose: URLs, times, placeholders, nesting, ICU and tags", () => {
    const n = NARROW_NO_BREAK_SPACE;
    expect(frenchTypographyFaults("Ouvrez https://casus.example/fr/verify-login?token=abc:1 puis revenez.")).toEqual([]);
    expect(frenchTypographyFaults("Rendez-vous à 10:30 ou 9:05.")).toEqual([]);
    expect(frenchTypographyFaults(`{{date, datetime(hour: numeric)}} et $t(common:roles.admin)${n}: voir`)).toEqual([]);
    expect(frenchTypographyFaults("{count, plural, one {# dossier} other {# dossiers}}")).toEqual([]);
    expect(frenchTypographyFaults('<a href="mailto:x@y.test">écrire</a>')).toEqual([]);
  });

  it("is right in every French message", () => {
    const faults = NAMESPACES.flatMap((ns) => {
      const messages = JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, "fr", `${ns}.json`), "utf8")) as Messages;
      return leaves(messages, ns).flatMap(([key, text]) => frenchTypographyFaults(text).map((fault) => `${key}: ${fault}`));
    });
    expect(faults).toEqual([]);
  });
});
