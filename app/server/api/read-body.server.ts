/**
 * Reads an API request's body with a cap: the declared length is checked before reading and the bytes are counted
 * while reading, so an oversized or endless body stops at the limit (the connection is then closed by
 * closeAfterUnreadBody). Failures are BodyReadErrors the wrapper words in the endpoint's dialect.
 */
import type { Request } from "express";

export class BodyReadError extends Error {
  constructor(readonly kind: "too-large" | "malformed-body" | "unsupported-media-type") {
    super(kind);
  }
}

export async function readBody(req: Request, maxBytes: number, mediaType: string | null): Promise<Buffer> {
  if (mediaType !== null) {
    const declaredType = (req.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
    if (declaredType !== mediaType) throw new BodyReadError("unsupported-media-type");
  }
  const declared = Number(req.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) throw new BodyReadError("too-large");
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const stop = (error: BodyReadError | null) => {
      req.off("data", onData).off("end", onEnd).off("error", onError).off("aborted", onError);
      if (error) {
        // Not destroyed: the refusal must still reach the client; the rest of the body is left unread.
        req.pause();
        reject(error);
      } else resolve(Buffer.concat(chunks));
    };
    const onData = (chunk: Buffer) => {
      total += chunk.byteLength;
      if (total > maxBytes) stop(new BodyReadError("too-large"));
      else chunks.push(chunk);
    };
    const onEnd = () => stop(null);
    // The client went away or sent a broken chunked body.
    const onError = () => stop(new BodyReadError("malformed-body"));
    req.on("data", onData).on("end", onEnd).on("error", onError).on("aborted", onError);
  });
}
