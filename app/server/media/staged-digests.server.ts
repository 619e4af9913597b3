/**
 * SHA-256 of staged uploads, kept up to date in the background after each PATCH this process answers, so a
 * finished upload need not be read again from its first byte while the client waits for the last answer (issue 17
 * point 7: that read was most of the last PATCH of a 1 GiB upload).
 *
 * The state lives in this process only: a hash's state cannot move to another instance. An instance that answers
 * every other PATCH still keeps up, reading what the other instance staged from the shared staging directory; one
 * that has no state (it restarted, or never saw the upload) hashes the whole file when it finishes the upload.
 * That is sound because tus only appends: the bytes below an offset a PATCH reported never change.
 */
import { createHash, type Hash } from "node:crypto";
import fs from "node:fs/promises";

/** Uploads whose state is kept; an older one is forgotten and, if it finishes here, hashed whole. */
const KEPT_UPLOADS = 64;
const READ_BYTES = 1024 * 1024;

interface Progress {
  hash: Hash;
  /** Bytes hashed so far, from the start of the file. */
  hashed: number;
  /** The work on this upload, one step after the other. */
  queue: Promise<void>;
}

/** Hashes `file` from `from` up to `to` into `hash`; throws when the file holds fewer bytes. */
async function hashRange(hash: Hash, file: string, from: number, to: number): Promise<void> {
  if (to <= from) return;
  const handle = await fs.open(file, "r");
  try {
    let read = 0;
    for await (const chunk of handle.createReadStream({ start: from, end: to - 1, autoClose: false, highWaterMark: READ_BYTES })) {
      hash.update(chunk as Buffer);
      read += (chunk as Buffer).length;
    }
    if (read !== to - from) throw new Error(`staged file ended after ${from + read} of ${to} bytes`);
  } finally {
    await handle.close();
  }
}

export class StagedDigests {
  private readonly uploads = new Map<string, Progress>();

  /** After a PATCH of upload `id` ended at `offset`: hashes the staged bytes up to there, in the background. */
  advance(id: string, file: string, offset: number): void {
    let progress = this.uploads.get(id);
    if (!progress) {
      progress = { hash: createHash("sha256"), hashed: 0, queue: Promise.resolve() };
      this.uploads.set(id, progress);
      // Map keeps insertion order: the first key is the upload seen longest ago.
      if (this.uploads.size > KEPT_UPLOADS) this.uploads.delete(this.uploads.keys().next().value as string);
    }
    const kept = progress;
    kept.queue = kept.queue.then(async () => {
      if (this.uploads.get(id) !== kept || offset <= kept.hashed) return;
      try {
        await hashRange(kept.hash, file, kept.hashed, offset);
        kept.hashed = offset;
      } catch {
        // Gone or cut short (cancelled, expired): nothing to keep; a finish here would hash the file whole.
        this.forget(id);
      }
    });
  }

  /** The SHA-256 (hex) of the first `size` bytes of the finished upload's staged file; forgets the upload's state. */
  async digest(id: string, file: string, size: number): Promise<string> {
    const progress = this.uploads.get(id);
    if (progress) await progress.queue;
    const kept = this.uploads.get(id);
    this.forget(id);
    if (kept && kept.hashed <= size) {
      await hashRange(kept.hash, file, kept.hashed, size);
      return kept.hash.digest("hex");
    }
    const whole = createHash("sha256");
    await hashRange(whole, file, 0, size);
    return whole.digest("hex");
  }

  forget(id: string): void {
    this.uploads.delete(id);
  }

  /** How many uploads have state here (for tests). */
  get size(): number {
    return this.uploads.size;
  }

  /** Bytes of upload `id` hashed so far here, or undefined without state (for tests). */
  hashedBytes(id: string): number | undefined {
    return this.uploads.get(id)?.hashed;
  }
}
