import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { user } from "../db/schema";
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

  it("opens setup with a readable one-time code", () => {
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{4}(-[2-9A-HJKMNP-Z]{4}){3}$/);
    // No 0/O or 1/I/L to misread off a console.
    expect(code).not.toMatch(/[01OIL]/);
  });

  it("makes a new code at every start", async () => {
    const codes = new Set([code, (await openSetupIfNeeded())!, (await openSetupIfNeeded())!]);
    expect(codes.size).toBe(3);
  });

  it("accepts the code once, and not a second time", () => {
    expect(consumeSetupCode(code)).toBe(true);
    expect(consumeSetupCode(code)).toBe(false);
  });

  it.each([
    ["lower case", (c: string) => c.toLowerCase()],
    ["spaces instead of dashes", (c: string) => c.replace(/-/g, " ")],
    ["no separators", (c: string) => c.replace(/-/g, "")],
    ["surrounding whitespace and mixed separators", (c: string) => ` ${c.slice(0, 9).replace("-", " - ")}${c.slice(9).toLowerCase()}\n`],
  ])("accepts the code typed with %s", (_label, typed) => {
    expect(consumeSetupCode(typed(code))).toBe(true);
  });

  it("refuses a wrong code, and the right one still works afterwards", () => {
    const wrongLast = code.slice(0, -1) + (code.endsWith("Z") ? "Y" : "Z");
    expect(consumeSetupCode(wrongLast)).toBe(false);
    expect(consumeSetupCode("")).toBe(false);
    expect(consumeSetupCode(code.slice(0, -1))).toBe(false);
    expect(consumeSetupCode(`${code}2`)).toBe(false);
    expect(consumeSetupCode("0000-0000-0000-0000")).toBe(false);
    expect(consumeSetupCode(code)).toBe(true);
  });

  it("can put a consumed code back when creating the admin failed", () => {
    expect(consumeSetupCode(code)).toBe(true);
    restoreSetupCode(code);
    expect(consumeSetupCode(code)).toBe(true);
  });
});

describe("once an administrator exists", () => {
  it("gives no code, and an earlier code no longer works", async () => {
    expect(await adminExists()).toBe(false);
    const earlier = (await openSetupIfNeeded())!;
    await createAdmin({ email: "first-admin@casus.test", name: "First Admin", password: "a-long-password-123" });
    expect(await adminExists()).toBe(true);
    expect(await openSetupIfNeeded()).toBeNull();
    expect(consumeSetupCode(earlier)).toBe(false);
    await database.handle.db.delete(user);
  });

  it("counts only administrators, not other roles", async () => {
    const org = await createOrganisation({ name: "Praktijk" });
    await createProfessional({ email: "pro-only@casus.test", name: "Pro", password: "a-long-password-123", organisationId: org.id });
    expect(await adminExists()).toBe(false);
    expect(await openSetupIfNeeded()).not.toBeNull();
  });
});
