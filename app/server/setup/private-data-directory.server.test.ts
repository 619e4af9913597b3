import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { keepDataDirectoryPrivate } from "./private-data-directory.server";

const made: string[] = [];
const temp = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "casus-private-"));
  made.push(dir);
  return dir;
};
const modeOf = (dir: string) => fs.statSync(dir).mode & 0o777;

afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the data directory", () => {
  it("is made for this user alone", () => {
    const dir = path.join(temp(), "data", "nested");
    keepDataDirectoryPrivate(dir);
    expect(modeOf(dir)).toBe(0o700);
  });

  it("is closed to other users when an older start (or the umask) left it open, and its files with it", () => {
    const dir = temp();
    fs.chmodSync(dir, 0o755);
    fs.mkdirSync(path.join(dir, "pglite"), { mode: 0o755 });
    fs.writeFileSync(path.join(dir, "pglite", "wal"), "patient data", { mode: 0o666 });
    keepDataDirectoryPrivate(dir);
    expect(modeOf(dir)).toBe(0o700);
  });
});
