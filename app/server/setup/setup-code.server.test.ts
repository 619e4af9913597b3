import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { SETUP_CODE_TTL_MS } from "~/domain/constants";
import { setupCode, user } from "../db/schema";
import { createAdmin, createOrganisation, createProfessional } from "../demo/factories.server";
import { adminExists, consumeSetupCode, openSetupIfNeeded, restoreSetupCode } from "./setup-code.server";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe("while no administrator exists", () => {
  let code: string;
  beforeEach(async () => {
    code = (await openSetupIfNeeded())!;
  });

  it("opens setup with a readable one-time code", async () => {
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{4}(-[2-9A-HJKMNP-Z]{4}){3}$/);
    // No 0/O or 1/I/L to misread off a console.
    expect(code).not.toMatch(/[01OIL]/);
  });

  it("makes a new code at every start", async () => {
    const codes = new Set([code, (await openSetupIfNeeded())!, (await openSetupIfNeeded())!]);
    expect(codes.size).toBe(3);
  });

  it("accepts the code once, and not a second time", async () => {
    expect(await consumeSetupCode(code)).toBe(true);
    expect(await consumeSetupCode(code)).toBe(false);
  });

  it.each([
    ["lower case", (c: string) => c.toLowerCase()],
    ["spaces instead of dashes", (c: string) => c.replace(/-/g, " ")],
    ["no separators", (c: string) => c.replace(/-/g, "")],
    ["surrounding whitespace and mixed separators", (c: string) => ` ${c.slice(0, 9).replace("-", " - ")}${c.slice(9).toLowerCase()}\n`],
  ])("accepts the code typed with %s", async (_label, typed) => {
    expect(await consumeSetupCode(typed(code))).toBe(true);
  });

  it("refuses a wrong code, and the right one still works afterwards", async () => {
    const wrongLast = code.slice(0, -1) + (code.endsWith("Z") ? "Y" : "Z");
    expect(await consumeSetupCode(wrongLast)).toBe(false);
    expect(await consumeSetupCode("")).toBe(false);
    expect(await consumeSetupCode(code.slice(0, -1))).toBe(false);
    expect(await consumeSetupCode(`${code}2`)).toBe(false);
    expect(await consumeSetupCode("0000-0000-0000-0000")).toBe(false);
    expect(await consumeSetupCode(code)).toBe(true);
  });

  it("can put a consumed code back when creating the admin failed", async () => {
    expect(await consumeSetupCode(code)).toBe(true);
    await restoreSetupCode(code);
    expect(await consumeSetupCode(code)).toBe(true);
  });
});

describe("kept in the database", () => {
  it("works on any instance: the code is not in this process's memory", async () => {
    const code = (await openSetupIfNeeded())!;
    const [row] = await database.handle.db.select().from(setupCode);
    // Only a hash is stored, never the code itself.
    expect(JSON.stringify(await database.handle.db.select().from(setupCode))).not.toContain(code.replace(/-/g, ""));
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(await consumeSetupCode(code)).toBe(true);
  });

  it("expires", async () => {
    const issued = Date.now();
    const code = (await openSetupIfNeeded(issued))!;
    expect(await consumeSetupCode(code, issued + SETUP_CODE_TTL_MS + 1000)).toBe(false);
    expect(await consumeSetupCode(code, issued + SETUP_CODE_TTL_MS - 1000)).toBe(true);
  });

  it("is used once even when two requests race for it", async () => {
    const code = (await openSetupIfNeeded())!;
    const outcomes = await Promise.all([consumeSetupCode(code), consumeSetupCode(code), consumeSetupCode(code)]);
    expect(outcomes.filter(Boolean)).toHaveLength(1);
  });
});

describe("once an administrator exists", () => {
  it("gives no code, and an earlier code no longer works", async () => {
    expect(await adminExists()).toBe(false);
    const earlier = (await openSetupIfNeeded())!;
    await createAdmin({ email: "first-admin@casus.test", name: "First Admin", password: "a-long-password-123" });
    expect(await adminExists()).toBe(true);
    expect(await openSetupIfNeeded()).toBeNull();
    expect(await consumeSetupCode(earlier)).toBe(false);
    await database.handle.db.delete(user);
  });

  it("counts only administrators, not other roles", async () => {
    const org = await createOrganisation({ name: "Praktijk" });
    await createProfessional({ email: "pro-only@casus.test", name: "Pro", password: "a-long-password-123", organisationId: org.id });
    expect(await adminExists()).toBe(false);
    expect(await openSetupIfNeeded()).not.toBeNull();
  });
});
