/**
 * Static rules for route modules (ARCHITECTURE.md "Authorization in three places, one table"): every module in the
 * route table has a loader that calls authorize(args, "<its own key>"), and every action does the same — a layout
 * check alone is not enough. That route modules never reach the database is the lint's rule (eslint.config.js)
 * and app/server/access/unscoped-db.test.ts's.
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
