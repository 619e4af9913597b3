import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { seedDemoData, DEMO_PASSWORD } from "../demo/seed-demo.server";
import { loadSessionUser } from "./session.server";

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

async function sessionCookie(baseUrl: string): Promise<string> {
  database = await createTestDatabase({ BASE_URL: baseUrl });
  await seedDemoData({ dossiers: false });
  const response = await database.auth.api.signInEmail({ body: { email: "pro@casus.test", password: DEMO_PASSWORD }, asResponse: true });
  expect(response.status).toBe(200);
  const cookie = response.headers.getSetCookie().find((c) => /session_token=/.test(c));
  expect(cookie).toBeDefined();
  return cookie!;
}

// Each test migrates a database and seeds the demo people (password hashing): slow on a busy 2-core machine.
describe("the session cookie", { timeout: 60_000 }, () => {
  it("is HttpOnly and SameSite=Lax, and not Secure on plain-HTTP development addresses", async () => {
    const cookie = await sessionCookie("http://localhost:3999");
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/;\s*Secure/i);
  });

  it("is Secure (with the __Secure- prefix) when Casus is served over HTTPS", async () => {
    const cookie = await sessionCookie("https://casus.example.nl");
    expect(cookie).toMatch(/^__Secure-/);
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  // A request without a session cookie skips the session lookup; the cookie that Better Auth really sets, on
  // HTTP and on HTTPS, must still be recognised as one, or nobody could stay signed in.
  it.each(["http://localhost:3999", "https://casus.example.nl"])("set on %s is the one the session is read from", async (baseUrl) => {
    const cookie = (await sessionCookie(baseUrl)).split(";")[0];
    expect((await loadSessionUser(new Headers({ cookie })))?.email).toBe("pro@casus.test");
    expect((await loadSessionUser(new Headers({ cookie: `casus_locale=en; ${cookie}` })))?.email).toBe("pro@casus.test");
    expect(await loadSessionUser(new Headers())).toBeNull();
    expect(await loadSessionUser(new Headers({ cookie: "casus_locale=en" }))).toBeNull();
  });
});
