/**
 * The seed's limits on user-supplied keys and stored strings (SPEC.md §5), as plain checks and as Zod schemas
 * so that every form and API applies the same rule with the same error code.
 */
import { z } from "zod";
import { ADMIN_SEARCH_MAX, FORBIDDEN_KEY_CHARACTERS, MAX_STORED_STRING_BYTES } from "./constants";
import type { ErrorCode } from "./errors";

/** C0 and C1 control characters and DEL: none belongs in a one-line value (a key, a file name, an upload's metadata). */
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/** Why a key is not acceptable, or null when it is. */
export function keyProblem(key: string): Extract<ErrorCode, `key-${string}`> | null {
  if (key.length === 0) return "key-empty";
  if (CONTROL_CHARACTER.test(key)) return "key-control-character";
  if (FORBIDDEN_KEY_CHARACTERS.some((c) => key.includes(c))) return "key-forbidden-character";
  return null;
}

export function utf8ByteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}

/**
 * Control characters a stored text may not hold: C0 and DEL, except the tab, line feed and carriage return a
 * textarea sends. (A NUL cannot be stored in PostgreSQL text at all; the others hide text or restyle terminals.)
 */
export const TEXT_CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const TEXT_CONTROL_CHARACTERS = new RegExp(TEXT_CONTROL_CHARACTER.source, "g");

/**
 * Half a UTF-16 surrogate pair, alone: no character at all. Only a JSON body can carry one (`"\ud800"`; forms
 * decode UTF-8, which cannot hold it), and PostgreSQL's json and jsonb refuse it.
 */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * A list's search as the server uses it (`?q=`, `?find=`): without the control characters no stored text holds
 * (nothing could match them, and PostgreSQL refuses a NUL outright), trimmed, at most ADMIN_SEARCH_MAX characters.
 */
export function searchText(raw: string | null | undefined): string {
  return (raw ?? "").replace(TEXT_CONTROL_CHARACTERS, "").trim().slice(0, ADMIN_SEARCH_MAX);
}

/** Why a text from a form or API is not acceptable to store, or null: every path that writes text asks this. */
export function textProblem(text: string): "text-control-character" | "string-too-long" | null {
  if (TEXT_CONTROL_CHARACTER.test(text)) return "text-control-character";
  return storedStringProblem(text);
}

/** Why a stored string is not acceptable, or null. */
export function storedStringProblem(text: string): "string-too-long" | null {
  // Fast path: a UTF-16 string can take at most 3 UTF-8 bytes per code unit.
  if (text.length * 3 <= MAX_STORED_STRING_BYTES) return null;
  return utf8ByteLength(text) > MAX_STORED_STRING_BYTES ? "string-too-long" : null;
}

/** Zod: a user-supplied key. The issue message is the error code; forms translate it via errors:codes.*. */
export const keySchema = z.string().superRefine((value, ctx) => {
  const problem = keyProblem(value);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

/** Zod: any text that will be stored. */
export const storedStringSchema = z.string().superRefine((value, ctx) => {
  const problem = storedStringProblem(value);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});
