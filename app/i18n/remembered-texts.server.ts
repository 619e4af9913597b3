/**
 * Fixed texts looked up once per server i18next instance, not once per call (issue 13).
 *
 * react-i18next asks `getFixedT` for a new `t` in every component of every page, and each i18next `t` call copies
 * the instance's whole options object before it looks the key up: about 6% of a signed-in page's server CPU. A
 * server instance has one language and bundled resources that never change, so a key asked without values always
 * gives the same text. `rememberFixedTexts` makes `getFixedT` hand out one `t` per language, namespaces and key
 * prefix, which remembers such texts. A call whose values are all numbers ("{{days}} of {{target}} working days",
 * a count's plural, "page 2 of 5") gives the same text for the same numbers too, and is remembered under its key and
 * numbers, a bounded number of them: a queue asked that once per row (3.5% of its CPU at 100,000 dossiers). A call
 * with any other value (a name, a date, a default) goes to i18next as before; so does a missing key (its text is the
 * key itself), so the missing-key report still fires every time. Numbers never carry who a text is about.
 */
import type { i18n as I18n, TFunction } from "i18next";

type GetFixedT = I18n["getFixedT"];

/** Texts with numbers remembered per `t`; past it they are forgotten and remembered again as asked. */
const NUMBERED_TEXTS_MAX = 5_000;

/** The call's values as part of a remembered text's name, when they are all numbers; null otherwise. */
function numbersOf(rest: unknown[]): string | null {
  if (rest.length !== 1) return null;
  const values = rest[0];
  if (typeof values !== "object" || values === null || Object.getPrototypeOf(values) !== Object.prototype) return null;
  let id = "";
  for (const [name, value] of Object.entries(values)) {
    if (typeof value !== "number" || !Number.isFinite(value)) return null;
    id += `\u0000${name}=${value}`;
  }
  return id || null;
}

export function rememberFixedTexts(instance: I18n): void {
  const original: GetFixedT = instance.getFixedT.bind(instance);
  const fixedTs = new Map<string, TFunction>();
  const remembering = ((lng: unknown, ns: unknown, keyPrefix: unknown, fixedOptions?: { scopeNs?: unknown }) => {
    const call = () => (original as (...args: unknown[]) => TFunction)(lng, ns, keyPrefix, fixedOptions);
    const optionKeys = fixedOptions ? Object.keys(fixedOptions) : [];
    const plain =
      (lng === null || lng === undefined || typeof lng === "string") &&
      (keyPrefix === undefined || typeof keyPrefix === "string") &&
      optionKeys.every((k) => k === "scopeNs") &&
      [ns, fixedOptions?.scopeNs].every((v) => v === undefined || typeof v === "string" || (Array.isArray(v) && v.every((n) => typeof n === "string")));
    if (!plain) return call();
    const id = JSON.stringify([lng ?? null, ns ?? null, keyPrefix ?? null, fixedOptions?.scopeNs ?? null]);
    let t = fixedTs.get(id);
    if (!t) {
      const base = call();
      const texts = new Map<string, string>();
      const numbered = new Map<string, string>();
      const fixed = (key: unknown, ...rest: unknown[]) => {
        const numbers = rest.length > 0 && typeof key === "string" ? numbersOf(rest) : null;
        if ((rest.length > 0 && numbers === null) || typeof key !== "string") return (base as unknown as (...args: unknown[]) => unknown)(key, ...rest);
        const known = numbers === null ? texts : numbered;
        const id = numbers === null ? key : key + numbers;
        let text = known.get(id);
        if (text === undefined) {
          const found = (base as unknown as (...args: unknown[]) => unknown)(key, ...rest);
          if (typeof found !== "string") return found;
          if (found !== key && !key.endsWith(`:${found}`)) {
            if (known === numbered && numbered.size >= NUMBERED_TEXTS_MAX) numbered.clear();
            known.set(id, found);
          }
          text = found;
        }
        return text;
      };
      // What i18next hangs on its fixed t (react-i18next and i18next itself read them).
      const { lng: fixedLng, lngs, ns: fixedNs, keyPrefix: fixedPrefix } = base as unknown as Record<string, unknown>;
      t = Object.assign(fixed, { lng: fixedLng, lngs, ns: fixedNs, keyPrefix: fixedPrefix }) as unknown as TFunction;
      fixedTs.set(id, t);
    }
    return t;
  }) as GetFixedT;
  instance.getFixedT = remembering;
}
