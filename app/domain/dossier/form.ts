/**
 * Dossier forms as plain HTML forms (they work without JavaScript) and back: field names are stable codes,
 * `left.canal` style for per-ear fields. The server parses the submitted FormData with these functions and then
 * validates with the Zod schemas of content.ts; the browser's autosave sends the same FormData.
 */
import type { z } from "zod";
import { MAX_STORED_STRING_BYTES } from "../constants";
import { type Anamnesis, anamnesisSchema, type EarReasoning, earReasoningSchema, type Reasoning, type Review } from "./content";
import { type Ear, EARS } from "./choices";

type Form = Pick<FormData, "get" | "getAll">;

function textOf(form: Form, name: string): string | undefined {
  const value = form.get(name);
  if (typeof value !== "string") return undefined;
  return value.trim() === "" ? undefined : value;
}

/** A number as a person types it (and a number field sends it): digits, a sign, a decimal point. */
const TYPED_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/**
 * A typed number, or NaN for anything else, for validation to refuse rather than silently drop: `Number()` alone
 * also reads `0x10` as 16, `1e3` as 1000 and spaces as 0, which no field offers.
 */
export function typedNumber(value: string): number {
  const trimmed = value.trim();
  return TYPED_NUMBER.test(trimmed) ? Number(trimmed) : Number.NaN;
}

function intOf(form: Form, name: string): number | undefined {
  const value = textOf(form, name);
  if (value === undefined) return undefined;
  return typedNumber(value);
}

function listOf(form: Form, name: string): string[] {
  return [...new Set(form.getAll(name).filter((v): v is string => typeof v === "string" && v !== ""))];
}

export function anamnesisFromForm(form: Form): Record<keyof Anamnesis, unknown> {
  return {
    complaints: listOf(form, "complaints"),
    otherComplaint: textOf(form, "otherComplaint"),
    onset: textOf(form, "onset"),
    durationDays: intOf(form, "durationDays"),
    history: listOf(form, "history"),
    medication: textOf(form, "medication"),
    allergies: textOf(form, "allergies"),
    question: textOf(form, "question"),
  };
}

/**
 * A plan, and its days until follow-up only when it has a follow-up: the days field stays in the form (hidden) when
 * follow-up is unticked again, and days without a follow-up would be stored and exported as if advised.
 */
function planOf(form: Form, prefix: string): { plan: string[]; followUpDays: unknown } {
  const plan = listOf(form, `${prefix}.plan`);
  return { plan, followUpDays: plan.includes("follow-up") ? intOf(form, `${prefix}.followUpDays`) : undefined };
}

function earReasoningFromForm(form: Form, ear: Ear): Record<keyof EarReasoning, unknown> {
  return {
    canal: listOf(form, `${ear}.canal`),
    eardrum: listOf(form, `${ear}.eardrum`),
    diagnosis: textOf(form, `${ear}.diagnosis`),
    otherDiagnosis: textOf(form, `${ear}.otherDiagnosis`),
    differential: listOf(form, `${ear}.differential`),
    confidence: intOf(form, `${ear}.confidence`),
    ...planOf(form, ear),
    argument: textOf(form, `${ear}.argument`),
  };
}

/** Only the ears the dossier covers are read; the other ear's stored reasoning is dropped. */
export function reasoningFromForm(form: Form, ears: readonly Ear[]): Partial<Record<keyof Reasoning, unknown>> {
  const out: Partial<Record<Ear, unknown>> = {};
  for (const ear of EARS) if (ears.includes(ear)) out[ear] = earReasoningFromForm(form, ear);
  return out;
}

