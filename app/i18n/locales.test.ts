/**
 * The message files: every locale has every key of every namespace, the keys the code names exist, and
 * placeholders survive translation. Reads the JSON files directly, as the server bundles them.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { statusTextKey } from "~/components/error-page";
import { ERROR_CODES } from "~/domain/errors";
import { LOCALES, type Locale } from "~/domain/locales";
import { NAV_PLACES, NAVIGATION } from "~/domain/navigation";
import { ROLES } from "~/domain/roles";
import { ROUTE_KEYS } from "~/domain/route-table";
import { DEFAULT_NAMESPACE, isNamespace, NAMESPACES, type Namespace } from "./config";

const APP_DIR = path.resolve(import.meta.dirname, "..");
const LOCALES_DIR = path.join(import.meta.dirname, "locales");

type Messages = Record<string, unknown>;

function load(locale: Locale, namespace: Namespace): Messages {
  return JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, locale, `${namespace}.json`), "utf8")) as Messages;
}

/** "a.b.c" → value, for every leaf. */
function flatten(messages: Messages, prefix = ""): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(messages)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === "object" && !Array.isArray(value)) {
      for (const [k, v] of flatten(value as Messages, full)) out.set(k, v);
    } else {
      out.set(full, value);
    }
  }
  return out;
}

const flat = Object.fromEntries(
  LOCALES.map((locale) => [locale, Object.fromEntries(NAMESPACES.map((ns) => [ns, flatten(load(locale, ns))]))]),
) as Record<Locale, Record<Namespace, Map<string, unknown>>>;

/** Whether "ns:key" resolves in a locale (also as a plural family key_one/key_other, or an object of keys). */
function has(locale: Locale, qualified: string): boolean {
  const [ns, key] = qualified.includes(":") ? (qualified.split(":", 2) as [string, string]) : [DEFAULT_NAMESPACE, qualified];
  if (!isNamespace(ns)) return false;
  const keys = flat[locale][ns];
  if (keys.has(key)) return true;
  return [...keys.keys()].some((k) => k.startsWith(`${key}_`) || k.startsWith(`${key}.`));
}

function missingIn(locale: Locale, keys: string[]): string[] {
  return keys.filter((key) => !has(locale, key));
}

/**
 * Keys that occur twice in one object. JSON.parse silently keeps the last one, so a merge that adds the same key
 * in two places would change a message without anyone noticing.
 */
export function duplicateKeys(text: string): string[] {
  const scopes: Set<string>[] = [];
  const duplicates: string[] = [];
  for (const match of text.matchAll(/"((?:[^"\\]|\\.)*)"(\s*:)?|[{}[\]]/g)) {
    const token = match[0];
    if (token === "{" || token === "[") scopes.push(new Set());
    else if (token === "}" || token === "]") scopes.pop();
    else if (match[2]) {
      const scope = scopes[scopes.length - 1];
      if (scope.has(match[1])) duplicates.push(match[1]);
      scope.add(match[1]);
    }
  }
  return duplicates;
}

