import type { TFunction } from "i18next";

/**
 * A list's fixed texts looked up once per distinct key, not once per row: i18next's lookups were a tenth of a list
 * page's server time (issue 13). For texts without values only; a text with a count or a date goes through `t`.
 */
export function translatedOnce(t: TFunction): (key: string) => string {
  const seen = new Map<string, string>();
  return (key) => {
    let text = seen.get(key);
    if (text === undefined) seen.set(key, (text = t(key)));
    return text;
  };
}
