/**
 * One way to take a form (issue 12): every route action that reads a body does so through parseForm, with its own
 * Zod schema — itself, or through the one server function named below that does. An action that reads no body
 * (a redirect, a 404) is named too. Fails when an action is added or changed to read its body another way; the
 * lint (eslint.config.js) forbids readForm outside parseForm and request.formData() anywhere in app/.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const APP = path.resolve(import.meta.dirname, "../../app");

/** Actions that hand the request to a server function, and the file where that function calls parseForm. */
const DELEGATES: Record<string, { call: string; file: string }> = {
  "routes/admin/profile.tsx": { call: "answerAccountAction(", file: "server/account/account-page.server.ts" },
  "routes/pro/profile.tsx": { call: "answerAccountAction(", file: "server/account/account-page.server.ts" },
  "routes/supervisor/profile.tsx": { call: "answerAccountAction(", file: "server/account/account-page.server.ts" },
  "routes/auth/confirm-email.tsx": { call: "confirmEmailChangeAction(", file: "server/account/confirm-email-page.server.ts" },
};
/** Actions that never read a body. */
const NO_BODY = ["routes/admin/dossier.tsx", "routes/errors/not-found.tsx"];

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The source of the exported action, up to the next top-level export. */
function actionSource(source: string): string | null {
  const start = /^export\s+(?:async\s+)?function\s+action\b|^export\s+const\s+action\b/m.exec(source);
  if (!start) return null;
  const rest = source.slice(start.index + start[0].length);
  const next = /^export\s/m.exec(rest);
  return next ? rest.slice(0, next.index) : rest;
}

function formReadingProblem(file: string, action: string, read: (file: string) => string): string | null {
  if (NO_BODY.includes(file)) return /request|formData|readForm|parseForm/.test(action.replace(/args\.request\.url/g, "")) ? `${file} is listed as reading no body` : null;
  if (action.includes("parseForm(")) return null;
  const delegate = DELEGATES[file];
  if (delegate && action.includes(delegate.call) && read(delegate.file).includes("parseForm(")) return null;
  return `${file}: its action does not take its form through parseForm`;
}

const routeActions = filesUnder(path.join(APP, "routes"))
  .map((full) => ({ file: path.relative(APP, full).split(path.sep).join("/"), action: actionSource(fs.readFileSync(full, "utf8")) }))
  .filter((r): r is { file: string; action: string } => r.action !== null);
const readApp = (file: string) => fs.readFileSync(path.join(APP, file), "utf8");

describe("every page action takes its form through parseForm", () => {
  it("finds the actions", () => {
    expect(routeActions.length).toBeGreaterThan(20);
  });

  it.each(routeActions.map((r) => [r.file, r.action]))("%s", (file, action) => {
    expect(formReadingProblem(file, action, readApp)).toBeNull();
  });

  it("the check catches an action that reads its form by hand", () => {
    const byHand = "(args) {\n  const form = await readForm(args.request);\n  return form.get(\"x\");\n}\n";
    expect(formReadingProblem("routes/x.tsx", byHand, readApp)).toMatch(/does not take its form/);
    expect(formReadingProblem("routes/admin/profile.tsx", "(args) {\n  return other(args.request);\n}\n", readApp)).toMatch(/does not take/);
  });
});
