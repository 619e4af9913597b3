/**
 * The one way a page action reads its body (issue 12). Whatever arrives — nothing, JSON, text, a truncated or
 * oversized multipart body, a field with a NUL byte — the answer is a 4xx with a translated message (the error
 * page shows `errors:codes.<code>`), never a 500 from the parser or the database:
 * - not a form (neither urlencoded nor multipart) → 415 unsupported-media-type;
 * - over the limit (declared or counted while reading) → 413 payload-too-large;
 * - a body the form parser cannot read → 400 malformed-body;
 * - a text field with a control character (tab, line feed and carriage return excepted) → 422
 *   text-control-character; the stored-string limit applies to every text field (413 string-too-long).
 */
import { MAX_STORED_STRING_BYTES } from "~/domain/constants";
import { AppError, type ErrorCode } from "~/domain/errors";
import { textProblem } from "~/domain/limits";
import { errorResponse } from "../http/responses.server";

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

function refuse(code: ErrorCode): never {
  throw errorResponse(new AppError(code));
}

async function readCapped(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      refuse("malformed-body");
    }
    if (chunk.done) break;
    total += chunk.value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      refuse("payload-too-large");
    }
    chunks.push(chunk.value);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

export interface ReadFormOptions {
  /** The largest body this action accepts, in bytes (default: the seed's stored-string limit). */
  maxBytes?: number;
}

export async function readForm(request: Request, options: ReadFormOptions = {}): Promise<FormData> {
  const maxBytes = options.maxBytes ?? MAX_STORED_STRING_BYTES;
  const contentType = request.headers.get("content-type") ?? "";
  const mediaType = contentType.split(";")[0].trim().toLowerCase();
  if (!FORM_TYPES.includes(mediaType)) refuse("unsupported-media-type");
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) refuse("payload-too-large");
  const bytes = request.body ? await readCapped(request.body, maxBytes) : new Uint8Array();
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { "content-type": contentType } }).formData();
  } catch {
    refuse("malformed-body");
  }
  for (const value of form.values()) {
    if (typeof value !== "string") continue;
    const problem = textProblem(value);
    if (problem) refuse(problem);
  }
  return form;
}

/** Room for a multipart body's boundaries and part headers around a file at its size limit. */
export const FORM_OVERHEAD_BYTES = 64 * 1024;
