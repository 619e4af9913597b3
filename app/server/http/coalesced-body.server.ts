/**
 * A page's body, written in few large chunks instead of React's many small ones.
 *
 * React's stream renderer writes a page in views of 2–4 KB. Each view then crossed a Node stream, a web stream
 * and Express's response on its own (a read promise, a write, a chunk of the chunked encoding, a compression flush
 * and a `writev` system call): on a 50 kB page, a dozen or more of each. What React writes in one turn of the event
 * loop is gathered here and passed on as one chunk at the next turn; a Suspense boundary that resolves later still
 * arrives as soon as it is ready, so the page streams as before.
 */
import { Transform } from "node:stream";

/** Passed on at once past this size, so a very large page is not held whole in memory before its first byte. */
const MAX_GATHERED_BYTES = 256 * 1024;

export function coalescedBody(onEnd: () => void): Transform {
  let parts: Buffer[] = [];
  let size = 0;
  let scheduled: NodeJS.Immediate | null = null;

  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      parts.push(chunk);
      size += chunk.length;
      if (size >= MAX_GATHERED_BYTES) passOn();
      else scheduled ??= setImmediate(passOn);
      callback();
    },
    flush(callback) {
      passOn();
      onEnd();
      callback();
    },
    destroy(error, callback) {
      if (scheduled) clearImmediate(scheduled);
      scheduled = null;
      parts = [];
      onEnd();
      callback(error);
    },
  });

  function passOn() {
    if (scheduled) clearImmediate(scheduled);
    scheduled = null;
    if (size === 0) return;
    const chunk = parts.length === 1 ? parts[0] : Buffer.concat(parts, size);
    parts = [];
    size = 0;
    stream.push(chunk);
  }

  return stream;
}
