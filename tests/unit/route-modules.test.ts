/**
 * Static rules for route modules (ARCHITECTURE.md "Authorization in three places, one table"):
 * - route modules never reach the database directly (no systemDb, nothing from ~/server/db/);
 * - every module in the route table has a loader that calls authorize(args, "<its own key>"), and every action
 *   does the same — a layout check alone is not enough.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROUTE_KEYS, ROUTES, type RouteKey } from "~/domain/route-table";

const APP = path.resolve(import.meta.dirname, "../../app");
const ROUTES_DIR = path.join(APP, "routes");

/** Route modules outside the table: they serve no guarded page (404, the /nl redirect, sign-out by POST). */
const OUTSIDE_THE_TABLE = ["routes/errors/not-found.tsx", "routes/errors/dutch-prefix.tsx", "routes/auth/sign-out.ts"];

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const routeModules = filesUnder(ROUTES_DIR).filter((f) => !/\.(test|typecheck)\.tsx?$/.test(f));
const relative = (file: string) => path.relative(APP, file).split(path.sep).join("/");

/** Every module specifier a file imports (static, re-exports and dynamic imports). */
function importsOf(source: string): string[] {
  const specifiers = [...source.matchAll(/\b(?:import|export)\b[^;"'`]*?\bfrom\s*["']([^"']+)["']/g)].map((m) => m[1]);
  specifiers.push(...[...source.matchAll(/\bimport\s*\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]));
  specifiers.push(...[...source.matchAll(/^\s*import\s*["']([^"']+)["']/gm)].map((m) => m[1]));
  return specifiers;
}

/** The module an import points at, relative to app/ (or the bare package name). */
function resolveImport(file: string, specifier: string): string {
  if (specifier.startsWith("~/")) return specifier.slice(2);
  if (specifier.startsWith(".")) return relative(path.resolve(path.dirname(file), specifier));
  return specifier;
}

/** The source of an exported function (from its declaration to the next top-level export), or null. */
function exportedFunction(source: string, name: string): string | null {
  const start = new RegExp(`^export\\s+(?:async\\s+)?function\\s+${name}\\b|^export\\s+const\\s+${name}\\b`, "m").exec(source);
  if (!start) return null;
  const rest = source.slice(start.index + start[0].length);
  const next = /^export\s/m.exec(rest);
  return start[0] + (next ? rest.slice(0, next.index) : rest);
}

function authorizedKeys(code: string): string[] {
  return [...code.matchAll(/\bauthorize\(\s*\w+\s*,\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]);
}

describe("route modules do not reach the database directly", () => {
  it("finds the route modules (the scan works)", () => {
    expect(routeModules.length).toBeGreaterThanOrEqual(ROUTE_KEYS.length);
  });

  it("the rule catches direct database imports", () => {
    const file = path.join(ROUTES_DIR, "admin/x.tsx");
    const bad = 'import { systemDb } from "~/server/db/client.server";\nimport { user } from "../../server/db/schema";';
    expect(importsOf(bad).map((s) => resolveImport(file, s))).toEqual(["server/db/client.server", "server/db/schema"]);
  });

  it.each(routeModules.map(relative))("%s", (file) => {
    const source = fs.readFileSync(path.join(APP, file), "utf8");
    const database = importsOf(source)
      .map((specifier) => resolveImport(path.join(APP, file), specifier))
      .filter((target) => target === "server/db" || target.startsWith("server/db/"));
    expect(database, "imports from server/db/").toEqual([]);
    expect(source).not.toMatch(/\bsystemDb\b/);
    expect(source).not.toMatch(/\bdatabaseHandle\b/);
  });
});

describe("every page's loader and action check its own guard", () => {
  it("every route module is in the route table or known to serve no page", () => {
    const inTable = new Set<string>(ROUTE_KEYS.map((key) => ROUTES[key].file));
    const stray = routeModules.map(relative).filter((file) => !inTable.has(file) && !OUTSIDE_THE_TABLE.includes(file));
    expect(stray).toEqual([]);
  });

  it("the check catches a loader that authorizes as another page", () => {
    const source = 'export async function loader(args: A) {\n  await authorize(args, "admin");\n}\nexport default function P() {}';
    expect(authorizedKeys(exportedFunction(source, "loader")!)).toEqual(["admin"]);
    expect(exportedFunction(source, "action")).toBeNull();
  });

  it.each(ROUTE_KEYS)("%s", (key: RouteKey) => {
    const file = path.join(APP, ROUTES[key].file);
    expect(fs.existsSync(file), `${ROUTES[key].file} exists`).toBe(true);
    const source = fs.readFileSync(file, "utf8");

    const loader = exportedFunction(source, "loader");
    expect(loader, "exports a loader").not.toBeNull();
    expect(authorizedKeys(loader!), "the loader calls authorize with its own key").toEqual([key]);

    const action = exportedFunction(source, "action");
    if (action !== null) expect(authorizedKeys(action), "the action calls authorize with its own key").toEqual([key]);

    // No other key anywhere in the module (a copied page that still authorizes as its original).
    expect(new Set(authorizedKeys(source))).toEqual(new Set([key]));
  });
});
