import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { Upload } from "@tus/utils";
import { afterAll, describe, expect, it } from "vitest";
import { StagingStore } from "./staging-store.server";
import { WEBM_HEAD, fakeMedia } from "../../../tests/support/media-bytes";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "casus-staging-"));
const stores: StagingStore[] = [];
afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
  fs.rmSync(dir, { recursive: true, force: true });
});

function staging(wantsDigests: boolean): StagingStore {
  const store = new StagingStore(dir, async () => undefined, () => wantsDigests);
  stores.push(store);
  return store;
}

describe("the staging store's digests", () => {
  it("hashes each PATCH's bytes as they are staged, so the finished upload's digest reads only what is new", async () => {
    const store = staging(true);
    const id = "6f0c1a52-2f4e-4c8e-9d57-0d4cb1f4a001";
    const bytes = fakeMedia(WEBM_HEAD, 3 * 1024 * 1024 + 7);
    await store.create(new Upload({ id, size: bytes.length, offset: 0, metadata: { filetype: "video/webm" } }));
    const half = 2 * 1024 * 1024;
    expect(await store.write(Readable.from([bytes.subarray(0, half)]), id, 0)).toBe(half);
    expect(await store.hashedBytes(id)).toBe(half);
    // Bytes already hashed changed on disk afterwards: the digest shows they were not read again.
    const file = store.stagedPath(id);
    const handle = fs.openSync(file, "r+");
    fs.writeSync(handle, Buffer.alloc(8, 0), 0, 8, 100);
    fs.closeSync(handle);
    expect(await store.write(Readable.from([bytes.subarray(half)]), id, half)).toBe(bytes.length);
    expect(await store.digestOf(id, bytes.length)).toEqual({ size: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") });
  });

  it("computes nothing when the object store counts its own digest (S3)", async () => {
    const store = staging(false);
    const id = "6f0c1a52-2f4e-4c8e-9d57-0d4cb1f4a002";
    const bytes = fakeMedia(WEBM_HEAD, 64 * 1024);
    await store.create(new Upload({ id, size: bytes.length, offset: 0, metadata: { filetype: "video/webm" } }));
    await store.write(Readable.from([bytes]), id, 0);
    expect(await store.hashedBytes(id)).toBeUndefined();
    expect(await store.digestOf(id, bytes.length)).toBeUndefined();
  });
});
