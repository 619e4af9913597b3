/**
 * The behaviour every ObjectStore must have, as one Vitest suite. disk-store.server.test.ts runs it on a temporary
 * directory and s3-store.server.test.ts on a real S3-compatible server, so both back ends answer alike.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { collectGarbage, liveBytes, type LiveBytes } from "../../../tests/support/memory";
import { FORBIDDEN_KEY_CHARACTERS } from "~/domain/constants";
import { StorageError, type StorageErrorCode } from "~/domain/storage-errors";
import type { ObjectStore } from "./object-store.server";
import { MAX_KEY_SEGMENT_BYTES, MAX_OBJECT_KEY_BYTES } from "./rules.server";

export interface ContractOptions {
  /** The store under test (created in the test file's beforeAll). */
  store: () => ObjectStore;
  /**
   * How much live memory (JS heap + buffers) a 50 MiB streamed put may add at its peak. Holding the stream would
   * add at least 50 MiB; S3's multipart upload legitimately holds a 5 MiB part or two.
   */
  streamingPeakBytes: number;
}

const MiB = 1024 * 1024;
const EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

let counter = 0;
/** A fresh folder per test, so tests never see each other's objects. */
function folder(): string {
  counter += 1;
  return `t${counter}-${Date.now().toString(36)}`;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

function sha256(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}

async function storageError(promise: Promise<unknown>, code: StorageErrorCode): Promise<StorageError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, `expected ${code}`).toBeInstanceOf(StorageError);
  expect((error as StorageError).code).toBe(code);
  return error as StorageError;
}

/**
 * Live memory once the put's last buffers are let go. Sockets and the loopback S3 server in this same process
 * release the final parts' buffers a moment after the put resolves, so one sample right away can count them
 * (a fresh clone once measured 15 MiB "retained" that way). A real leak stays in every sample; the lowest of a few,
 * spaced 50 ms apart, is what the put holds on to.
 */
