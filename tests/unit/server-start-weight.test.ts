/**
 * What a production server loads when it starts: the packages the built server reaches through static imports
 * (from build/server/index.js through its chunks). Some are large and needed only sometimes, so they are loaded on
 * demand; each would add megabytes to every server's memory if a static import crept back (issue 13: idle RSS).
 * Runs on the production build (npm test builds before the unit tests).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SERVER = path.resolve(import.meta.dirname, "../../build/server");

/** Loaded only when needed: S3 storage when configured, charts and the model in the browser, the password dictionaries at the first password check; of the holiday calendar only its Dutch part. */
const ON_DEMAND = [
  "@aws-sdk/client-s3",
  "@aws-sdk/lib-storage",
  "recharts",
  "@tensorflow/tfjs",
  "@tensorflow/tfjs-backend-wasm",
  "date-holidays",
  "@zxcvbn-ts/core",
  "@zxcvbn-ts/language-en",
  "@zxcvbn-ts/language-nl-be",
];

function packagesAtStart(): Set<string> {
  const entry = path.join(SERVER, "index.js");
  if (!fs.existsSync(entry)) throw new Error("No production build: run `npx react-router build` first (npm test does).");
  const packages = new Set<string>();
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = fs.readFileSync(file, "utf8");
    // Static imports and re-exports: `import("…")` is what loading on demand looks like, except for the React
    // Router server build, which start-up imports at once (server/app.ts).
    const statics = [...source.matchAll(/^\s*(?:import|export)\s+(?:[^;"']*?\bfrom\s*)?["']([^"']+)["']/gm)].map((m) => m[1]);
    const serverBuild = [...source.matchAll(/\bimport\(\s*["'](\.\/server-build-[^"']+)["']\s*\)/g)].map((m) => m[1]);
    for (const spec of [...statics, ...serverBuild]) {
      if (spec.startsWith(".")) walk(path.resolve(path.dirname(file), spec));
      else packages.add(spec);
    }
  };
  walk(entry);
  return packages;
}

describe("a production server's start", () => {
  const packages = packagesAtStart();

  it("loads the app's own packages (the scan follows the chunks)", () => {
    for (const expected of ["react-dom/server", "better-auth", "@electric-sql/pglite", "date-holidays-parser"]) expect(packages).toContain(expected);
  });

  it.each(ON_DEMAND)("does not load %s until it is needed", (name) => {
    expect(packages).not.toContain(name);
  });
});
