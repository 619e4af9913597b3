/**
 * The API table's router over real HTTP (the tests' media server mounts exactly what server/app.ts mounts): only
 * declared endpoints answer under /api, and the one wrapper refuses in its fixed order — same origin, app check,
 * session and guard, path parameters, body — before a handler runs. The statuses are written out, not computed.
 */
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_ENDPOINT_NAMES, API_TABLE } from "~/domain/api-table";
import { MEDIA_MAX_DIMENSION_PX } from "~/domain/constants";
import { DOSSIER_SCHEMA_VERSIONS } from "~/domain/export/dossier-document";
import { appCheckHeaders, signInCookie, startMediaServer, type MediaTestServer } from "../../../tests/support/media-server";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { eq } from "drizzle-orm";
import { seedDemoData } from "../demo/seed-demo.server";
import { setConfig } from "../config.server";
import { systemDb } from "../db/client.server";
import { user as userTable } from "../db/schema";

let database: TestDatabase;
let server: MediaTestServer;
const cookies = {} as Record<"admin" | "pro", string>;
const MISSING = "00000000-0000-4000-8000-000000000000";

beforeAll(async () => {
  database = await createTestDatabase({ MFA_REQUIRED_ROLES: "" });
  await seedDemoData();
  cookies.admin = await signInCookie(database, "admin@casus.test");
  cookies.pro = await signInCookie(database, "pro@casus.test");
  server = await startMediaServer(database.dataDir);
});

afterAll(async () => {
  await server?.close();
  await database?.close();
});

async function call(path: string, init: RequestInit & { cookie?: string } = {}) {
  const { cookie, headers, ...rest } = init;
  const response = await fetch(`${server.url}${path}`, { ...rest, headers: { ...(cookie ? { cookie } : {}), ...(headers as Record<string, string>) } });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return { status: response.status, body, cacheControl: response.headers.get("cache-control") };
}

/**
 * Starts a request that declares `declaredBytes` but sends only its first kilobyte, and resolves with the status the
 * server answers: a refusal must come before the body is read, or this would wait for bytes that never come.
 */
