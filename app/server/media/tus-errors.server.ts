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
 * tus's own refusals, which it writes as a line of English text ("Tus-Resumable Required", "Invalid content-type",
 * "Not found"), in the seed's codes: a request tus cannot take is storage/invalid-argument, and one for an
 * extension this server does not offer (tus answers 501, a server error) is the client's request too, so 400. Not
 * a conflicting offset (409) or a locked upload (423): the upload client tries again on their status, as the tus
 * protocol expects, and their text is kept. Null for anything else (a success, a JSON answer of ours).
 */
export function tusRefusal(status: number, body: string): TusErrorAnswer | null {
  if (isJsonObject(body) || status < 400 || status === 409 || status === 423 || (status >= 500 && status !== 501)) return null;
  if (status === 404 || status === 410) return { status_code: status, body: storageErrorBody(new StorageError("storage/object-not-found")) };
  const reason = status === 501 ? "unsupported" : "malformed";
  return { status_code: status === 501 ? 400 : status, body: storageErrorBody(new StorageError("storage/invalid-argument", { reason })) };
}

/**
 * tus, answering with a JSON body of ours, still says it is text: a hook (onUploadCreate, onResponseError, a store's
 * refusal) gives only a status and a body, and tus writes the body as a web Response without a type, which makes it
 * text/plain. Every answer goes through `write` with the request's headers, so there our JSON gets its type, as
 * every other API endpoint's (api-error.server.ts), and tus's own text refusals, including those it writes
 * before any hook runs (a missing Tus-Resumable, an invalid header), become ours (`tusRefusal`).
 */
export class JsonAnsweringTusServer extends Server {
  override write(...[context, headers, status, body = ""]: Parameters<Server["write"]>): ReturnType<Server["write"]> {
    const refusal = tusRefusal(status, body);
    const [answerStatus, answerBody] = refusal ? [refusal.status_code, refusal.body] : [status, body];
    if (isJsonObject(answerBody)) headers.set("Content-Type", "application/json; charset=utf-8");
    return super.write(context, headers, answerStatus, answerBody);
  }
}
