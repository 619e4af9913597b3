import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StagedDigests } from "./staged-digests.server";

let dir: string;
const opened: StagedDigests[] = [];
beforeAll(() => void (dir = fs.mkdtempSync(path.join(os.tmpdir(), "casus-staged-digests-"))));
afterAll(async () => {
  await Promise.all(opened.map((digests) => digests.close()));
  fs.rmSync(dir, { recursive: true, force: true });
});

function newDigests(): StagedDigests {
  const digests = new StagedDigests();
  opened.push(digests);
  return digests;
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** Appends `bytes` to `file` as one PATCH would, then tells `digests`, as the staging store does. */
function patch(digests: StagedDigests, id: string, file: string, bytes: Buffer) {
  fs.appendFileSync(file, bytes);
  digests.advance(id, file, fs.statSync(file).size);
}

describe("staged upload digests", () => {
  it("gives the SHA-256 of the whole upload from PATCHes hashed as they arrived, without reading the start again", async () => {
    const digests = newDigests();
    const file = path.join(dir, "upload-a");
    const parts = [randomBytes(3 * 1024 * 1024 + 17), randomBytes(1024 * 1024), randomBytes(5)];
    fs.writeFileSync(file, "");
    patch(digests, "a", file, parts[0]);
    patch(digests, "a", file, parts[1]);
    // Once the background has hashed these bytes, change them on disk: a digest that read them again would differ.
    expect((await digests.state("a")).hashed).toBe(parts[0].length + parts[1].length);
    const handle = fs.openSync(file, "r+");
    fs.writeSync(handle, Buffer.alloc(16, 0), 0, 16, 0);
    fs.closeSync(handle);
    fs.appendFileSync(file, parts[2]); // the last PATCH, not announced: the digest catches up on it
    const whole = Buffer.concat(parts);
    expect(await digests.digest("a", file, whole.length)).toBe(sha256(whole));
    expect((await digests.state("a")).uploads).toBe(0);
  });

  it("hashes the whole staged file when it has no state for the upload (another instance took it, or a restart)", async () => {
    const file = path.join(dir, "upload-b");
    const bytes = randomBytes(2 * 1024 * 1024 + 3);
    fs.writeFileSync(file, bytes);
    expect(await newDigests().digest("b", file, bytes.length)).toBe(sha256(bytes));
  });

  it("keeps up with an upload whose PATCHes alternate with another instance's", async () => {
    const digests = newDigests();
    const file = path.join(dir, "upload-c");
    const parts = Array.from({ length: 6 }, () => randomBytes(512 * 1024));
    fs.writeFileSync(file, "");
    parts.forEach((part, i) => {
      fs.appendFileSync(file, part);
      // Only every other PATCH is answered here; the others were staged by the other instance.
      if (i % 2 === 0) digests.advance("c", file, fs.statSync(file).size);
    });
    const whole = Buffer.concat(parts);
    expect(await digests.digest("c", file, whole.length)).toBe(sha256(whole));
  });

  it("forgets an upload whose staged file went away, and fails its digest rather than give a wrong one", async () => {
    const digests = newDigests();
    const file = path.join(dir, "upload-d");
    fs.writeFileSync(file, "");
    patch(digests, "d", file, randomBytes(1024));
    fs.rmSync(file);
    digests.advance("d", file, 4096);
    await expect(digests.digest("d", file, 4096)).rejects.toThrow(/no such file/);
    expect((await digests.state("d")).uploads).toBe(0);
  });

  it("gives no digest for a staged file of another size than the upload's", async () => {
    const file = path.join(dir, "upload-e");
    fs.writeFileSync(file, randomBytes(1000));
    await expect(newDigests().digest("e", file, 2000)).rejects.toThrow(/holds 1000 bytes, not 2000/);
    await expect(newDigests().digest("e", file, 999)).rejects.toThrow(/holds 1000 bytes, not 999/);
  });

  it("starts again on a staged file that replaced the one it was hashing (another inode of that name)", async () => {
    const digests = newDigests();
    const file = path.join(dir, "upload-h");
    fs.writeFileSync(file, "");
    patch(digests, "h", file, randomBytes(64 * 1024));
    expect((await digests.state("h")).hashed).toBe(64 * 1024);
    // Moved away, not removed, so the new file cannot reuse its inode number.
    fs.renameSync(file, `${file}-old`);
    const other = randomBytes(80 * 1024);
    fs.writeFileSync(file, other);
    expect(await digests.digest("h", file, other.length)).toBe(sha256(other));
  });

  it("keeps the state of at most 256 uploads, forgetting the one least recently advanced", async () => {
    const digests = newDigests();
    const file = path.join(dir, "upload-f");
    const bytes = randomBytes(100);
    fs.writeFileSync(file, bytes);
    for (let i = 0; i < 256; i++) digests.advance(`upload-${i}`, file, 50);
    // The first one goes on: now upload-1 is the one least recently advanced.
    digests.advance("upload-0", file, 100);
    digests.advance("upload-256", file, 50);
    expect(await digests.state("upload-0")).toEqual({ hashed: 100, uploads: 256 });
    expect((await digests.state("upload-1")).hashed).toBeUndefined();
    expect((await digests.state("upload-2")).hashed).toBe(50);
    // Forgotten state is not a wrong digest: the finish hashes the file whole.
    expect(await digests.digest("upload-1", file, bytes.length)).toBe(sha256(bytes));
    digests.forget("upload-2");
    expect((await digests.state("upload-3")).uploads).toBe(255);
  });

  it("fails a digest still awaited when the hashing thread is stopped, instead of leaving it waiting", async () => {
    const digests = newDigests();
    const file = path.join(dir, "upload-i");
    fs.writeFileSync(file, randomBytes(64 * 1024 * 1024));
    const failed = expect(digests.digest("i", file, 64 * 1024 * 1024)).rejects.toThrow(/stopped/);
    await digests.close();
    await failed;
  });

  it("starts a new hashing thread after the last one stopped, and hashes the whole file then", async () => {
    const digests = newDigests();
    const file = path.join(dir, "upload-g");
    fs.writeFileSync(file, "");
    patch(digests, "g", file, randomBytes(4096));
    expect((await digests.state("g")).hashed).toBe(4096);
    await digests.close();
    fs.appendFileSync(file, randomBytes(100));
    expect(await digests.digest("g", file, 4196)).toBe(sha256(fs.readFileSync(file)));
  });
});
