/**
 * SHA-256 of staged uploads, kept up to date in the background after each PATCH this process answers, so a
 * finished upload need not be read again from its first byte while the client waits for the last answer (issue 17
 * point 7: that read was most of the last PATCH of a 1 GiB upload; decision 091).
 *
 * The hashing runs on a worker thread, so it takes the other core instead of the thread that receives the bytes.
 * Its state lives in this process only: a hash's state cannot move to another instance. An instance that answers
 * every other PATCH still keeps up, reading what the other instance staged from the shared staging directory; one
 * that has no state (it restarted, or never saw the upload) hashes from the first byte, at its next PATCH or when it
 * finishes the upload. That is sound because tus only appends and one request at a time holds an upload's lock: the
 * bytes below an offset a PATCH reported never change. The file's identity (device, inode, birth time) is kept with
 * the state and checked at each step, and a digest is only given for a file of exactly the upload's size.
 */
import { Worker } from "node:worker_threads";

/**
 * The worker, as source text run with `eval` (CommonJS), so the server bundle needs no second entry point. It
 * handles one message at a time, in order, with synchronous reads: blocking is what this thread is for. One buffer
 * is read into again and again: a read stream's fresh buffer per read cost three times the CPU here.
 */
const WORKER_SOURCE = `
const { parentPort } = require("node:worker_threads");
const { createHash } = require("node:crypto");
const fs = require("node:fs");
// The uploads least recently advanced beyond this are forgotten; one of them that goes on is hashed from its start.
const KEPT_UPLOADS = 256;
const buffer = Buffer.allocUnsafe(4 * 1024 * 1024);
const uploads = new Map();
const fresh = () => ({ hash: createHash("sha256"), hashed: 0, identity: null });
function hashTo(state, file, to, exactSize) {
  const fd = fs.openSync(file, "r");
  try {
    const { dev, ino, birthtimeMs, size } = fs.fstatSync(fd);
    const identity = dev + ":" + ino + ":" + birthtimeMs;
    if (state.identity !== null && state.identity !== identity) throw Object.assign(new Error("the staged file was replaced"), { replaced: true });
    state.identity = identity;
    if (exactSize && size !== to) throw new Error("the staged file holds " + size + " bytes, not " + to);
    while (state.hashed < to) {
      const read = fs.readSync(fd, buffer, 0, Math.min(buffer.length, to - state.hashed), state.hashed);
      if (read === 0) throw new Error("staged file ended after " + state.hashed + " of " + to + " bytes");
      state.hash.update(buffer.subarray(0, read));
      state.hashed += read;
    }
  } finally {
    fs.closeSync(fd);
  }
}
parentPort.on("message", (message) => {
  const { type, id } = message;
  if (type === "advance") {
    const state = uploads.get(id) ?? fresh();
    // Taken out and put back: Map keeps insertion order, so the first key is the upload least recently advanced.
    uploads.delete(id);
    uploads.set(id, state);
    if (uploads.size > KEPT_UPLOADS) uploads.delete(uploads.keys().next().value);
    try {
      hashTo(state, message.file, message.offset, false);
    } catch {
      uploads.delete(id); // gone or cut short (cancelled, expired): nothing to keep
    }
  } else if (type === "forget") {
    uploads.delete(id);
  } else if (type === "digest") {
    const kept = uploads.get(id);
    uploads.delete(id);
    try {
      let state = kept && kept.hashed <= message.size ? kept : fresh();
      try {
        hashTo(state, message.file, message.size, true);
      } catch (error) {
        // State for an earlier file of that name: start again on this one.
        if (state !== kept || !error.replaced) throw error;
        hashTo((state = fresh()), message.file, message.size, true);
      }
      parentPort.postMessage({ reply: message.reply, sha256: state.hash.digest("hex") });
    } catch (error) {
      parentPort.postMessage({ reply: message.reply, error: String(error && error.message) });
    }
  } else if (type === "state") {
    parentPort.postMessage({ reply: message.reply, hashed: uploads.get(id)?.hashed, uploads: uploads.size });
  }
});
`;

interface Reply {
  reply: number;
  sha256?: string;
  error?: string;
  hashed?: number;
  uploads?: number;
}

export class StagedDigests {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, { resolve: (reply: Reply) => void; reject: (error: Error) => void }>();
  private nextReply = 0;

  /** The worker, started on first use and again after it failed. It keeps the process alive only while asked. */
  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    worker.unref();
    worker.on("message", (reply: Reply) => {
      this.waiting.get(reply.reply)?.resolve(reply);
      this.waiting.delete(reply.reply);
      if (this.waiting.size === 0) worker.unref();
    });
    const lost = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      for (const { reject } of this.waiting.values()) reject(error);
      this.waiting.clear();
    };
    worker.on("error", lost);
    worker.on("exit", (code) => lost(new Error(`the upload hashing thread stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }

  private ask(message: Record<string, unknown>): Promise<Reply> {
    const worker = this.thread();
    const reply = this.nextReply++;
    return new Promise<Reply>((resolve, reject) => {
      this.waiting.set(reply, { resolve, reject });
      worker.ref();
      worker.postMessage({ ...message, reply });
    });
  }

  /** After a PATCH of upload `id` ended at `offset`: hashes the staged bytes up to there, in the background. */
  advance(id: string, file: string, offset: number): void {
    this.thread().postMessage({ type: "advance", id, file, offset });
  }

  /** The SHA-256 (hex) of the finished upload's staged file, which must hold exactly `size` bytes; forgets its state. */
  async digest(id: string, file: string, size: number): Promise<string> {
    const { sha256, error } = await this.ask({ type: "digest", id, file, size });
    if (sha256 === undefined) throw new Error(error ?? "no digest");
    return sha256;
  }

  forget(id: string): void {
    this.worker?.postMessage({ type: "forget", id });
  }

  /** Bytes of upload `id` hashed so far, once the work asked before is done, and how many uploads have state (for tests). */
  async state(id: string): Promise<{ hashed: number | undefined; uploads: number }> {
    const { hashed, uploads = 0 } = await this.ask({ type: "state", id });
    return { hashed, uploads };
  }

  /** Stops the worker (tests; a server simply exits); digests still awaited fail. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    for (const { reject } of this.waiting.values()) reject(new Error("the upload hashing thread was stopped"));
    this.waiting.clear();
    await worker?.terminate();
  }
}
