/**
 * The lint rules really catch what they are for: each snippet below breaks one convention and must be reported
 * with the project's own config (eslint.config.js). Fails if a rule is dropped or a layer pattern stops matching.
 */
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: { languageOptions: { parserOptions: { projectService: { allowDefaultProject: ["app/*/lint-probe.ts", "app/*/lint-probe.tsx"] } } } },
});

async function rulesFor(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result.messages.map((m) => m.ruleId ?? m.message);
}

describe("the lint config", { timeout: 180_000 }, () => {
  it("keeps app/domain free of I/O and of app/server", async () => {
    expect(await rulesFor("app/domain/lint-probe.ts", 'import fs from "node:fs";\nexport const x = fs;\n')).toContain("@typescript-eslint/no-restricted-imports");
    expect(await rulesFor("app/domain/lint-probe.ts", 'import { systemDb } from "~/server/db/client.server";\nexport const x = systemDb;\n')).toContain("@typescript-eslint/no-restricted-imports");
    expect(await rulesFor("app/domain/lint-probe.ts", 'import { eq } from "drizzle-orm";\nexport const x = eq;\n')).toContain("@typescript-eslint/no-restricted-imports");
  });

  it("keeps browser code away from app/server, types excepted", async () => {
    expect(await rulesFor("app/components/lint-probe.tsx", 'import { config } from "~/server/config.server";\nexport const x = config;\n')).toContain("@typescript-eslint/no-restricted-imports");
    expect(await rulesFor("app/components/lint-probe.tsx", 'import type { Config } from "~/server/config.server";\nexport type X = Config;\n')).not.toContain("@typescript-eslint/no-restricted-imports");
  });

  it("keeps route modules away from the database", async () => {
    expect(await rulesFor("app/routes/lint-probe.tsx", 'import { systemDb } from "~/server/db/client.server";\nexport const x = systemDb;\n')).toContain("@typescript-eslint/no-restricted-imports");
  });

  it("allows no hand-made router or route outside the API table", async () => {
    const router = 'import express from "express";\nexport const r = express.Router();\n';
    expect(await rulesFor("app/server/lint-probe.ts", router)).toContain("no-restricted-syntax");
    const route = 'import express from "express";\nconst app = express();\napp.get("/api/x", (_req, res) => void res.json({}));\nexport default app;\n';
    expect(await rulesFor("app/server/lint-probe.ts", route)).toContain("no-restricted-syntax");
  });

  it("keeps every form going through parseForm: no readForm outside it, no request.formData()", async () => {
    const byHand = 'import { readForm } from "~/server/forms/read-form.server";\nexport const x = readForm;\n';
    expect(await rulesFor("app/routes/lint-probe.tsx", byHand)).toContain("@typescript-eslint/no-restricted-imports");
    expect(await rulesFor("app/server/lint-probe.ts", byHand)).toContain("@typescript-eslint/no-restricted-imports");
    expect(await rulesFor("app/routes/lint-probe.tsx", 'import { db } from "~/server/db/client.server";\nexport const x = db;\n')).toContain("@typescript-eslint/no-restricted-imports");
    const raw = "export async function action({ request }: { request: Request }) {\n  return request.formData();\n}\n";
    expect(await rulesFor("app/routes/lint-probe.tsx", raw)).toContain("no-restricted-syntax");
    expect(await rulesFor("app/server/lint-probe.ts", raw)).toContain("no-restricted-syntax");
  });

  it("sends every browser request through the one HTTP client", async () => {
    const raw = 'export const load = () => fetch("/api/version");\n';
    expect(await rulesFor("app/components/lint-probe.tsx", raw)).toContain("no-restricted-globals");
    expect(await rulesFor("app/lib/lint-probe.ts", raw)).toContain("no-restricted-globals");
    expect(await rulesFor("app/routes/lint-probe.tsx", "export const x = new XMLHttpRequest();\n")).toContain("no-restricted-globals");
    const one = 'import { http } from "~/lib/http";\nexport const load = () => http("/api/version");\n';
    expect(await rulesFor("app/components/lint-probe.tsx", one)).not.toContain("no-restricted-globals");
  });

  it("formats every date through the one clinic-time-zone formatter", async () => {
    const local = "export const when = (d: Date) => d.toLocaleString(\"nl\");\n";
    expect(await rulesFor("app/components/lint-probe.tsx", local)).toContain("no-restricted-syntax");
    expect(await rulesFor("app/server/lint-probe.ts", local.replace("toLocaleString", "toLocaleDateString"))).toContain("no-restricted-syntax");
    const bypass = 'import { dateTimeFormatter } from "~/lib/formatters";\nexport const f = dateTimeFormatter("nl");\n';
    expect(await rulesFor("app/routes/lint-probe.tsx", bypass)).toContain("no-restricted-syntax");
    const one = 'import { dateTimeFormat } from "~/lib/format-date";\nexport const f = dateTimeFormat("nl");\n';
    expect(await rulesFor("app/routes/lint-probe.tsx", one)).not.toContain("no-restricted-syntax");
  });

  it("reports a floating promise and a switch that misses a case", async () => {
    const floating = "async function save(): Promise<void> {}\nexport function run() {\n  save();\n}\n";
    expect(await rulesFor("app/lib/lint-probe.ts", floating)).toContain("@typescript-eslint/no-floating-promises");
    const partial = 'type Role = "admin" | "supervisor";\nexport function home(role: Role): string {\n  switch (role) {\n    case "admin":\n      return "/admin";\n  }\n  return "/";\n}\n';
    expect(await rulesFor("app/lib/lint-probe.ts", partial)).toContain("@typescript-eslint/switch-exhaustiveness-check");
  });

  it("reports a hook called conditionally, and an image without a text alternative", async () => {
    const hook = 'import { useState } from "react";\nexport function Box({ on }: { on: boolean }) {\n  if (on) useState(0);\n  return null;\n}\n';
    expect(await rulesFor("app/components/lint-probe.tsx", hook)).toContain("react-hooks/rules-of-hooks");
    expect(await rulesFor("app/components/lint-probe.tsx", 'export const I = () => <img src="/x.png" />;\n')).toContain("jsx-a11y/alt-text");
  });
});
