/** Size and SHA-256 of a stream, computed as the bytes pass through, so a large upload is never held in memory. */
import { createHash } from "node:crypto";
import { Readable, Transform, type TransformCallback } from "node:stream";

export class DigestStream extends Transform {
  // Not named "size": @aws-sdk/lib-storage takes a Body with a numeric `size` for a Blob of that length.
  byteCount = 0;
  private readonly hash = createHash("sha256");

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.byteCount += chunk.length;
    this.hash.update(chunk);
    callback(null, chunk);
  }

  /** Lower-case hex; call once, after the stream has ended. */
  sha256(): string {
    return this.hash.digest("hex");
  }
}

export function toReadable(body: Readable | Buffer): Readable {
  // Readable.from(buffer) would iterate single bytes; wrap it so it is one chunk.
  return Buffer.isBuffer(body) ? Readable.from([body]) : body;
}
