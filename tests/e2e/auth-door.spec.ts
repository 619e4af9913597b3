/**
 * Better Auth's own endpoints, tried as an attacker with a valid account would (issue 12): on the served app each
 * is closed, so the product's rules (last administrator, three roles, invitations, password policy, recent
 * sign-in, audit) cannot be walked around. app/server/auth/auth-door.server.test.ts enumerates every endpoint.
 */
import http from "node:http";
import { apiSession, expect, test } from "./support/fixtures";
import { matrixFixtures } from "./support/matrix-fixtures";

const base = () => process.env.E2E_BASE_URL!;

test("Better Auth's admin, account and phone endpoints answer 404 to a signed-in administrator and professional", async () => {
  const { users } = matrixFixtures();
  const admin = await apiSession(base(), "admin@casus.test");
  const pro = await apiSession(base(), "pro@casus.test");
  const attacks: [typeof admin, string, Record<string, unknown>][] = [
    [admin, "/api/auth/admin/set-role", { userId: users.admin, role: "professional" }],
    [admin, "/api/auth/admin/set-role", { userId: users.pro, role: ["professional", "admin"] }],
    [admin, "/api/auth/admin/update-user", { userId: users.admin, data: { banned: true } }],
    [admin, "/api/auth/admin/create-user", { email: "hidden@casus.test", password: "weak", name: "Hidden", role: "admin" }],
    [admin, "/api/auth/admin/set-user-password", { userId: users.pro, newPassword: "weak" }],
    [admin, "/api/auth/admin/impersonate-user", { userId: users.pro }],
    [admin, "/api/auth/admin/remove-user", { userId: users.pro2 }],
    [pro, "/api/auth/update-user", { name: "x".repeat(5000), image: "javascript:alert(1)" }],
    [pro, "/api/auth/change-password", { currentPassword: "casus-demo-2026", newPassword: "password" }],
    [pro, "/api/auth/two-factor/send-otp", {}],
    [pro, "/api/auth/two-factor/verify-otp", { code: "000000" }],
    [pro, "/api/auth/sign-in/phone-number", { phoneNumber: "+31612345678", password: "casus-demo-2026" }],
    [pro, "/api/auth/phone-number/send-otp", { phoneNumber: "+31612345678" }],
  ];
  try {
    for (const [session, path, data] of attacks) {
      const response = await session.post(path, { data });
      expect(response.status(), path).toBe(404);
    }
    for (const path of ["/api/auth/list-sessions", "/api/auth/admin/list-users", "/api/auth/list-accounts"]) {
      expect((await admin.get(path)).status(), path).toBe(404);
    }
    // What the browser needs still works, without handing a script the session token.
    const session = await pro.get("/api/auth/get-session");
    expect(session.status()).toBe(200);
    expect(await session.text()).not.toMatch(/token/i);
  } finally {
    await Promise.all([admin.dispose(), pro.dispose()]);
  }
});

/** GET `path` exactly as written (a browser, fetch and Playwright all tidy "\\" and dot segments before sending). */
function rawGet(path: string, cookie: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(base(), { method: "GET", path, headers: { cookie } }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on("error", reject);
    request.end();
  });
}

test("a path Better Auth reads as another endpoint than the door does answers 404 on the served app", async () => {
  const admin = await apiSession(base(), "admin@casus.test");
  try {
    const cookie = (await admin.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    // The session is real: the plain get-session answers it (without its token).
    expect((await rawGet("/api/auth/get-session", cookie)).body).toContain("expiresAt");
    for (const path of ["/api/auth/callback/..\\admin\\list-users", "/api/auth/callback/..\\get-session", "/api/auth/callback/.%2e\\list-sessions"]) {
      const answer = await rawGet(path, cookie);
      expect(answer.status, path).toBe(404);
      expect(answer.body, path).not.toMatch(/token|users/i);
    }
  } finally {
    await admin.dispose();
  }
});
