/**
 * The tus datastore: @tus/file-store staging under DATA_DIR/uploads, with the type check on the first bytes.
 * Unfinished uploads live on local disk (their `.json` sidecar holds length and metadata), so a server restart
 * loses nothing; a finished upload goes into the ObjectStore (the disk store links the staged file into place, S3
 * receives a copy) and its staged file is removed (decision 023).
 */
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { Readable } from "node:stream";
import { FileStore } from "@tus/file-store";
import { ERRORS } from "@tus/utils";
import { UPLOAD_EXPIRY_MS } from "~/domain/constants";
import { oneAtATime } from "~/lib/one-at-a-time";
import { SNIFF_BYTES, claimedKind, sniffMediaType, type SniffedType } from "~/domain/media-types";
import { StorageError } from "~/domain/storage-errors";
import { StagedDigests } from "./staged-digests.server";
import { tusError } from "./tus-errors.server";

const STAGING_WRITE_BUFFER_BYTES = 4 * 1024 * 1024;

async function syncFile(file: string): Promise<void> {
  const handle = await fsp.open(file, "r");
  try {
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

/** The first bytes of a staged file, as far as they exist. */
export async function readHead(filePath: string, length = SNIFF_BYTES): Promise<Buffer> {
  const handle = await fsp.open(filePath, "r");
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The accepted type of these first bytes if it is the kind the upload declared; otherwise the refusal. */
export function checkHead(head: Uint8Array, declaredType: string | null | undefined): SniffedType {
  const sniffed = sniffMediaType(head);
  if (!sniffed || sniffed.kind !== claimedKind(declaredType)) {
    throw new StorageError("storage/invalid-argument", { field: "type", reason: "type-not-allowed" });
  }
  return sniffed;
}

/**
 * Holds the first `needed` bytes (together with the `prefix` already on disk) until they can be checked; later
 * bytes stream straight through. If the connection drops before that, what arrived is written unchecked and the
 * next PATCH (which starts below `needed` again) checks it.
 */
async function* checkedFirstBytes(source: AsyncIterable<Buffer>, prefix: Buffer, needed: number, check: (head: Buffer) => void) {
  let head = prefix;
  let pending: Buffer[] = [];
  let decided = false;
  for await (const chunk of source) {
    if (decided) {
      yield chunk;
      continue;
    }
    pending.push(chunk);
    head = Buffer.concat([head, chunk]);
    if (head.length >= needed) {
      check(head.subarray(0, needed));
      decided = true;
      yield* pending;
      pending = [];
    }
  }
  yield* pending;
}

export class StagingStore extends FileStore {
  private readonly digests = new StagedDigests();
  private readonly unsynced = new Set<string>();
  // One sync at a time, so the write-back never holds more than one of the thread pool's four threads.
  private readonly writeBack = oneAtATime(async () => {
    for (const file of this.unsynced) {
      this.unsynced.delete(file);
      // A hint only (a file removed meanwhile has nothing left to write): the finished upload's own sync is what
      // makes it durable.
      await syncFile(file).catch(() => undefined);
    }
  });

  /**
   * `wantsDigests` says whether finished uploads need the SHA-256 computed here (the disk store records it; an S3
   * store counts its own while it copies the bytes to the bucket).
   */
  constructor(
    private readonly stagingDir: string,
    private readonly onRefused: (id: string) => Promise<void>,
    private readonly wantsDigests: () => boolean = () => true,
  ) {
    // tus answers 410 for a PATCH after this; the sweep (upload-server.server.ts) removes such uploads.
    super({ directory: stagingDir, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS });
    // Every upload declares its length up front: size limits and quota are decided before the first byte.
    this.extensions = this.extensions.filter((extension) => extension !== "creation-defer-length");
  }

  /** Ids are UUIDs we generate (the upload server refuses anything else), so the path stays inside the directory. */
  stagedPath(id: string): string {
    if (!/^[0-9a-f-]{36}$/.test(id)) throw ERRORS.FILE_NOT_FOUND;
    return path.join(this.stagingDir, id);
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const filePath = this.stagedPath(id);
    let source: AsyncIterable<Buffer> = readable;
    if (offset < SNIFF_BYTES) {
      const upload = await this.getUpload(id);
      const needed = Math.min(SNIFF_BYTES, upload.size ?? SNIFF_BYTES);
      const prefix = offset > 0 ? await readHead(filePath, offset) : Buffer.alloc(0);
      // A refusal must not destroy tus's request stream: tus would then answer its own "aborted" (400, no code)
      // instead of our storage/invalid-argument, which the client can only read as storage/unknown.
      const body = readable.iterator({ destroyOnReturn: false });
      source = checkedFirstBytes(body, prefix, needed, (head) => void checkHead(head, upload.metadata?.filetype));
    }
    let received = 0;
    // A large buffer lets the stream gather the request's 64 KiB chunks into few big writes (writev) while one is
    // on disk, instead of one thread-pool round trip per chunk (issue 17 point 7's profile: the server sat idle).
    const writable = fs.createWriteStream(filePath, { flags: "r+", start: offset, highWaterMark: STAGING_WRITE_BUFFER_BYTES });
    try {
      await pipeline(
        source,
        async function* (chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            received += chunk.length;
            yield chunk;
          }
        },
        writable,
      );
    } catch (error) {
      if (error instanceof StorageError) {
        // A refused type will never become acceptable: drop the upload so it stops counting against the quota.
        await this.remove(id).catch(() => undefined);
        await this.onRefused(id).catch(() => undefined);
        throw tusError(error);
      }
      throw ERRORS.FILE_WRITE_ERROR;
    }
    this.staged(id, filePath, offset + received);
    return offset + received;
  }

  /** Bytes of upload `id` hashed here so far, once the work asked before is done (for tests). */
  async hashedBytes(id: string): Promise<number | undefined> {
    return (await this.digests.state(id)).hashed;
  }

  /** Stops the write-back and the hashing thread. */
  close(): Promise<void> {
    this.writeBack.stop();
    return this.digests.close();
  }

  override async remove(id: string): Promise<void> {
    this.digests.forget(id);
    await super.remove(id);
  }

  /**
   * The finished upload's SHA-256, mostly computed already while its PATCHes arrived (staged-digests.server.ts);
   * undefined when the object store counts its own.
   */
  async digestOf(id: string, size: number): Promise<{ size: number; sha256: string } | undefined> {
    return this.wantsDigests() ? { size, sha256: await this.digests.digest(id, this.stagedPath(id), size) } : undefined;
  }

  /**
   * After each PATCH: hash the new bytes, and start writing them to disk without waiting for it. The kernel would
   * otherwise keep a whole upload dirty in memory (it is below its background threshold) until the finished
   * upload's sync, which then wrote it all while the client waited for the last answer.
   */
  private staged(id: string, filePath: string, offset: number): void {
    if (this.wantsDigests()) this.digests.advance(id, filePath, offset);
    this.unsynced.add(filePath);
    this.writeBack.run();
  }
}
