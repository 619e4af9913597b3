/**
 * The /api/auth door over real HTTP: every endpoint Better Auth registers (its own and every plugin's) is
 * requested through the mount server/app.ts uses; only the allow-list may answer anything but 404.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { takeConsoleErrors } from "../../../tests/support/console-errors";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { DEMO_PASSWORD, seedDemoData } from "../demo/seed-demo.server";
import { AUTH_BASE_PATH, authDoor, PUBLIC_AUTH_ENDPOINTS } from "./auth-door.server";

/** Written out, not read from the module under test: adding an endpoint to the door must change this test too. */
const OPEN = new Set(["GET /get-session", "POST /sign-out", "POST /sign-in/social", "GET /callback/:id", "POST /callback/:id"]);

let database: TestDatabase;
let server: Server;
let base: string;
let adminCookie: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData({ dossiers: false });
  const app = express();
  app.use(authDoor(database.auth));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const signIn = await database.auth.api.signInEmail({ body: { email: "admin@casus.test", password: DEMO_PASSWORD }, asResponse: true });
  adminCookie = signIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await database.close();
});

/** Every HTTP endpoint Better Auth has registered: [method, path]. Server-only ones have no path. */
function registeredEndpoints(): [string, string][] {
  const found: [string, string][] = [];
  for (const endpoint of Object.values(database.auth.api) as { path?: string; options?: { method?: string | string[] } }[]) {
    if (!endpoint.path) continue;
    const methods = endpoint.options?.method ?? "GET";
    for (const method of Array.isArray(methods) ? methods : methods === "*" ? ["GET", "POST"] : [methods]) found.push([method, endpoint.path]);
  }
  return found;
}

function concrete(path: string): string {
  return path.replace(/:[^/]+/g, "x");
}

async function call(method: string, path: string, cookie = adminCookie) {
  return fetch(`${base}${AUTH_BASE_PATH}${path}`, {
    method,
    headers: { cookie, origin: database.config.baseUrl, ...(method === "GET" ? {} : { "content-type": "application/json" }) },
    body: method === "GET" ? undefined : JSON.stringify({ userId: "x", role: "admin", name: "A", email: "new-admin@casus.test", password: "short" }),
    redirect: "manual",
  });
}

/** A request with its path exactly as given: no client-side URL parsing in between. */
function rawCall(method: string, path: string, cookie = adminCookie): Promise<{ status: number; body: string }> {
  const body = method === "GET" ? "" : JSON.stringify({ userId: "x", role: "admin", name: "A", email: "new-admin@casus.test", password: "long-enough-password-1" });
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}/`, { method, path, headers: { cookie, origin: database.config.baseUrl, "content-type": "application/json" } }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.on("error", reject);
    request.end(body);
  });
}

describe("the /api/auth door", () => {
  it("sees every endpoint the plugins register (the enumeration is real)", () => {
    const paths = registeredEndpoints().map(([, path]) => path);
    expect(paths.length).toBeGreaterThan(50);
    for (const path of ["/admin/set-role", "/admin/create-user", "/admin/impersonate-user", "/update-user", "/list-sessions", "/sign-in/phone-number", "/two-factor/send-otp"]) {
      expect(paths).toContain(path);
    }
  });

  it("answers 404 to every registered endpoint except the five the browser uses, signed in as an administrator", async () => {
    const reachable: string[] = [];
    for (const [method, path] of registeredEndpoints()) {
      const open = OPEN.has(`${method} ${path}`);
      // Open ones are exercised below (calling sign-out here would end the session the other tests use).
      if (open) continue;
      const response = await call(method, concrete(path));
      if (response.status !== 404) reachable.push(`${method} ${path} → ${response.status}`);
    }
    expect(reachable).toEqual([]);
  });

  it("answers 404 to paths nobody registered, and to trailing tricks on closed ones", async () => {
    for (const path of ["/future-plugin/endpoint", "/admin/set-role/", "/ADMIN/SET-ROLE", "/admin%2Fset-role", "/./admin/set-role"]) {
      expect((await call("POST", path)).status, path).toBe(404);
    }
  });

  it("answers 404 to a path Better Auth would read as another endpoint than the door does", async () => {
    // Sent as written (fetch would tidy them first): Better Auth's WHATWG URL turns "\\" into "/" and resolves dot
    // segments, so each of these was one allowed callback to the door and a closed endpoint to Better Auth.
    const tricks: [string, string][] = [
      ["GET", "/callback/..\\admin\\list-users"],
      ["GET", "/callback/..\\get-session"],
      ["GET", "/callback/..\\list-sessions"],
      ["POST", "/callback/..\\admin\\set-role"],
      ["POST", "/callback/.%2e\\admin\\create-user"],
      ["POST", "/callback/%2e%2e"],
      ["GET", "/callback/x/..\\..\\get-session"],
    ];
    for (const [method, path] of tricks) {
      const answer = await rawCall(method, `${AUTH_BASE_PATH}${path}`);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body, `${method} ${path}`).not.toMatch(/token|users|"role"/i);
    }
    // The callback itself still reaches Better Auth when written plainly.
    expect((await rawCall("GET", `${AUTH_BASE_PATH}/callback/oidc?code=x&state=y`)).status).toBe(302);
    takeConsoleErrors();
  });

  it("still serves what the browser uses, and get-session gives the expiry but no token", async () => {
    const response = await call("GET", "/get-session");
    expect(response.status).toBe(200);
    const text = await response.text();
    const body = JSON.parse(text) as { session: { expiresAt: string } };
    expect(Date.parse(body.session.expiresAt)).toBeGreaterThan(Date.now());
    expect(text).not.toMatch(/token/i);
    expect(Object.keys(body)).toEqual(["session"]);
    expect(response.headers.get("cache-control")).toBe("no-store");
    // With a trailing slash too: the door answers it, not Better Auth with its token.
    const slashed = await call("GET", "/get-session/");
    expect(await slashed.text()).not.toMatch(/token/i);
    const signedOut = await call("GET", "/get-session", "");
    expect(await signedOut.json()).toBeNull();
    // Open, and answered by Better Auth (an unknown provider is its 4xx, not the door's 404).
    expect((await call("POST", "/sign-in/social")).status).not.toBe(404);
  });

  it("sends a sign-in callback whose state is lost to the sign-in page with the reason, not to a closed error page", async () => {
    // (A form_post callback is first turned into this GET by Better Auth.)
    const response = await fetch(`${base}${AUTH_BASE_PATH}/callback/oidc?code=x&state=y`, { redirect: "manual" });
    expect(response.status).toBe(302);
    // The sign-in page reads this code as "signing in through the sign-in service did not work" (codeForBetterAuthError).
    expect(response.headers.get("location")).toBe("/?error=state_mismatch");
    // Better Auth says so on the console; nothing else went wrong.
    expect(takeConsoleErrors().every((message) => message.includes("State mismatch"))).toBe(true);
  });

  it("lists exactly the open endpoints, each with who uses it", () => {
    expect(new Set(PUBLIC_AUTH_ENDPOINTS.map((e) => `${e.method} ${e.path}`))).toEqual(OPEN);
    for (const endpoint of PUBLIC_AUTH_ENDPOINTS) expect(endpoint.usedBy.length).toBeGreaterThan(10);
  });
});