function answerBeforeBody(path: string, headers: Record<string, string>, declaredBytes: number, method = "POST"): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${server.url}${path}`, { method, headers: { ...headers, "Content-Length": String(declaredBytes) } });
    request.on("response", (response) => {
      resolve(response.statusCode ?? 0);
      response.resume();
      request.destroy();
    });
    request.on("error", (error) => (error.message.includes("socket hang up") ? undefined : reject(error)));
    request.write(Buffer.alloc(1024, 0x7b));
  });
}

describe("the API router", () => {
  it("refuses every guarded endpoint to a user whose role needs a second factor they have not set up (MFA_REQUIRED_ROLES)", async () => {
    setConfig({ ...database.config, mfaRequiredRoles: ["admin", "supervisor"] });
    try {
      // The pages keep such a user on their account page (authorize()); the API held nothing back.
      expect(await call("/api/ml/dataset", { cookie: cookies.admin })).toMatchObject({ status: 401, body: { code: "second-factor-enrolment-required" } });
      expect(await call("/api/exports", { cookie: cookies.admin })).toMatchObject({ status: 401, body: { code: "second-factor-enrolment-required" } });
      expect(await call("/api/live", { cookie: cookies.admin })).toMatchObject({ status: 401 });
      expect(await call(`/api/media/${MISSING}`, { cookie: cookies.admin })).toMatchObject({ status: 401, body: { code: "storage/unauthenticated" } });
      // Public endpoints stay open, and a role the setting does not name is not affected.
      expect((await call("/api/version", { cookie: cookies.admin })).status).toBe(200);
      expect(await call(`/api/dossiers/${MISSING}/media`, { cookie: cookies.pro })).toMatchObject({ status: 404 });
      // Once enrolled, the administrator is let through.
      const [admin] = await systemDb().select({ id: userTable.id }).from(userTable).where(eq(userTable.email, "admin@casus.test"));
      await systemDb().update(userTable).set({ twoFactorEnabled: true }).where(eq(userTable.id, admin.id));
      try {
        expect((await call("/api/ml/dataset", { cookie: cookies.admin })).status).toBe(200);
      } finally {
        await systemDb().update(userTable).set({ twoFactorEnabled: false }).where(eq(userTable.id, admin.id));
      }
    } finally {
      setConfig(database.config);
    }
  });

  it("answers nothing under /api that the table does not declare, and a declared path's other methods are 404 in its dialect", async () => {
    expect(await call("/api/nothing-here")).toMatchObject({ status: 404, body: { code: "not-found" }, cacheControl: "no-store" });
    expect(await call("/api/ml/models/active/extra", { cookie: cookies.admin })).toMatchObject({ status: 404, body: { code: "not-found" } });
    expect(await call(`/api/media/${MISSING}`, { method: "DELETE", cookie: cookies.admin })).toMatchObject({ status: 404, body: { code: "storage/object-not-found" } });
    expect(await call("/api/version", { method: "POST" })).toMatchObject({ status: 404, body: { code: "not-found" } });
    // The auth door's prefix is left to the auth door (not mounted here): the router does not answer for it.
    expect((await call("/api/auth/get-session")).status).not.toBe(200);
  });

  it("declares every endpoint with methods and paths, and routes each one to its own handler rather than the 404", async () => {
    // 21, the dossier export's six endpoints and its published schema (issue 15), the two CSV tables of the data
    // pages and the review's frame judgements (issue 14).
    expect(API_ENDPOINT_NAMES.length).toBe(31);
    for (const name of API_ENDPOINT_NAMES) {
      const declaration = API_TABLE[name];
      expect(declaration.methods.length, name).toBeGreaterThan(0);
      expect(declaration.paths.length, name).toBeGreaterThan(0);
    }
    // One public endpoint per kind of answer, reached through the table.
    expect(await call("/api/version")).toMatchObject({ status: 200, body: { buildId: "test" }, cacheControl: "no-store" });
    expect(await call("/healthz")).toMatchObject({ status: 200, body: { status: "ok" } });
    const translations = await call("/locales/en/common.json");
    expect(translations.status).toBe(200);
    expect(translations.cacheControl).toMatch(/^public, max-age=\d+$/);
    expect(await call("/locales/xx/common.json")).toMatchObject({ status: 404, body: { code: "not-found" }, cacheControl: "no-store" });
    // Every published version keeps answering, each with its own address: a document names the one it was written to.
    for (const version of DOSSIER_SCHEMA_VERSIONS) {
      const schema = await call(`/schemas/dossier/${version}.json`);
      expect(schema).toMatchObject({ status: 200, cacheControl: "no-cache" });
      expect(schema.body).toMatchObject({ $id: expect.stringMatching(new RegExp(`/schemas/dossier/${version}\\.json$`)), title: `Casus exported dossier ${version}` });
    }
    // The benchmark's statistics exist only when the operator switched them on (not in tests).
    expect(await call("/__bench/stats")).toMatchObject({ status: 404, body: { code: "not-found" } });
  });

  it("checks who is asking before reading a byte of the body: signed out 401, not an administrator 404", async () => {
    const json = { "Content-Type": "application/json" };
    expect(await answerBeforeBody("/api/ml/images", json, 15 * 1024 * 1024)).toBe(401);
    expect(await answerBeforeBody("/api/ml/images", { ...json, cookie: cookies.pro }, 15 * 1024 * 1024)).toBe(404);
    expect(await answerBeforeBody("/api/ml/models", { ...json, cookie: cookies.pro }, 15 * 1024 * 1024)).toBe(404);
    // A preview without the app's token is refused before the session is even looked up.
    expect(await answerBeforeBody(`/api/media/${MISSING}/poster`, { cookie: cookies.pro }, 1024 * 1024, "PUT")).toBe(403);
  });

  it("refuses a body over the limit by its declared length, before reading it", async () => {
    expect(await answerBeforeBody("/api/ml/images", { "Content-Type": "application/json", cookie: cookies.admin }, 17 * 1024 * 1024)).toBe(413);
    expect(await answerBeforeBody(`/api/media/${MISSING}/poster`, { cookie: cookies.pro, ...appCheckHeaders() }, 3 * 1024 * 1024, "PUT")).toBe(400);
  });

  it("turns every unreadable JSON body into a 4xx with a code, never a 500", async () => {
    const post = (body: string, contentType = "application/json") =>
      call("/api/ml/images", { method: "POST", cookie: cookies.admin, headers: { "Content-Type": contentType }, body });
    expect(await post("{}", "text/plain")).toMatchObject({ status: 415, body: { code: "unsupported-media-type" } });
    expect(await post("{\"label\":")).toMatchObject({ status: 400, body: { code: "malformed-body" } });
    expect(await post("")).toMatchObject({ status: 400, body: { code: "malformed-body" } });
    expect(await post("[]")).toMatchObject({ status: 400, body: { code: "invalid-argument" } });
    expect(await post(JSON.stringify({ label: 2, source: "upload", width: 1, height: 1, image: "", thumbnail: "" }))).toMatchObject({ status: 400, body: { code: "invalid-argument" } });
    expect(await post(JSON.stringify({ label: 1, source: "upload", width: 1, height: 1, image: "not base64!", thumbnail: "" }))).toMatchObject({ status: 400, body: { code: "invalid-argument" } });
    // Well formed but not a JPEG: the data layer's own check, still a 400.
    expect(await post(JSON.stringify({ label: 1, source: "upload", width: 1, height: 1, image: "AAAA", thumbnail: "AAAA" }))).toMatchObject({ status: 400, body: { code: "invalid-argument" } });
    const model = (body: unknown) => call("/api/ml/models", { method: "POST", cookie: cookies.admin, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    expect(await model({ name: 5, modelJson: "{}", weights: "" })).toMatchObject({ status: 400, body: { code: "invalid-argument" } });
    expect(await model({ name: "x", modelJson: "not json", weights: "AAAA" })).toMatchObject({ status: 400, body: { code: "invalid-argument" } });
    // Text as forms take it: no NUL or other control character anywhere in a JSON body, names within their length.
    expect(await model({ name: "x\u0000", modelJson: "{}", weights: "AAAA" })).toMatchObject({ status: 422, body: { code: "text-control-character" } });
    expect(await model({ name: "x", modelJson: "{}", weights: "AAAA", metrics: { note: "a\u0007b" } })).toMatchObject({ status: 422, body: { code: "text-control-character" } });
    expect(await model({ name: "x".repeat(121), modelJson: "{}", weights: "AAAA" })).toMatchObject({ status: 400, body: { code: "invalid-argument" } });
    // Nested past any body of ours: refused before a walk of it could overflow the stack (a 500 before), at any depth.
    for (const depth of [40, 5_000, 100_000]) {
      const nested = `{"name":"x","modelJson":"{}","weights":"AAAA","metrics":{"a":${"[".repeat(depth)}${"]".repeat(depth)}}}`;
      const answer = await call("/api/ml/models", { method: "POST", cookie: cookies.admin, headers: { "Content-Type": "application/json" }, body: nested });
      expect(answer, `depth ${depth}`).toMatchObject({ status: 400, body: { code: "malformed-body" } });
    }
    expect(await model({ name: "x", modelJson: "{}", weights: "AAAA", metrics: { a: { b: { c: [[1, 2]] } } } })).toMatchObject({ status: 400, body: { code: "invalid-argument" } });
    // Half a surrogate pair is no text: PostgreSQL's JSON refuses it, so storing an export's options was a 500.
    expect(await model({ name: "\ud800x", modelJson: "{}", weights: "AAAA" })).toMatchObject({ status: 400, body: { code: "malformed-body" } });
    expect(await model({ name: "x", modelJson: "{}", weights: "AAAA", metrics: { "\udc00": 1 } })).toMatchObject({ status: 400, body: { code: "malformed-body" } });
    expect(await model({ name: "x \ud83d\ude00", modelJson: "not json", weights: "AAAA" })).toMatchObject({ status: 400, body: { code: "invalid-argument" } });
    const exportStart = await call("/api/exports", {
      method: "POST",
      cookie: cookies.admin,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ filters: { statuses: ["draft"] }, format: "ndjson", pseudonymise: { recipient: "\ud800", freeText: "remove" } }),
    });
    expect(exportStart).toMatchObject({ status: 400, body: { code: "malformed-body" } });
  });

  it("refuses a labelled image's size or time outside what a browser reports with 400, never a 500 from its integer column", async () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xd9]).toString("base64");
    const post = (fields: Record<string, unknown>) =>
      call("/api/ml/images", {
        method: "POST",
        cookie: cookies.admin,
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ label: 1, source: "upload", width: 1, height: 1, image: jpeg, thumbnail: jpeg, ...fields }),
      });
    // The attacker's request: 1e308 is a finite, positive JSON number.
    expect(await post({ width: 1e308 })).toMatchObject({ status: 400, body: { code: "invalid-argument" } });
    expect(await post({ height: 2 ** 31 })).toMatchObject({ status: 400, body: { code: "invalid-argument" } });
    expect(await post({ width: 640.5 })).toMatchObject({ status: 400, body: { code: "invalid-argument" } });
    expect(await post({ source: "video", videoId: "video-1", timestampMs: 1e308 })).toMatchObject({ status: 400, body: { code: "invalid-argument" } });
    expect(await post({ width: MEDIA_MAX_DIMENSION_PX + 1 })).toMatchObject({ status: 400, body: { code: "invalid-argument" } });
    expect(await post({ width: MEDIA_MAX_DIMENSION_PX, height: 480 })).toMatchObject({ status: 201 });
  });

  it("refuses a state-changing request from another site, whoever asks", async () => {
    const crossSite = { "Content-Type": "application/json", Origin: "https://evil.test" };
    expect(await call("/api/ml/images", { method: "POST", cookie: cookies.admin, headers: crossSite, body: "{}" })).toMatchObject({ status: 403, body: { code: "csrf-rejected" } });
    expect(await call(`/api/uploads`, { method: "POST", cookie: cookies.pro, headers: { "Sec-Fetch-Site": "cross-site", ...appCheckHeaders() } })).toMatchObject({ status: 403, body: { code: "csrf-rejected" } });
  });

  it("answers a path parameter that cannot name anything with 404 in the endpoint's dialect", async () => {
    expect(await call("/api/media/not-an-id", { cookie: cookies.pro })).toMatchObject({ status: 404, body: { code: "storage/object-not-found" } });
    expect(await call(`/api/media/${MISSING}/original?expires=1&signature=x`)).toMatchObject({ status: 404, body: { code: "storage/object-not-found" } });
    expect(await call("/api/dossiers/..%2F..%2Fetc/media", { cookie: cookies.pro })).toMatchObject({ status: 404, body: { code: "not-found" } });
    expect(await call("/api/ml/models/x/other.bin", { cookie: cookies.pro })).toMatchObject({ status: 404, body: { code: "not-found" } });
    expect(await call(`/api/uploads/not-an-id`, { method: "PATCH", cookie: cookies.pro, headers: { "Tus-Resumable": "1.0.0", ...appCheckHeaders() } })).toMatchObject({
      status: 404,
      body: { code: "storage/object-not-found" },
    });
  });
});
