/**
 * An audit row's recorded facts ("before" and "after") as text in the page's language: field names and the values
 * the product itself writes (sign-in methods, read grants, reasons, roles, languages, yes/no) are translated; a value
 * nobody translated (an id, an address, a count) is shown as recorded.
 */
import { errorMessageKey, isErrorCode } from "~/domain/errors";

export type Translate = (key: string, options?: Record<string, unknown>) => string;
export type Exists = (key: string) => boolean;

const EMPTY = "—";

/** Fields whose values share a word list with another field. */
const VALUE_LIST: Record<string, string> = { secondFactor: "method" };

/** Better Auth's own error codes ("INVALID_CODE"), which older releases recorded as a failed step's reason. */
const LIBRARY_CODE = /^[A-Z][A-Z0-9_]*$/;

/**
 * A recorded reason: the product's short wording of its code (people:audit.values.reason), else the error message
 * of an error code. A failed second factor of an older release recorded an HTTP status or Better Auth's code
 * instead: that says no more than "refused".
 */
function reasonText(value: unknown, t: Translate, exists: Exists): string {
  const text = String(value);
  if (typeof value !== "string" || LIBRARY_CODE.test(text)) return t("people:audit.values.reason.refused");
  if (exists(`people:audit.values.reason.${text}`)) return t(`people:audit.values.reason.${text}`);
  if (isErrorCode(text)) return t(errorMessageKey(text));
  return text;
}

function valueText(field: string, value: unknown, t: Translate, exists: Exists): string {
  if (value === null || value === undefined || value === "") return EMPTY;
  if (typeof value === "boolean") return value ? t("people:audit.values.yes") : t("people:audit.values.no");
  if (Array.isArray(value)) return value.length ? value.map((v) => valueText(field, v, t, exists)).join(", ") : EMPTY;
  if (typeof value === "object") return `(${factsText(value, t, exists)})`;
  const text = String(value);
  if (field === "reason") return reasonText(value, t, exists);
  if (field === "role" && exists(`common:roles.${text}`)) return t(`common:roles.${text}`);
  if (field === "locale" && exists(`common:language.names.${text}`)) return t(`common:language.names.${text}`);
  if (field === "specialty" && exists(`people:specialties.${text}`)) return t(`people:specialties.${text}`);
  const list = VALUE_LIST[field] ?? field;
  // Single sign-on records its provider: "oidc:<provider id>".
  if (list === "method" && text.startsWith("oidc:")) return t("people:audit.values.method.oidc", { provider: text.slice(5) });
  const key = `people:audit.values.${list}.${text}`;
  return exists(key) ? t(key) : text;
}

function fieldName(field: string, t: Translate, exists: Exists): string {
  const key = `people:audit.fields.${field}`;
  return exists(key) ? t(key) : field;
}

function factsText(value: object, t: Translate, exists: Exists): string {
  const pairs = Object.entries(value as Record<string, unknown>).map(([field, v]) => `${fieldName(field, t, exists)}${t("common:labelSeparator")}${valueText(field, v, t, exists)}`);
  return pairs.length ? pairs.join(t("common:listSeparator")) : EMPTY;
}

/** One column of an audit row: "name: value; …" (phone numbers are masked already when recorded). */
export function auditFacts(value: unknown, t: Translate, exists: Exists): string {
  if (value === null || value === undefined) return EMPTY;
  if (typeof value !== "object" || Array.isArray(value)) return valueText("", value, t, exists);
  return factsText(value, t, exists);
}

/** The namespaces the texts above come from: a page that shows an audit list loads them. */
export const AUDIT_NAMESPACES = ["people", "common", "errors"] as const;
