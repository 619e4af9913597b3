/**
 * The one way a page action takes its input (issue 12, "one way to answer"): read the body with readForm (415, 413,
 * 400, control characters, stored-text limit), turn the FormData into an object and check it with the action's
 * Zod schema. A form that does not fit is never a 500 and never reaches the data layer:
 * - a missing or unknown `intent` → 400 `unknown-intent` (the page sent something this action does not do);
 * - any other problem → 422 `invalid-form`, with each field's first problem as a translation key the page shows
 *   beside that field (`errors:codes.field-required`, `errors:codes.field-invalid`, or the schema's own key).
 *
 * The refusal is returned, not thrown, so that each page answers it in the shape it already shows
 * (`return invalidForm(input, { …the page's shape… })`); `throw invalidForm(input)` shows the error page instead.
 */
import { data } from "react-router";
import type { z } from "zod";
import { ERROR_STATUS, errorMessageKey, type ErrorCode } from "~/domain/errors";
import { readForm, type ReadFormOptions } from "./read-form.server";

export interface ParsedForm<T> {
  ok: true;
  data: T;
  /** The body as read, for the few forms whose many dynamic fields a domain parser reads (dossier content). */
  form: FormData;
  /** Each text field's first value as sent, for a page that shows the form again. */
  values: Record<string, string>;
}

export interface FormRefusal {
  ok: false;
  status: 400 | 422;
  code: "unknown-intent" | "invalid-form";
  /** Field name → translation key of its first problem. */
  fields: Record<string, string>;
  values: Record<string, string>;
}

type Def = { type?: string; shape?: Record<string, { def?: Def }>; options?: { def?: Def }[]; innerType?: { def?: Def }; in?: { def?: Def }; out?: { def?: Def } };

/** Does this (possibly wrapped) schema take an array? Then every value under its name is kept. */
function takesArray(def: Def | undefined): boolean {
  if (!def) return false;
  if (def.type === "array") return true;
  if (def.type === "pipe") return takesArray(def.in?.def) || takesArray(def.out?.def);
  return takesArray(def.innerType?.def);
}

/** The names the schema reads as arrays, across every branch of a union (one branch per intent). */
function arrayFields(def: Def | undefined, out = new Set<string>()): Set<string> {
  if (!def) return out;
  if (def.type === "object" && def.shape) for (const [name, field] of Object.entries(def.shape)) if (takesArray(field.def)) out.add(name);
  if (def.type === "union" || def.type === "intersection") for (const option of def.options ?? []) arrayFields(option.def, out);
  if (def.type === "pipe") arrayFields(def.in?.def, out);
  else arrayFields(def.innerType?.def, out);
  return out;
}

/** FormData → object: one value per name (the first), all of them where the schema wants an array; files stay File. */
function formObject(form: FormData, arrays: Set<string>): Record<string, FormDataEntryValue | FormDataEntryValue[]> {
  const out: Record<string, FormDataEntryValue | FormDataEntryValue[]> = {};
  for (const name of new Set(form.keys())) out[name] = arrays.has(name) ? form.getAll(name) : (form.get(name) as FormDataEntryValue);
  return out;
}

function firstStrings(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string" && !(name in out)) out[name] = value;
  return out;
}

/**
 * An issue's message as a translation key: a page's own `ns:key`, an error code, or (for Zod's English) field-invalid;
 * a field that was not sent at all is field-required unless the schema says something more precise.
 */
function messageKey(issue: z.core.$ZodIssue, sent: boolean): string {
  if (/^[a-z][\w-]*:[\w.-]+$/i.test(issue.message)) return issue.message;
  const known = issue.message in ERROR_STATUS ? (issue.message as ErrorCode) : "field-invalid";
  return errorMessageKey(!sent && known === "field-invalid" ? "field-required" : known);
}

function refusalOf(error: z.ZodError, object: Record<string, unknown>, values: Record<string, string>): FormRefusal {
  const fields: Record<string, string> = {};
  let unknownIntent = false;
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : "form";
    if (field === "intent" || issue.message === "unknown-intent") unknownIntent = true;
    fields[field] ??= messageKey(issue, object[field] !== undefined);
  }
  if (unknownIntent) return { ok: false, status: 400, code: "unknown-intent", fields: { intent: errorMessageKey("unknown-intent") }, values };
  return { ok: false, status: 422, code: "invalid-form", fields, values };
}

export async function parseForm<S extends z.ZodType>(request: Request, schema: S, options: ReadFormOptions = {}): Promise<ParsedForm<z.output<S>> | FormRefusal> {
  const form = await readForm(request, options);
  const object = formObject(form, arrayFields((schema as { def?: Def }).def));
  const values = firstStrings(form);
  const result = schema.safeParse(object);
  if (result.success) return { ok: true, data: result.data, form, values };
  return refusalOf(result.error, object, values);
}

/**
 * The answer to a refused form, with its status (400 or 422): by default `{ code, fields }`; a page passes the
 * shape its component already shows. Returned, the page renders it; thrown, the error page shows the code.
 */
export function invalidForm<T = { code: FormRefusal["code"]; fields: Record<string, string> }>(refusal: FormRefusal, body?: T) {
  return data(body ?? ({ code: refusal.code, fields: refusal.fields } as T), { status: refusal.status });
}
