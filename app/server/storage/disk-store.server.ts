/**
 * Local-disk back end: objects under DATA_DIR/objects. Key "org-1/case-9/video" is stored as
 * objects/org-1/case-9/video.object with its metadata in video.meta.json beside it. Keys cannot contain ".",
 * so these suffixed names never collide with a folder of another key, and the ".tmp" folder never with a key.
 *
 * Writes go to .tmp first and are renamed into place (atomic on one file system), so readers never see half a
 * file. The sidecar is written last and deleted first: it is the commit mark, so an object whose data file exists
 * without a sidecar (a crash in between) does not exist. A write cut short by a crash leaves its temporary file
 * behind; start-up removes those (`removeAbandonedTemp`), so no partial copy of a medium outlives the process.
 */
import { createHash, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream, type Dirent } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { StorageError } from "~/domain/storage-errors";
import { DigestStream, toReadable } from "./digest.server";
import { KeyedLock } from "./keyed-lock.server";
import { ABANDONED_WRITE_MS, type ByteRange, type MetadataUpdate, type ObjectDownload, type ObjectInfo, type ObjectStore, type ObjectSummary, type PutFileOptions, type PutOptions } from "./object-store.server";
import { assertListPrefix, assertObjectKey, checkDescription, resolveRange, type Description } from "./rules.server";

const DATA_SUFFIX = ".object";
const META_SUFFIX = ".meta.json";
const TEMP_DIR = ".tmp";

/** The sidecar's JSON. */
interface Sidecar extends Description {
  version: 1;
  size: number;
  sha256: string;
  updatedAt: string;
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException)?.code === "ENOENT" || (error as NodeJS.ErrnoException)?.code === "ENOTDIR";
}

/** Size and SHA-256 of an open file, read through once. */
async function readDigest(handle: fs.FileHandle): Promise<{ size: number; sha256: string }> {
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of handle.createReadStream({ autoClose: false, highWaterMark: 1024 * 1024 })) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest("hex") };
}

function notFound(key: string): StorageError {
  return new StorageError("storage/object-not-found", { key });
}

export class DiskObjectStore implements ObjectStore {
  readonly kind = "disk" as const;
  private readonly lock = new KeyedLock();

  /** `root` is DATA_DIR/objects; it is created on the first write. */
  constructor(private readonly root: string) {
    this.root = path.resolve(root);
  }

  /** The data file and sidecar of a validated key, checked to lie inside the root (defence in depth). */
  private paths(key: string): { data: string; meta: string } {
    const segments = assertObjectKey(key);
    const base = path.join(this.root, ...segments);
    if (!base.startsWith(this.root + path.sep)) throw new StorageError("storage/invalid-argument", { field: "key", reason: "outside-root" });
    return { data: base + DATA_SUFFIX, meta: base + META_SUFFIX };
  }

  private async tempFile(): Promise<string> {
    const dir = path.join(this.root, TEMP_DIR);
    await fs.mkdir(dir, { recursive: true });
    return path.join(dir, randomUUID());
  }

  private async readSidecar(key: string, file: string): Promise<Sidecar> {
    try {
      return JSON.parse(await fs.readFile(file, "utf8")) as Sidecar;
    } catch (error) {
      if (isMissing(error)) throw notFound(key);
      throw new StorageError("storage/unknown", { key }, { cause: error });
    }
  }

  private async writeSidecar(file: string, sidecar: Sidecar): Promise<void> {
    const temp = await this.tempFile();
    try {
      await fs.writeFile(temp, JSON.stringify(sidecar), { flag: "wx" });
      await fs.rename(temp, file);
    } finally {
      await fs.rm(temp, { force: true });
    }
  }

  private info(key: string, sidecar: Sidecar): ObjectInfo {
    const { size, sha256, contentType, uploadedBy, organisationId, metadata, updatedAt } = sidecar;
    return { key, size, sha256, contentType, uploadedBy, organisationId, metadata: { ...metadata }, updatedAt: new Date(updatedAt) };
  }

  /** Puts a finished temporary file in place under the key's lock, with its sidecar. */
  private async install(key: string, temp: string, sidecar: Sidecar): Promise<ObjectInfo> {
    const paths = this.paths(key);
    await this.lock.run(key, async () => {
      await fs.mkdir(path.dirname(paths.data), { recursive: true });
      await fs.rename(temp, paths.data);
      await this.writeSidecar(paths.meta, sidecar);
    });
    return this.info(key, sidecar);
  }

  async put(key: string, body: Readable | Buffer, options: PutOptions = {}): Promise<ObjectInfo> {
    this.paths(key); // the key is checked before anything is written
    const description = checkDescription(options);
    const temp = await this.tempFile();
    try {
      const digest = new DigestStream();
      // pipeline applies back-pressure: at most a few chunks are in memory, whatever the size. `flush` syncs the
      // file before it closes, so a crash after the rename cannot leave a hole where bytes should be.
      await pipeline(toReadable(body), digest, createWriteStream(temp, { flags: "wx", flush: true }));
      const sidecar: Sidecar = { version: 1, ...description, size: digest.byteCount, sha256: digest.sha256(), updatedAt: new Date().toISOString() };
      return await this.install(key, temp, sidecar);
    } catch (error) {
      if (error instanceof StorageError) throw error;
      throw new StorageError("storage/unknown", { key }, { cause: error });
    } finally {
      await fs.rm(temp, { force: true });
    }
  }

