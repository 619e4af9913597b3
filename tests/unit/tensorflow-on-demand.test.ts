/**
 * TensorFlow.js (~1 MB, ~1 s to import in Node) is loaded on demand through loadMl() (app/ml/browser/load-ml.ts).
 * If a page or component reached it through static imports, every server start would import it, and every page's
 * first script would carry it. This follows static, non-type imports from every route module and component.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const APP = path.resolve(import.meta.dirname, "../../app");

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : [],
  );
}

/** Static value imports (not `import type`, not `import()`), resolved to files of the app or bare package names. */
function staticImports(file: string): string[] {
  const source = fs.readFileSync(file, "utf8");
  const specs = [...source.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^;]*?\bfrom\s*["']([^"']+)["']/gm)].map((m) => m[1]);
  return specs.map((s) => {
    if (!s.startsWith("~/") && !s.startsWith(".")) return s;
    const base = s.startsWith("~/") ? path.join(APP, s.slice(2)) : path.resolve(path.dirname(file), s);
    return [".ts", ".tsx", "/index.ts"].map((ext) => base + ext).find((f) => fs.existsSync(f)) ?? base;
  });
}

function reachesTensorflow(start: string): string[] | null {
  const seen = new Set<string>();
  const walk = (file: string, trail: string[]): string[] | null => {
    if (seen.has(file)) return null;
    seen.add(file);
    for (const target of staticImports(file)) {
      if (target.startsWith("@tensorflow/")) return [...trail, target];
      if (target.startsWith(APP) && fs.existsSync(target)) {
        const found = walk(target, [...trail, path.relative(APP, target)]);
        if (found) return found;
      }
    }
    return null;
  };
  return walk(start, [path.relative(APP, start)]);
}

describe("TensorFlow.js is loaded on demand", () => {
  it("the scan finds a static path when there is one", () => {
    expect(reachesTensorflow(path.join(APP, "ml/browser/ml-client.ts"))).not.toBeNull();
  });

  it.each([...filesUnder(path.join(APP, "routes")), ...filesUnder(path.join(APP, "components"))].map((f) => path.relative(APP, f)))(
    "%s does not import it statically",
    (file) => {
      expect(reachesTensorflow(path.join(APP, file))).toBeNull();
    },
  );
});
