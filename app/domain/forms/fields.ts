/**
 * The building blocks of every form schema (issue 12, "one way to answer"). A form field arrives as a string (or
 * a File, or several strings under one name); these turn it into the value an action works with, and refuse it
 * with an error code the page shows beside the field. Each issue message is either an ErrorCode (shown as
 * `errors:codes.<code>`) or a page's own translation key (`ns:key`); parseForm (app/server/forms) does the mapping.
 *
 * Every text block applies the stored-text rule of app/domain/limits.ts (no control characters but tab and line
 * breaks, at most MAX_STORED_STRING_BYTES), so a form and an API that store the same text refuse the same input.
 */
import { z } from "zod";
import { isCalendarDay } from "../calendar-day";
import type { ErrorCode } from "../errors";
import { textProblem } from "../limits";

/** An issue message that is an error code: `errors:codes.<code>` beside the field. */
const code = (c: ErrorCode) => c;

/** Any text as sent, with the stored-text rule; not trimmed (passwords, tokens and free text keep their spaces). */
export const rawText = z.string({ error: code("field-invalid") }).superRefine((value, ctx) => {
  const problem = textProblem(value);
  if (problem) ctx.addIssue({ code: "custom", message: code(problem) });
});

/** Trimmed text, at least one character. `max` counts characters; the byte limit of stored text applies anyway. */
export function requiredText(max?: number, messages: { required?: string; tooLong?: string } = {}) {
  const trimmed = rawText.trim().min(1, messages.required ?? code("field-required"));
  return max === undefined ? trimmed : trimmed.max(max, messages.tooLong ?? code("field-invalid"));
}

/** Trimmed text that may be left empty (or absent): empty becomes undefined. */
export function optionalText(max?: number, messages: { tooLong?: string } = {}) {
  const trimmed = max === undefined ? rawText.trim() : rawText.trim().max(max, messages.tooLong ?? code("field-invalid"));
  return trimmed.optional().transform((v) => (v === undefined || v === "" ? undefined : v));
}

/** A record's id: every id Casus makes is a UUID, so anything else is refused before it reaches a query. */
export const recordId = z.guid({ error: code("field-invalid") });

/** The action a multi-purpose form asks for; a discriminated union on it names the others. */
export function intent<const T extends string>(value: T) {
  return z.literal(value, { error: code("unknown-intent") });
}

/** The branch of a discriminated union for a page's main form, which sends no intent at all. */
export const noIntent = z.undefined().optional();

/** One of several intents handled alike. */
export function intents<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: code("unknown-intent") });
}

/** One of a fixed set of choices (a select or a radio group). */
export function choice<const T extends readonly [string, ...string[]]>(values: T, message: string = code("field-invalid")) {
  return z.enum(values, { error: message });
}

/** A checkbox: present (any value the browser sends, usually "on") is true, absent is false. */
export const checkbox = z
  .string({ error: code("field-invalid") })
  .optional()
  .transform((v) => v !== undefined && v !== "" && v !== "false" && v !== "off");

/** A whole number typed or sent as text, within [min, max]. */
export function integer(min: number, max: number, message: string = code("field-invalid")) {
  return z
    .string({ error: message })
    .trim()
    .regex(/^[+-]?\d+$/, message)
    .transform(Number)
    .pipe(z.number().int(message).min(min, message).max(max, message));
}

/** An optional whole number: empty or absent is undefined. */
export function optionalInteger(min: number, max: number, message: string = code("field-invalid")) {
  return z
    .string({ error: message })
    .optional()
    .transform((v) => (v === undefined || v.trim() === "" ? undefined : v))
    .pipe(integer(min, max, message).optional());
}

/**
 * A dossier's version as the page last saw it; anything that is not a positive whole number means "not known"
 * (the page had no version yet), as before — the data layer then refuses a stale write with a version conflict.
 */
export const expectedVersion = z
  .string()
  .optional()
  .catch(undefined)
  .transform((v) => {
    const n = Number(v);
    return Number.isInteger(n) && n > 0 ? n : undefined;
  });

/** Several values under one name (checkbox groups, multi-selects): parseForm hands these over as an array. */
export function list<T extends z.ZodType>(item: T, max: number) {
  return z.array(item, { error: code("field-invalid") }).max(max, code("field-invalid")).default([]);
}

/**
 * A calendar day the product accepts (app/domain/calendar-day.ts: `YYYY-MM-DD`, a real day, its year within the
 * bounds of constants.ts), for a form field or an API body alike; an API reports any refusal as invalid-argument.
 */
export function calendarDay(message: string = code("field-invalid")) {
  return z.string({ error: message }).refine(isCalendarDay, { error: message });
}

/** An uploaded file (multipart); a text under the file's name is refused. */
export const file = z.instanceof(File, { error: code("field-required") });