  /**
   * A hard link instead of a copy (issue 17 point 7: a finished upload was written twice). The file is linked to a
   * temporary name first — another file system (EXDEV) or one without hard links falls back to a copy, which
   * counts size and SHA-256 as it writes — then synced, and installed under the key's lock. Size and SHA-256 are the
   * caller's when given and the file has that size (the upload server's, computed as the bytes arrived); otherwise
   * the file is read once through the link for them, beside the sync. The staged name stays until the upload server removes it after the
   * database says complete, so a crash at any point leaves a whole file under one name or both.
   */
  async putFile(key: string, file: string, { digest: known, ...options }: PutFileOptions = {}): Promise<ObjectInfo> {
    this.paths(key); // the key is checked before anything is written
    const description = checkDescription(options);
    const temp = await this.tempFile();
    try {
      try {
        await fs.link(file, temp);
      } catch (error) {
        if (!["EXDEV", "EPERM", "ENOTSUP", "EMLINK"].includes((error as NodeJS.ErrnoException).code ?? "")) throw error;
        return await this.put(key, createReadStream(file), options);
      }
      const handle = await fs.open(temp, "r");
      let digest: { size: number; sha256: string };
      try {
        // The sync (the staged bytes still on their way to disk) runs beside the read-back when there is one.
        const given = known && (await handle.stat()).size === known.size ? known : null;
        [digest] = await Promise.all([given ?? readDigest(handle), handle.sync()]);
      } finally {
        await handle.close();
      }
      const sidecar: Sidecar = { version: 1, ...description, ...digest, updatedAt: new Date().toISOString() };
      return await this.install(key, temp, sidecar);
    } catch (error) {
      if (error instanceof StorageError) throw error;
      throw new StorageError("storage/unknown", { key }, { cause: error });
    } finally {
      await fs.rm(temp, { force: true });
    }
  }

  async removeAbandonedTemp(now = Date.now()): Promise<number> {
    const dir = path.join(this.root, TEMP_DIR);
    let names: string[];
    try {
      names = await fs.readdir(dir);
    } catch (error) {
      if (isMissing(error)) return 0;
      throw error;
    }
    let removed = 0;
    for (const name of names) {
      const file = path.join(dir, name);
      const stat = await fs.stat(file).catch(() => null);
      if (!stat || now - stat.mtimeMs < ABANDONED_WRITE_MS) continue;
      await fs.rm(file, { force: true });
      removed += 1;
    }
    return removed;
  }

  async get(key: string, options: { range?: ByteRange } = {}): Promise<ObjectDownload> {
    const paths = this.paths(key);
    const sidecar = await this.readSidecar(key, paths.meta);
    const range = options.range ? resolveRange(options.range, sidecar.size) : null;
    let handle: fs.FileHandle;
    try {
      // Opened now, so a missing file is an error here rather than later on the stream.
      handle = await fs.open(paths.data, "r");
    } catch (error) {
      if (isMissing(error)) throw notFound(key);
      throw new StorageError("storage/unknown", { key }, { cause: error });
    }
    const body = handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    return { body, info: this.info(key, sidecar), range, contentLength: range ? range.end - range.start + 1 : sidecar.size };
  }

  async head(key: string): Promise<ObjectInfo> {
    return this.info(key, await this.readSidecar(key, this.paths(key).meta));
  }

  async updateMetadata(key: string, update: MetadataUpdate): Promise<ObjectInfo> {
    const paths = this.paths(key);
    return this.lock.run(key, async () => {
      const current = await this.readSidecar(key, paths.meta);
      const sidecar: Sidecar = { ...current, ...checkDescription(update, current), updatedAt: new Date().toISOString() };
      await this.writeSidecar(paths.meta, sidecar);
      return this.info(key, sidecar);
    });
  }

  async delete(key: string): Promise<void> {
    const paths = this.paths(key);
    await this.lock.run(key, async () => {
      await this.readSidecar(key, paths.meta);
      await fs.rm(paths.meta, { force: true });
      await fs.rm(paths.data, { force: true });
    });
  }

  async list(prefix = ""): Promise<ObjectSummary[]> {
    const segments = assertListPrefix(prefix);
    const found: ObjectSummary[] = [];
    await this.walk(path.join(this.root, ...segments), segments, found);
    return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  private async walk(dir: string, segments: string[], found: ObjectSummary[]): Promise<void> {
    let entries: Dirent[];
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw new StorageError("storage/unknown", { prefix: segments.join("/") }, { cause: error });
    }
    for (const entry of entries) {
      if (entry.name.startsWith(".")) continue; // .tmp
      if (entry.isDirectory() && !entry.name.includes(".")) {
        await this.walk(path.join(dir, entry.name), [...segments, entry.name], found);
      } else if (entry.isFile() && entry.name.endsWith(META_SUFFIX)) {
        const key = [...segments, entry.name.slice(0, -META_SUFFIX.length)].join("/");
        try {
          const sidecar = await this.readSidecar(key, path.join(dir, entry.name));
          found.push({ key, size: sidecar.size, updatedAt: new Date(sidecar.updatedAt) });
        } catch (error) {
          // Deleted while we were listing: it is simply not there any more.
          if (!(error instanceof StorageError && error.code === "storage/object-not-found")) throw error;
        }
      }
    }
  }
}