async function settledBytes(gc: () => void): Promise<LiveBytes> {
  let lowest: LiveBytes | null = null;
  for (let i = 0; i < 10; i++) {
    gc();
    const now = liveBytes();
    if (!lowest || now.total < lowest.total) lowest = now;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return lowest!;
}

export function objectStoreContract({ store, streamingPeakBytes }: ContractOptions): void {
  describe("put, get and head", () => {
    it("stores bytes with their description and gives them back", async () => {
      const key = `${folder()}/video`;
      const bytes = Buffer.from("an otoscope video, pretend");
      const put = await store().put(key, bytes, {
        contentType: "video/mp4",
        uploadedBy: "user-1",
        organisationId: "org-1",
        metadata: { side: "left", "Ear side": "links ø", "Diagnose-Ü": "cerumen" },
      });
      expect(put).toMatchObject({
        key,
        size: bytes.length,
        sha256: sha256(bytes),
        contentType: "video/mp4",
        uploadedBy: "user-1",
        organisationId: "org-1",
        // Upper case, spaces and non-ASCII in keys and values survive (S3 would lower-case plain metadata names).
        metadata: { side: "left", "Ear side": "links ø", "Diagnose-Ü": "cerumen" },
      });
      expect(put.updatedAt).toBeInstanceOf(Date);
      expect(Math.abs(put.updatedAt.getTime() - Date.now())).toBeLessThan(60_000);

      const head = await store().head(key);
      expect({ ...head, updatedAt: null }).toEqual({ ...put, updatedAt: null });

      const got = await store().get(key);
      expect(await readAll(got.body)).toEqual(bytes);
      expect(got.range).toBeNull();
      expect(got.contentLength).toBe(bytes.length);
      expect({ ...got.info, updatedAt: null }).toEqual({ ...put, updatedAt: null });
    });

    it("defaults to application/octet-stream, no uploader, no organisation and no metadata", async () => {
      const info = await store().put(`${folder()}/plain`, Buffer.from("x"));
      expect(info).toMatchObject({ contentType: "application/octet-stream", uploadedBy: null, organisationId: null, metadata: {} });
    });

    it("computes size and SHA-256 of a stream of many chunks", async () => {
      const chunks = Array.from({ length: 40 }, (_, i) => Buffer.alloc(10_000 + i, i));
      const all = Buffer.concat(chunks);
      const info = await store().put(`${folder()}/chunks`, Readable.from(chunks));
      expect(info.size).toBe(all.length);
      expect(info.sha256).toBe(sha256(all));
      expect(info.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(await readAll((await store().get(info.key)).body)).toEqual(all);
    });

    it("stores an empty object", async () => {
      const info = await store().put(`${folder()}/empty`, Buffer.alloc(0), { contentType: "text/plain" });
      expect(info).toMatchObject({ size: 0, sha256: EMPTY_SHA256 });
      expect((await readAll((await store().get(info.key)).body)).length).toBe(0);
    });

    it("replaces an existing object, bytes and description", async () => {
      const key = `${folder()}/again`;
      await store().put(key, Buffer.from("first"), { contentType: "text/plain", metadata: { a: "1" } });
      const second = await store().put(key, Buffer.from("second!"), { contentType: "image/png" });
      expect(second).toMatchObject({ size: 7, sha256: sha256(Buffer.from("second!")), contentType: "image/png", metadata: {} });
      expect((await readAll((await store().get(key)).body)).toString()).toBe("second!");
    });

    it("stores a file (a finished upload's staged copy), leaving the file as it was", async () => {
      const key = `${folder()}/from-file`;
      const bytes = Buffer.concat([Buffer.alloc(3 * MiB, 7), Buffer.from("end")]);
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "casus-put-file-")), "staged");
      fs.writeFileSync(file, bytes);
      const info = await store().putFile(key, file, { contentType: "video/webm", metadata: { mediaId: "m1" } });
      expect(info).toMatchObject({ key, size: bytes.length, sha256: sha256(bytes), contentType: "video/webm", metadata: { mediaId: "m1" } });
      expect(fs.readFileSync(file).equals(bytes)).toBe(true);
      // The staged copy goes afterwards; the stored object stays whole.
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
      expect((await readAll((await store().get(key)).body)).equals(bytes)).toBe(true);
      expect(await store().head(key)).toMatchObject({ size: bytes.length, sha256: sha256(bytes) });
    });

    it("stores nothing when the source stream fails", async () => {
      const dir = folder();
      async function* broken() {
        yield Buffer.alloc(1000, 1);
        throw new Error("connection lost");
      }
      const error = await store().put(`${dir}/broken`, Readable.from(broken())).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StorageError);
      await storageError(store().head(`${dir}/broken`), "storage/object-not-found");
      expect(await store().list(dir)).toEqual([]);
    });
  });

  describe("range get", () => {
    const bytes = Buffer.from("0123456789abcdef");

    it("returns exactly the requested bytes, with the whole object's size", async () => {
      const key = `${folder()}/range`;
      await store().put(key, bytes, { contentType: "video/mp4" });
      const got = await store().get(key, { range: { start: 2, end: 5 } });
      expect((await readAll(got.body)).toString()).toBe("2345");
      expect(got).toMatchObject({ range: { start: 2, end: 5 }, contentLength: 4 });
      expect(got.info).toMatchObject({ size: 16, contentType: "video/mp4", sha256: sha256(bytes) });

      const one = await store().get(key, { range: { start: 15, end: 15 } });
      expect((await readAll(one.body)).toString()).toBe("f");
    });

    it("clamps an end past the last byte, as HTTP does", async () => {
      const key = `${folder()}/range`;
      await store().put(key, bytes);
      const got = await store().get(key, { range: { start: 10, end: 1_000_000 } });
      expect((await readAll(got.body)).toString()).toBe("abcdef");
      expect(got).toMatchObject({ range: { start: 10, end: 15 }, contentLength: 6 });
    });

    it.each([
      ["start past the end", { start: 16, end: 20 }],
      ["end before start", { start: 5, end: 4 }],
      ["negative start", { start: -1, end: 4 }],
      ["fractional", { start: 0.5, end: 4 }],
    ])("refuses a range with %s", async (_name, range) => {
      const key = `${folder()}/range`;
      await store().put(key, bytes);
      const error = await storageError(store().get(key, { range }), "storage/invalid-argument");
      expect(error.details).toMatchObject({ field: "range" });
    });
  });

  describe("updateMetadata", () => {
    it("changes the description, keeps the bytes, size and checksum", async () => {
      const key = `${folder()}/meta`;
      const bytes = Buffer.from("frame data");
      await store().put(key, bytes, { contentType: "video/webm", uploadedBy: "user-1", organisationId: "org-1", metadata: { a: "1", b: "2" } });

      const updated = await store().updateMetadata(key, { contentType: "video/mp4", metadata: { c: "3 – ü" } });
      expect(updated).toMatchObject({
        size: bytes.length,
        sha256: sha256(bytes),
        contentType: "video/mp4",
        // Not named in the update: kept.
        uploadedBy: "user-1",
        organisationId: "org-1",
        // The free metadata is replaced as a whole.
        metadata: { c: "3 – ü" },
      });
      expect(await store().head(key)).toEqual(updated);
      expect(await readAll((await store().get(key)).body)).toEqual(bytes);

      const cleared = await store().updateMetadata(key, { uploadedBy: null, metadata: {} });
      expect(cleared).toMatchObject({ uploadedBy: null, organisationId: "org-1", metadata: {}, contentType: "video/mp4", sha256: sha256(bytes) });
    });
  });

  describe("delete", () => {
    it("removes the object; a second delete finds nothing", async () => {
      const key = `${folder()}/gone`;
      await store().put(key, Buffer.from("bye"));
      await store().delete(key);
      await storageError(store().head(key), "storage/object-not-found");
      await storageError(store().get(key), "storage/object-not-found");
      await storageError(store().delete(key), "storage/object-not-found");
    });
  });

  describe("object-not-found", () => {
    it.each(["get", "head", "updateMetadata", "delete"] as const)("%s of a key never written", async (operation) => {
      const key = `${folder()}/never`;
      const error = await storageError(
        operation === "updateMetadata" ? store().updateMetadata(key, { metadata: { a: "b" } }) : store()[operation](key),
        "storage/object-not-found",
      );
      expect(error.status).toBe(404);
      expect(error.details).toEqual({ key });
    });
  });

  describe("list", () => {
    it("lists the objects under a folder, sorted, and nothing else", async () => {
      const dir = folder();
      for (const key of [`${dir}/a/x`, `${dir}/a/y/z`, `${dir}/ab/q`, `${dir}/b`]) await store().put(key, Buffer.from(key));
      const listed = await store().list(`${dir}/a`);
      expect(listed.map((o) => o.key)).toEqual([`${dir}/a/x`, `${dir}/a/y/z`]);
      expect(listed[0].size).toBe(`${dir}/a/x`.length);
      expect(listed[0].updatedAt).toBeInstanceOf(Date);
      expect((await store().list(dir)).map((o) => o.key)).toEqual([`${dir}/a/x`, `${dir}/a/y/z`, `${dir}/ab/q`, `${dir}/b`]);
      expect(await store().list(`${dir}/nothing`)).toEqual([]);
      // An object is not a folder of itself.
      expect(await store().list(`${dir}/b`)).toEqual([]);
    });

    it("lists everything for an empty prefix, never staging or temporary files", async () => {
      const key = `${folder()}/listed`;
      await store().put(key, Buffer.from("x"));
      const all = (await store().list()).map((o) => o.key);
      expect(all).toContain(key);
      for (const k of all) expect(k).not.toMatch(/^\.|\/\.|\.(object|json)$/);
    });

    it("refuses a prefix that breaks the key rule", async () => {
      await storageError(store().list("a/../b"), "storage/invalid-argument");
      await storageError(store().list("a/"), "storage/invalid-argument");
    });
  });

  describe("object keys follow the seed's key rule in every segment", () => {
    const bad: [string, string, string][] = [
      ...FORBIDDEN_KEY_CHARACTERS.filter((c) => c !== "/").map((c): [string, string, string] => [`forbidden ${c}`, `org-1/vid${c}eo`, "key-forbidden-character"]),
      ["..", "org-1/../etc/passwd", "key-forbidden-character"],
      ["leading ..", "../escape", "key-forbidden-character"],
      [".", "org-1/./video", "key-forbidden-character"],
      ["empty key", "", "key-empty"],
      ["empty segment", "org-1//video", "key-empty"],
      ["leading slash", "/org-1/video", "key-empty"],
      ["trailing slash", "org-1/video/", "key-empty"],
      ["NUL", "org-1/vi\u0000deo", "key-control-character"],
      ["newline", "org-1/vi\ndeo", "key-control-character"],
      ["DEL", "org-1/vi\u007fdeo", "key-control-character"],
      ["C1 control", "org-1/vi\u0085deo", "key-control-character"],
      ["segment too long", `org-1/${"v".repeat(MAX_KEY_SEGMENT_BYTES + 1)}`, "segment-too-long"],
      ["key too long", Array.from({ length: 12 }, () => "s".repeat(100)).join("/").slice(0, MAX_OBJECT_KEY_BYTES + 1) + "x", "key-too-long"],
    ];

    it.each(bad)("refuses %s in put, get, head, updateMetadata and delete", async (_name, key, reason) => {
      const operations = [
        store().put(key, Buffer.from("x")),
        store().get(key),
        store().head(key),
        store().updateMetadata(key, {}),
        store().delete(key),
      ];
      for (const operation of operations) {
        const error = await storageError(operation, "storage/invalid-argument");
        expect(error.status).toBe(400);
        expect(error.details).toEqual({ field: "key", reason });
      }
    });

    it("stored nothing for any refused key", async () => {
      for (const object of await store().list()) expect(object.key).not.toMatch(/passwd|escape|vi.deo/);
    });

    it("accepts spaces, upper case, non-ASCII and the longest allowed segment", async () => {
      const key = `Org 1/Casus – Ür/${"v".repeat(MAX_KEY_SEGMENT_BYTES)}`;
      await store().put(key, Buffer.from("ok"));
      expect((await store().head(key)).key).toBe(key);
      expect((await store().list("Org 1")).map((o) => o.key)).toContain(key);
      await store().delete(key);
    });
  });

  describe("metadata keys follow the seed's key rule", () => {
    const bad: [string, string, string][] = [
      ...FORBIDDEN_KEY_CHARACTERS.map((c): [string, string, string] => [`forbidden ${c}`, `ear${c}side`, "key-forbidden-character"]),
      ["empty", "", "key-empty"],
      ["control character", "ear\tside", "key-control-character"],
    ];

    it.each(bad)("refuses a metadata key with %s, in put and in updateMetadata", async (_name, metadataKey, reason) => {
      const key = `${folder()}/described`;
      const putError = await storageError(store().put(key, Buffer.from("x"), { metadata: { [metadataKey]: "v" } }), "storage/invalid-argument");
      expect(putError.details).toEqual({ field: "metadata", reason });
      await storageError(store().head(key), "storage/object-not-found");

      await store().put(key, Buffer.from("x"), { metadata: { fine: "v" } });
      const updateError = await storageError(store().updateMetadata(key, { metadata: { [metadataKey]: "v" } }), "storage/invalid-argument");
      expect(updateError.details).toEqual({ field: "metadata", reason });
      expect((await store().head(key)).metadata).toEqual({ fine: "v" });
    });

    it("refuses values that are not strings, metadata that is too large, and a malformed content type", async () => {
      const key = `${folder()}/described`;
      const notString = { n: 1 } as unknown as Record<string, string>;
      expect((await storageError(store().put(key, Buffer.from("x"), { metadata: notString }), "storage/invalid-argument")).details).toEqual({
        field: "metadata",
        reason: "value-not-a-string",
      });
      expect(
        (await storageError(store().put(key, Buffer.from("x"), { metadata: { big: "x".repeat(2000) } }), "storage/invalid-argument")).details,
      ).toEqual({ field: "metadata", reason: "metadata-too-large" });
      for (const contentType of ["video", "video/mp4\r\nX-Evil: 1", ""]) {
        await storageError(store().put(key, Buffer.from("x"), { contentType }), "storage/invalid-argument");
      }
      await storageError(store().head(key), "storage/object-not-found");
    });
  });

  describe("memory", () => {
    it("streams a 50 MiB put without holding it: bounded peak, nothing retained", async () => {
      const gc = collectGarbage();
      const CHUNK = 64 * 1024;
      const COUNT = (50 * MiB) / CHUNK;
      const expected = createHash("sha256");
      // Warm up with a put of two parts first: the SDK and its HTTP agent allocate once, on first use, and that is
      // not the upload holding on to data (a cold first put measured ~15 MiB "retained" this way).
      await store().put(`${folder()}/warm-up`, Readable.from([Buffer.alloc(11 * MiB, 1)]), { contentType: "video/mp4" });
      gc();
      const before = liveBytes();
      let peak = before;
      async function* source() {
        for (let i = 0; i < COUNT; i++) {
          // Measure live memory every 4 MiB while the put is under way.
          if (i % 64 === 0) {
            gc();
            const now = liveBytes();
            if (now.total > peak.total) peak = now;
          }
          const chunk = Buffer.alloc(CHUNK, i % 251);
          expected.update(chunk);
          yield chunk;
        }
      }
      const info = await store().put(`${folder()}/large-video`, Readable.from(source()), { contentType: "video/mp4" });
      const after = await settledBytes(gc);

      expect(info.size).toBe(50 * MiB);
      expect(info.sha256).toBe(expected.digest("hex"));
      const grown = { peakMiB: (peak.total - before.total) / MiB, retainedMiB: (after.total - before.total) / MiB };
      expect(grown.peakMiB, JSON.stringify(grown)).toBeLessThan(streamingPeakBytes / MiB);
      expect(grown.retainedMiB, JSON.stringify(grown)).toBeLessThan(6);
      expect((peak.heap - before.heap) / MiB, "JS heap growth (MiB)").toBeLessThan(8);
    }, 120_000);
  });
}