describe("message files", () => {
  it("have no key twice in one object (JSON.parse would silently keep the last)", () => {
    expect(duplicateKeys('{"a": {"b": "{x}", "c": 1}, "d": [{"b": 2}], "a2": {"b": "x", "b": "y"}}')).toEqual(["b"]);
    for (const locale of LOCALES) {
      for (const namespace of NAMESPACES) {
        const text = fs.readFileSync(path.join(LOCALES_DIR, locale, `${namespace}.json`), "utf8");
        expect(duplicateKeys(text), `${locale}/${namespace}.json`).toEqual([]);
      }
    }
  });

  it("exist for every locale and namespace", () => {
    for (const locale of LOCALES) {
      for (const ns of NAMESPACES) expect(fs.existsSync(path.join(LOCALES_DIR, locale, `${ns}.json`)), `${locale}/${ns}.json`).toBe(true);
    }
  });

  it.each(NAMESPACES)("%s: every locale has exactly the same keys", (ns) => {
    const all = new Set(LOCALES.flatMap((locale) => [...flat[locale][ns].keys()]));
    const report = Object.fromEntries(
      LOCALES.map((locale) => {
        const keys = flat[locale][ns];
        return [locale, { missing: [...all].filter((k) => !keys.has(k)) }];
      }),
    );
    expect(report).toEqual(Object.fromEntries(LOCALES.map((locale) => [locale, { missing: [] }])));
  });

  it.each(NAMESPACES)("%s: every message is a non-empty string", (ns) => {
    const problems = LOCALES.flatMap((locale) =>
      [...flat[locale][ns]].filter(([, value]) => typeof value !== "string" || value.trim() === "").map(([key]) => `${locale}/${ns}:${key}`),
    );
    expect(problems).toEqual([]);
  });

  it.each(NAMESPACES)("%s: translations keep the Dutch placeholders ({{name}})", (ns) => {
    const placeholders = (value: unknown) => [...String(value).matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();
    const problems: string[] = [];
    for (const [key, value] of flat.nl[ns]) {
      const expected = placeholders(value);
      for (const locale of LOCALES) {
        const translated = flat[locale][ns].get(key);
        if (translated !== undefined && JSON.stringify(placeholders(translated)) !== JSON.stringify(expected)) {
          problems.push(`${locale}/${ns}:${key} has {{${placeholders(translated).join(", ")}}}, expected {{${expected.join(", ")}}}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe("keys the code relies on", () => {
  it("every page in the route table has a title", () => {
    const keys = ROUTE_KEYS.map((key) => `common:pages.${key}.title`);
    for (const locale of LOCALES) expect(missingIn(locale, keys), locale).toEqual([]);
  });

  it("every place in the navigation that is not a route has a title too", () => {
    const keys = NAV_PLACES.map((key) => `common:pages.${key}.title`);
    for (const locale of LOCALES) expect(missingIn(locale, keys), locale).toEqual([]);
  });

  it("every application error code has a message", () => {
    const keys = ERROR_CODES.map((code) => `errors:codes.${code}`);
    for (const locale of LOCALES) expect(missingIn(locale, keys), locale).toEqual([]);
  });

  it("every status the error page can show has a title and a description, and the way back home exists", () => {
    const statusKeys = new Set<string>();
    for (let status = 400; status < 600; status++) statusKeys.add(statusTextKey(status));
    const keys = [...statusKeys].flatMap((k) => [`errors:status.${k}.title`, `errors:status.${k}.description`]).concat("errors:backHome");
    for (const locale of LOCALES) expect(missingIn(locale, keys), locale).toEqual([]);
  });

  it("every role, navigation group and language has its name", () => {
    const groups = new Set(Object.values(NAVIGATION).flatMap((groupsOfRole) => groupsOfRole.map((g) => g.group)));
    const keys = [
      ...ROLES.map((role) => `common:roles.${role}`),
      ...[...groups].map((group) => `common:nav.groups.${group}`),
      ...LOCALES.map((locale) => `common:language.names.${locale}`),
    ];
    for (const locale of LOCALES) expect(missingIn(locale, keys), locale).toEqual([]);
  });
});

/** Every source file of the app (not tests). */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "locales" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.(test|typecheck)\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

interface Usage {
  file: string;
  key: string;
  /** A template literal with ${…} parts: at least one key must match it. */
  pattern: boolean;
}

/**
 * t("…") / t(`…`) calls, and word("…") calls (a list's texts looked up once, app/lib/translated-once.ts), qualified
 * with the file's useTranslation namespace where the key has none.
 */
function translationUsages(file: string, source: string): Usage[] {
  const declared = /useTranslation\(\s*(?:\[\s*)?["'`]([\w-]+)["'`]/.exec(source)?.[1];
  const defaultNs = declared ?? DEFAULT_NAMESPACE;
  const usages: Usage[] = [];
  for (const match of source.matchAll(/\b(?:t|word)\(\s*(["'`])((?:(?!\1)[^\\\n])*)\1/g)) {
    const [, quote, raw] = match;
    const pattern = quote === "`" && raw.includes("${");
    const key = raw.includes(":") && isNamespace(raw.split(":")[0]) ? raw : `${defaultNs}:${raw}`;
    usages.push({ file: path.relative(APP_DIR, file), key, pattern });
  }
  return usages;
}

function matchesPattern(locale: Locale, qualified: string): boolean {
  const [ns, key] = qualified.split(":", 2) as [Namespace, string];
  const regex = new RegExp(`^${key.split(/\$\{[^}]*\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("[^.]+")}$`);
  return isNamespace(ns) && [...flat[locale][ns].keys()].some((k) => regex.test(k));
}

describe("t() calls in the code", () => {
  const usages = sourceFiles(APP_DIR).flatMap((file) => translationUsages(file, fs.readFileSync(file, "utf8")));

  it("are found (the scan works)", () => {
    expect(usages.length).toBeGreaterThan(20);
    expect(usages).toContainEqual({ file: "routes/auth/sign-in.tsx", key: "auth:signIn.submit", pattern: false });
    expect(usages).toContainEqual({ file: "components/error-page.tsx", key: "errors:backHome", pattern: false });
    expect(usages).toContainEqual({ file: "components/page-header.tsx", key: "common:pages.${routeKey}.title", pattern: true });
  });

  it("the scan qualifies keys with the namespace of useTranslation, and spots missing ones", () => {
    const found = translationUsages("/x.tsx", 'const { t } = useTranslation(["auth", "errors"]); t("signIn.nope"); t("errors:codes.internal")');
    expect(found.map((u) => u.key)).toEqual(["auth:signIn.nope", "errors:codes.internal"]);
    expect(has("nl", "auth:signIn.nope")).toBe(false);
    expect(has("nl", "errors:codes.internal")).toBe(true);
  });

  it("name keys that exist in Dutch (and so, by the checks above, in every language)", () => {
    const missing = usages
      .filter((u) => (u.pattern ? !matchesPattern("nl", u.key) : !has("nl", u.key)))
      .map((u) => `${u.file}: ${u.key}`);
    expect(missing).toEqual([]);
  });
});
