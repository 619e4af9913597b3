import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirectoryInUseError, LOCK_FILE, lockDataDirectory } from "./data-dir-lock.server";

const dirs: string[] = [];
const children: ReturnType<typeof spawn>[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "casus-lock-"));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const child of children.splice(0)) child.kill();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

// A second server refused on a directory in use, end to end: tests/e2e/setup-and-demo.spec.ts.
describe("the embedded database's data directory lock", () => {
  it("is held by this process until released", () => {
    const dir = tempDir();
    const release = lockDataDirectory(dir);
    expect(fs.readFileSync(path.join(dir, LOCK_FILE), "utf8")).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it("refuses while another running process holds it, and names that process", () => {
    const dir = tempDir();
    const other = spawn("sleep", ["30"]);
    children.push(other);
    fs.writeFileSync(path.join(dir, LOCK_FILE), String(other.pid));
    expect(() => lockDataDirectory(dir)).toThrow(DataDirectoryInUseError);
    expect(() => lockDataDirectory(dir)).toThrow(`Another process (pid ${other.pid}) is using the embedded database in ${dir}.`);
    // The other process's lock is left alone.
    expect(fs.readFileSync(path.join(dir, LOCK_FILE), "utf8")).toBe(String(other.pid));
  });

  it("takes over a lock left by a process that has ended", () => {
    const dir = tempDir();
    const ended = spawnSync("true");
    fs.writeFileSync(path.join(dir, LOCK_FILE), String(ended.pid));
    const release = lockDataDirectory(dir);
    expect(fs.readFileSync(path.join(dir, LOCK_FILE), "utf8")).toBe(String(process.pid));
    release();
  });
});