/** The drawing notes travel as one JSON field; unreadable JSON is left for the schema to refuse. */
function drawingsOf(form: Form): unknown {
  const raw = form.get("drawings");
  if (typeof raw !== "string" || raw.trim() === "") return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

export function reviewFromForm(form: Form, ears: readonly Ear[]): Record<keyof Review, unknown> {
  const perEar: Partial<Record<Ear, unknown>> = {};
  for (const ear of ears) {
    perEar[ear] = {
      diagnosis: textOf(form, `review.${ear}.diagnosis`),
      ...planOf(form, `review.${ear}`),
    };
  }
  return {
    agreement: textOf(form, "agreement"),
    ears: perEar,
    advisedPlan: textOf(form, "advisedPlan"),
    urgency: textOf(form, "urgency"),
    feedback: textOf(form, "feedback"),
    imageQuality: intOf(form, "imageQuality"),
    drawings: drawingsOf(form),
  };
}

/** A refused anamnesis value's path in the draft (zod's issue path) → the item its field shows errors for. */
const ANAMNESIS_ITEM: Record<string, string> = {
  complaints: "anamnesis-complaints",
  onset: "anamnesis-onset",
  durationDays: "anamnesis-duration",
  question: "anamnesis-question",
};

/**
 * A refused reasoning value's key within its ear → the item (without the ear) whose field holds it. The findings
 * are one field of two lists, and the other diagnosis's details sit inside the diagnosis's field; the differential
 * has no item of its own (it is optional, so it has no required mark or message to show), and is left unnamed.
 */
const REASONING_ITEM: Record<string, string> = {
  canal: "findings",
  eardrum: "findings",
  diagnosis: "diagnosis",
  otherDiagnosis: "diagnosis",
  confidence: "confidence",
  plan: "plan",
  followUpDays: "follow-up",
  argument: "argument",
};

/** A table's own entry only: a path's key is the request's, and `constructor` is no field. */
function own(table: Record<string, string>, key: string | undefined): string | undefined {
  return key !== undefined && Object.hasOwn(table, key) ? table[key] : undefined;
}

function itemOfPath(path: string): string | undefined {
  const [part, key, field] = path.split(".");
  if (part === "anamnesis") return own(ANAMNESIS_ITEM, key);
  // `reasoning.left.followUpDays` → `reasoning-left-follow-up`: per ear, as the fields and the missing list name it.
  const item = part === "reasoning" && (key === "left" || key === "right") ? own(REASONING_ITEM, field) : undefined;
  return item && `reasoning-${key}-${item}`;
}

/**
 * The fields a refused save names, as the items their fields show errors for: a value the server would not take
 * (a negative duration or follow-up typed past the browser's check) is marked where it was typed, on whichever
 * step autosaved it, not only said in a line. A path with no field of its own names nothing.
 */
export function refusedItemsOf(paths: readonly string[]): string[] {
  const items = paths.map(itemOfPath);
  return [...new Set(items.filter((item): item is string => item !== undefined))];
}

/**
 * What the message beside a refused value's field says, as a `dossier:` translation key and its values: the item's
 * "missing" wording would tell someone who typed a value that they typed nothing. A number says the range it must
 * lie in, read from the very schema the server checked it with; a text over the stored-text limit says the limit; any
 * other value (one no choice offers) is said to be not valid, as every form says it.
 */
export interface RefusedValueMessage {
  key: "dossier:refusedValue.days" | "dossier:refusedValue.number" | "dossier:refusedValue.tooLong" | "errors:codes.field-invalid";
  values?: Record<string, number>;
}

/** A refused save's issue as the server names it (edit.server.ts `{ path, message }`; create.server.ts the path alone). */
export type RefusedIssue = { path?: unknown; message?: unknown } | string;

/** The range a number schema takes (its optional wrapper unwrapped): the bounds the server refuses outside of. */
function rangeOf(schema: z.ZodOptional<z.ZodNumber>): { min: number; max: number } {
  const { minValue, maxValue } = schema.unwrap();
  if (minValue === null || maxValue === null) throw new Error("a dossier number field has no range");
  return { min: minValue, max: maxValue };
}

/** The number fields by their key in the draft: whole days (duration, follow-up) or a number on a scale (confidence). */
const NUMBER_FIELDS: Record<string, RefusedValueMessage> = {
  durationDays: { key: "dossier:refusedValue.days", values: rangeOf(anamnesisSchema.shape.durationDays) },
  followUpDays: { key: "dossier:refusedValue.days", values: rangeOf(earReasoningSchema.shape.followUpDays) },
  confidence: { key: "dossier:refusedValue.number", values: rangeOf(earReasoningSchema.shape.confidence) },
};

/** The stored-text limit in whole megabytes (MAX_STORED_STRING_BYTES), as the limit's message says it. */
const TOO_LONG: RefusedValueMessage = { key: "dossier:refusedValue.tooLong", values: { megabytes: Math.floor(MAX_STORED_STRING_BYTES / (1024 * 1024)) } };
// One wording for "not valid" (the forms' field-invalid), not a second one of the dossier's own.
const INVALID: RefusedValueMessage = { key: "errors:codes.field-invalid" };

function messageOfIssue(path: string, message: unknown): RefusedValueMessage {
  const key = path.split(".").at(-1) ?? "";
  if (Object.hasOwn(NUMBER_FIELDS, key)) return NUMBER_FIELDS[key];
  // storedStringSchema's own issue (app/domain/limits.ts); any other problem of a text is no text at all.
  if (message === "string-too-long") return TOO_LONG;
  return INVALID;
}

/**
 * A refused save's issues → per item (as refusedItemsOf names them), what its field says about the value: the first
 * issue of an item wins (a diagnosis's field holds the other diagnosis's text too). Issues with no field name none.
 */
export function refusedValuesOf(issues: readonly RefusedIssue[]): Record<string, RefusedValueMessage> {
  const out: Record<string, RefusedValueMessage> = {};
  for (const issue of issues) {
    const path = typeof issue === "string" ? issue : issue.path;
    if (typeof path !== "string") continue;
    const item = itemOfPath(path);
    if (item === undefined || Object.hasOwn(out, item)) continue;
    out[item] = messageOfIssue(path, typeof issue === "string" ? undefined : issue.message);
  }
  return out;
}

/** The id of the form field a missing item points at (the missing list links to it). */
export function fieldIdOf(item: string): string {
  return `field-${item}`;
}
