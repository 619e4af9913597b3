import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { AppError } from "~/domain/errors";
import { auditLog, user } from "../db/schema";
import { createFirstAdmin } from "./create-first-admin.server";
import { openSetupIfNeeded } from "./setup-code.server";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const person = { name: "Eerste Beheerder", email: "beheer@praktijk.test", password: "een-lang-wachtwoord-2026" };
const origin = { requestId: "req-1", ipAddress: "127.0.0.1" };

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).code;
  }
  throw new Error("expected an AppError");
}

describe("createFirstAdmin", () => {
  it("refuses a wrong code and creates nobody", async () => {
    const code = (await openSetupIfNeeded())!;
    expect(await codeOf(createFirstAdmin({ ...person, code: "2222-3333-4444-5555" }, origin))).toBe("setup-code-invalid");
    expect(await database.handle.db.select().from(user)).toEqual([]);
    expect(code).toBeTruthy();
  });

  it("gives the code back when the admin cannot be created, so the operator can try again", async () => {
    const code = (await openSetupIfNeeded())!;
    // Better Auth refuses a malformed address.
    await expect(createFirstAdmin({ ...person, email: "not-an-email", code }, origin)).rejects.toBeDefined();
    expect(await database.handle.db.select().from(user)).toEqual([]);
    const { userId } = await createFirstAdmin({ ...person, code: code.toLowerCase() }, origin);
    const [created] = await database.handle.db.select().from(user).where(eq(user.id, userId));
    expect(created).toMatchObject({ email: person.email, role: "admin", emailVerified: true });
    const audit = await database.handle.db.select().from(auditLog).where(eq(auditLog.action, "admin.first-admin-created"));
    expect(audit).toMatchObject([{ actorId: userId, subjectId: userId, requestId: "req-1", ipAddress: "127.0.0.1" }]);
    expect(JSON.stringify(audit)).not.toContain(person.password);
  });

  it("is gone once an administrator exists: 404, whatever the code", async () => {
    expect(await openSetupIfNeeded()).toBeNull();
    expect(await codeOf(createFirstAdmin({ ...person, email: "second@praktijk.test", code: "2222-3333-4444-5555" }, origin))).toBe("not-found");
    expect(await database.handle.db.select().from(user)).toHaveLength(1);
  });
});
