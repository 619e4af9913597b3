/** StorageErrors as tus answers: the status from the one error map and a JSON body the upload client reads. */
import { Server } from "@tus/server";
import { StorageError } from "~/domain/storage-errors";

export interface TusErrorAnswer {
  status_code: number;
  body: string;
}

/** The answers made here, so the error hook can tell them from tus's own and from thrown exceptions. */
const ours = new WeakSet<object>();

/** Only the code and harmless details (a reason, a limit) go to the client; never a path or a stack. */
export function storageErrorBody(error: StorageError): string {
  const { reason, field, maxBytes, quotaBytes, usedBytes } = error.details as Record<string, unknown>;
  return JSON.stringify({ code: error.code, reason, field, maxBytes, quotaBytes, usedBytes });
}

export function tusError(error: StorageError): TusErrorAnswer {
  const answer = { status_code: error.status, body: storageErrorBody(error) };
  ours.add(answer);
  return answer;
}

export function isTusErrorAnswer(value: unknown): value is TusErrorAnswer {
  return typeof value === "object" && value !== null && ours.has(value);
}

/** What any unexpected failure answers, as every other API endpoint does (api-error.server.ts): no message, no stack. */
export const INTERNAL_ERROR_ANSWER: TusErrorAnswer = { status_code: 500, body: JSON.stringify({ code: "internal" }) };

/** A body that is a JSON object: ours (the answers above). tus's own bodies are a line of text ("Not found"). */
function isJsonObject(body: string): boolean {
  if (!body.startsWith("{")) return false;
  try {
    return typeof JSON.parse(body) === "object";
  } catch {
    return false;
  }
}

/**
 * tus, answering with a JSON body of ours, still says it is text: a hook (onUploadCreate, onResponseError, a store's
 * refusal) gives only a status and a body, and tus writes the body as a web Response without a type, which makes it
 * text/plain. Every error answer goes through `write` with the request's headers, so there our JSON gets its type,
 * as every other API endpoint's (api-error.server.ts).
 */
export class JsonAnsweringTusServer extends Server {
  override write(...[context, headers, status, body = ""]: Parameters<Server["write"]>): ReturnType<Server["write"]> {
    if (isJsonObject(body)) headers.set("Content-Type", "application/json; charset=utf-8");
    return super.write(context, headers, status, body);
  }
}
