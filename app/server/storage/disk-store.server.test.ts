import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PassThrough } from "node:stream";
import { DiskObjectStore } from "./disk-store.server";
import { ABANDONED_WRITE_MS } from "./object-store.server";
import { objectStoreContract } from "./object-store.contract";

let root: string;
let store: DiskObjectStore;

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "casus-objects-"));
  store = new DiskObjectStore(path.join(root, "objects"));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("disk object store", () => {
  objectStoreContract({ store: () => store, streamingPeakBytes: 16 * 1024 * 1024 });

  describe("on disk", () => {
    it("keeps each object as a data file and a JSON sidecar under its folders, and leaves no temporary files", async () => {
      await store.put("org-1/case-9/video", Buffer.from("bytes"), { contentType: "video/mp4", metadata: { side: "left" } });
      const base = path.join(root, "objects", "org-1", "case-9");
      expect(fs.readFileSync(path.join(base, "video.object"), "utf8")).toBe("bytes");
      const sidecar = JSON.parse(fs.readFileSync(path.join(base, "video.meta.json"), "utf8")) as Record<string, unknown>;
      expect(sidecar).toMatchObject({ version: 1, size: 5, contentType: "video/mp4", metadata: { side: "left" } });
      expect(fs.readdirSync(path.join(root, "objects", ".tmp"))).toEqual([]);
    });

    it("links a finished upload's staged file into place on the same file system instead of copying it", async () => {
      const staged = path.join(root, "staged-upload");
      fs.writeFileSync(staged, Buffer.alloc(1024 * 1024, 3));
      await store.putFile("org-1/case-9/linked", staged);
      const data = path.join(root, "objects", "org-1", "case-9", "linked.object");
      // One file under two names until the upload server removes the staged one: the bytes were written once.
      expect(fs.statSync(data).ino).toBe(fs.statSync(staged).ino);
      expect(fs.statSync(staged).nlink).toBe(2);
      fs.rmSync(staged);
      expect(fs.statSync(data).size).toBe(1024 * 1024);
      expect(fs.readdirSync(path.join(root, "objects", ".tmp"))).toEqual([]);
    });

    it("records the SHA-256 the upload server computed as the bytes arrived instead of reading the file again", async () => {
      const staged = path.join(root, "staged-known");
      fs.writeFileSync(staged, Buffer.alloc(300 * 1024, 5));
      // A value no read of these bytes could give: recorded as given, so the file was not hashed again.
      const given = { size: 300 * 1024, sha256: "ab".repeat(32) };
      const info = await store.putFile("org-1/case-9/known", staged, { contentType: "video/webm", digest: given });
      expect(info).toMatchObject({ ...given, contentType: "video/webm" });
      expect(await store.head("org-1/case-9/known")).toMatchObject(given);
      fs.rmSync(staged);
    });

    it("reads the file for its SHA-256 after all when its size is not the one the digest was given for", async () => {
      const staged = path.join(root, "staged-longer");
      const bytes = Buffer.alloc(300 * 1024 + 1, 6);
      fs.writeFileSync(staged, bytes);
      const info = await store.putFile("org-1/case-9/longer", staged, { digest: { size: 300 * 1024, sha256: "ab".repeat(32) } });
      const { createHash } = await import("node:crypto");
      expect(info).toMatchObject({ size: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") });
      fs.rmSync(staged);
    });

    it("leaves no partial file of a write cut short once the next start-up has swept (a crash mid-write)", async () => {
      // A write that stops halfway, as when the process dies while an upload moves into the store.
      const body = new PassThrough();
      const cut = store.put("org-1/cut-short", body).catch(() => undefined);
      body.write(Buffer.alloc(64 * 1024, 1));
      const temp = path.join(root, "objects", ".tmp");
      await expect.poll(() => fs.readdirSync(temp).map((f) => fs.statSync(path.join(temp, f)).size).some((size) => size > 0)).toBe(true);
      const next = new DiskObjectStore(path.join(root, "objects"));
      // Still being written: kept.
      expect(await next.removeAbandonedTemp()).toBe(0);
      // Untouched for longer than any write takes: it belongs to a write that will never finish.
      expect(await next.removeAbandonedTemp(Date.now() + ABANDONED_WRITE_MS + 1000)).toBe(1);
      expect(fs.readdirSync(temp)).toEqual([]);
      await expect(next.head("org-1/cut-short")).rejects.toMatchObject({ code: "storage/object-not-found" });
      body.destroy(new Error("process gone"));
      await cut;
    });

    it("treats a data file without its sidecar (a crash between the two renames) as absent", async () => {
      await store.put("org-1/half", Buffer.from("bytes"));
      fs.rmSync(path.join(root, "objects", "org-1", "half.meta.json"));
      await expect(store.head("org-1/half")).rejects.toMatchObject({ code: "storage/object-not-found" });
      expect((await store.list("org-1")).map((o) => o.key)).not.toContain("org-1/half");
    });

    it("serialises concurrent writes to one key, so the checksum always matches the bytes", async () => {
      const key = "org-1/busy";
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          i % 2 ? store.put(key, Buffer.from(`version ${i}`)) : store.put(key, Buffer.from("seed")).then(() => store.updateMetadata(key, { metadata: { i: String(i) } })),
        ),
      );
      const got = await store.get(key);
      const chunks: Buffer[] = [];
      for await (const chunk of got.body) chunks.push(chunk as Buffer);
      const { createHash } = await import("node:crypto");
      expect(createHash("sha256").update(Buffer.concat(chunks)).digest("hex")).toBe(got.info.sha256);
    });
  });
});
