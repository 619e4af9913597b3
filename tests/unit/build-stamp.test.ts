/** `npm run demo` builds only when the sources changed: the stamp follows contents, not file times. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script without types
import { buildIsCurrent, sourceHash, writeStamp } from "../../scripts/build-stamp.mjs";

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((r) => fs.rmSync(r, { recursive: true, force: true })));

function tree(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "casus-stamp-"));
  roots.push(root);
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  write("app/root.tsx", "export default 1;");
  write("app/domain/x.ts", "export const x = 1;");
  write("app/domain/x.test.ts", "test");
  write("server/app.ts", "export {};");
  write("package-lock.json", "{}");
  write("build/server/index.js", "built");
  return root;
}

describe("the build stamp", () => {
  it("no stamp, or no server bundle: build", () => {
    const root = tree();
    expect(buildIsCurrent(root)).toBe(false);
    writeStamp(root, sourceHash(root));
    expect(buildIsCurrent(root)).toBe(true);
    fs.rmSync(path.join(root, "build/server/index.js"));
    expect(buildIsCurrent(root)).toBe(false);
  });

  it("a changed, added or removed source needs a build; a new file time or a changed test does not", () => {
    const root = tree();
    writeStamp(root, sourceHash(root));
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(root, "app/root.tsx"), later, later);
    fs.writeFileSync(path.join(root, "app/domain/x.test.ts"), "another test");
    expect(buildIsCurrent(root)).toBe(true);

    fs.writeFileSync(path.join(root, "app/domain/x.ts"), "export const x = 2;");
    expect(buildIsCurrent(root)).toBe(false);
    writeStamp(root, sourceHash(root));
    fs.writeFileSync(path.join(root, "server/new.ts"), "");
    expect(buildIsCurrent(root)).toBe(false);
    writeStamp(root, sourceHash(root));
    fs.rmSync(path.join(root, "server/new.ts"));
    expect(buildIsCurrent(root)).toBe(false);
    writeStamp(root, sourceHash(root));
    fs.writeFileSync(path.join(root, "package-lock.json"), '{"changed":true}');
    expect(buildIsCurrent(root)).toBe(false);
  });
});
