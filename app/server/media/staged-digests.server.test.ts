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

  it("fails a digest of more bytes than the staged file holds", async () => {
    const file = path.join(dir, "upload-e");
    fs.writeFileSync(file, randomBytes(1000));
    await expect(newDigests().digest("e", file, 2000)).rejects.toThrow(/ended after 1000 of 2000/);
  });

  it("keeps the state of at most 64 uploads, forgetting the one seen longest ago", async () => {
    const digests = newDigests();
    const file = path.join(dir, "upload-f");
    const bytes = randomBytes(100);
    fs.writeFileSync(file, bytes);
    for (let i = 0; i < 65; i++) digests.advance(`upload-${i}`, file, bytes.length);
    expect((await digests.state("upload-64")).uploads).toBe(64);
    // Forgotten state is not a wrong digest: the finish hashes the file whole.
    expect(await digests.digest("upload-0", file, bytes.length)).toBe(sha256(bytes));
    digests.forget("upload-1");
    expect((await digests.state("upload-2")).uploads).toBe(63);
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
