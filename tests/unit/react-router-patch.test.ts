/**
 * Casus's patch to React Router (decision 086, patches/react-router+<version>.patch, applied by `npm install`'s
 * postinstall through patch-package): every copy of React Router's server rendering remembers the routes each
 * address prefix matches. If an upgrade or a fresh install leaves a copy unpatched, this says so; the patch's
 * behaviour is checked against the running server in tests/e2e/route-manifest.spec.ts.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const DIST = path.join(ROOT, "node_modules/react-router/dist");

const copies = ["development", "production"].flatMap((dir) =>
  fs
    .readdirSync(path.join(DIST, dir))
    .filter((file) => /^chunk-.*\.m?js$/.test(file))
    .map((file) => path.join(dir, file))
    .filter((file) => fs.readFileSync(path.join(DIST, file), "utf8").includes("function getPartialManifest(")),
);

describe("the React Router patch", () => {
  it("is written for the installed version", () => {
    const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, "node_modules/react-router/package.json"), "utf8")) as { version: string };
    expect(fs.readdirSync(path.join(ROOT, "patches"))).toContain(`react-router+${version}.patch`);
  });

  it("finds the ESM and CommonJS copies of the partial manifest, in development and production builds", () => {
    expect(copies).toHaveLength(4);
  });

  it.each(copies)("%s remembers the routes of each address prefix", (file) => {
    const source = fs.readFileSync(path.join(DIST, file), "utf8");
    expect(source).toContain("Casus patch (docs/decisions/086)");
    expect(source).toMatch(/let ids = remembered\.get\(key\);/);
  });
});
