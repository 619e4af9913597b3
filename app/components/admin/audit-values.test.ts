/** The audit table's before/after columns in each language: what the product records is translated, the rest as recorded. */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LOCALES, type Locale } from "~/domain/locales";
import { SIGN_IN_FAILURE_CODES } from "~/domain/auth-errors";
import { auditFacts } from "./audit-values";

const LOCALES_DIR = path.resolve(import.meta.dirname, "../../i18n/locales");

function translator(locale: Locale) {
  const lookup = (qualified: string): string | undefined => {
    const [ns, key] = qualified.split(":", 2) as [string, string];
    let node: unknown = JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, locale, `${ns}.json`), "utf8"));
    for (const part of key.split(".")) node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
    return typeof node === "string" ? node : undefined;
  };
  const t = (key: string, options?: Record<string, unknown>) =>
    (lookup(key) ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options?.[name] ?? ""));
  return { t, exists: (key: string) => lookup(key) !== undefined };
}

describe("audit facts", () => {
  it("translate the field and the sign-in method the product records, in every language", () => {
    const seen = new Set<string>();
    for (const locale of LOCALES) {
      const { t, exists } = translator(locale);
      const text = auditFacts({ method: "password" }, t, exists);
      expect(text, locale).not.toBe("method: password");
      seen.add(text);
    }
    expect(seen.size).toBe(LOCALES.length);
    const { t, exists } = translator("nl");
    expect(auditFacts({ method: "password" }, t, exists)).toBe("Methode: wachtwoord");
    expect(auditFacts({ secondFactor: "totp" }, t, exists)).toBe("Tweede factor: authenticator-app");
    expect(auditFacts({ method: "oidc:hospital" }, t, exists)).toBe("Methode: single sign-on (hospital)");
  });

  it("use the product's words for roles, languages, yes/no, read grants and recorded reasons", () => {
    const { t, exists } = translator("de");
    expect(auditFacts({ role: "supervisor", locale: "fr", disabled: true }, t, exists)).toBe("Rolle: Supervisor; Sprache: Français; Gesperrt: ja");
    expect(auditFacts({ grant: "assigned-supervisor" }, t, exists)).toBe("Zugriff als: zugewiesener Supervisor");
    expect(auditFacts({ method: "magic-link", reason: "email-mismatch" }, t, exists)).toBe("Methode: Anmeldelink per E-Mail; Grund: Link für eine andere E-Mail-Adresse");
  });

  it("name every reason a failed sign-in or second factor records, in a few words of each language", () => {
    for (const locale of LOCALES) {
      const { t, exists } = translator(locale);
      const reason = t("people:audit.fields.reason");
      for (const code of SIGN_IN_FAILURE_CODES) {
        const wording = `people:audit.values.reason.${code}`;
        expect(exists(wording), `${locale} ${code}`).toBe(true);
        const [colon, semicolon] = [t("common:labelSeparator"), t("common:listSeparator")];
        expect(auditFacts({ method: "totp", reason: code }, t, exists)).toBe(`${t("people:audit.fields.method")}${colon}${t("people:audit.values.method.totp")}${semicolon}${reason}${colon}${t(wording)}`);
        // Not the sentence the signing-in user reads, with its advice to them.
        expect(t(wording), `${locale} ${code}`).not.toBe(t(`errors:codes.${code}`));
      }
    }
    expect(auditFacts({ method: "totp", reason: "invalid-verification-code" }, translator("nl").t, translator("nl").exists)).toBe("Methode: authenticator-app; Reden: code onjuist");
    expect(auditFacts({ reason: "too-many-requests" }, translator("fr").t, translator("fr").exists)).toBe("Motif\u202f: trop de tentatives");
  });

  it("show a failed second factor of an older release, recorded with an HTTP status or the library's code, as refused", () => {
    // French: a narrow no-break space before the colon and the semicolon.
    const refused = { nl: "Reden: geweigerd", en: "Reason: refused", de: "Grund: abgelehnt", fr: "Motif\u202f: refusé" } as const;
    for (const locale of LOCALES) {
      const { t, exists } = translator(locale);
      expect(auditFacts({ method: "totp", reason: 401 }, t, exists)).toBe(
        `${t("people:audit.fields.method")}${t("common:labelSeparator")}${t("people:audit.values.method.totp")}${t("common:listSeparator")}${refused[locale]}`,
      );
      expect(auditFacts({ reason: 429 }, t, exists)).toBe(refused[locale]);
      expect(auditFacts({ reason: "INVALID_CODE" }, t, exists)).toBe(refused[locale]);
      expect(auditFacts({ reason: "INVALID_BACKUP_CODE" }, t, exists)).toBe(refused[locale]);
    }
    // Any other error code: its translated message rather than the code.
    const { t, exists } = translator("en");
    expect(auditFacts({ reason: "weak-password" }, t, exists)).toBe(`Reason: ${t("errors:codes.weak-password")}`);
  });

  it("show what nobody translated as recorded, and nothing as a dash", () => {
    const { t, exists } = translator("en");
    expect(auditFacts({ someNewField: "x-1", organisationIds: ["o1", "o2"] }, t, exists)).toBe("someNewField: x-1; Organisations: o1, o2");
    expect(auditFacts({ method: "carrier-pigeon" }, t, exists)).toBe("Method: carrier-pigeon");
    expect(auditFacts(null, t, exists)).toBe("—");
    expect(auditFacts({}, t, exists)).toBe("—");
    expect(auditFacts({ phoneNumber: null }, t, exists)).toBe("Phone number: —");
  });

  it("translates every field and value list in every language alike", () => {
    const shape = (locale: Locale) => {
      const people = JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, locale, "people.json"), "utf8")) as { audit: { fields: object; values: Record<string, unknown> } };
      return JSON.stringify([Object.keys(people.audit.fields).sort(), Object.entries(people.audit.values).map(([k, v]) => [k, typeof v === "object" && v ? Object.keys(v).sort() : typeof v])]);
    };
    for (const locale of LOCALES) expect(shape(locale), locale).toBe(shape("en"));
  });

  it("names every field the server records in an audit row (a `before:` or `after:` object in app/server), in every language", () => {
    // A field without a name shows on the audit page as the code's own English word, in every language.
    const SERVER_DIR = path.resolve(import.meta.dirname, "../../server");
    const recorded = new Set<string>();
    for (const file of fs.readdirSync(SERVER_DIR, { recursive: true, encoding: "utf8" })) {
      if (!file.endsWith(".ts") || file.includes(".test.")) continue;
      const source = fs.readFileSync(path.join(SERVER_DIR, file), "utf8");
      for (const start of source.matchAll(/\b(?:before|after): \{/g)) {
        let depth = 0;
        let end = start.index + start[0].length - 1;
        for (; end < source.length; end++) {
          if (source[end] === "{") depth++;
          else if (source[end] === "}" && --depth === 0) break;
        }
        const body = source.slice(start.index + start[0].length, end);
        for (const key of body.matchAll(/(?:^|[{,])\s*([A-Za-z_]\w*)\s*(?=[:,}])/g)) recorded.add(key[1]);
      }
    }
    // The scan finds what it should: fields of sign-ins, exports and invitations.
    expect([...recorded]).toEqual(expect.arrayContaining(["method", "processed", "inviter", "starter", "imageIds"]));
    for (const locale of LOCALES) {
      const { exists } = translator(locale);
      expect([...recorded].filter((field) => !exists(`people:audit.fields.${field}`)).sort(), locale).toEqual([]);
    }
  });

  it("words the reasons the server records (not error codes, which have their messages)", () => {
    for (const locale of LOCALES) {
      const { t, exists } = translator(locale);
      expect(auditFacts({ reason: "inviter-lost-rights" }, t, exists), locale).not.toContain("inviter-lost-rights");
    }
  });
});
