/**
 * Requests refused before routing, over real HTTP: the middlewares in server/app.ts's order, with a stand-in for
 * React Router that builds its Request as @react-router/express does (`new Request(originalUrl, { method })`) and
 * says which route and status it would render. The built server is asked the same in tests/e2e/url-hygiene.spec.ts.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  hasControlCharacter,
  hasUsableHost,
  namesAPath,
  REFUSED_PATH,
  refuseControlCharacters,
  refuseUndecodableParams,
  refuseUndecodablePaths,
  refuseUnfetchableMethods,
} from "./request-hygiene.server";

let server: http.Server;
let port: number;
/** What the API saw: nothing that was refused early. */
const apiSeen: string[] = [];

beforeAll(async () => {
  const app = express();
  app.use(refuseControlCharacters);
  app.get("/api/version", (req, res) => {
    apiSeen.push(req.originalUrl);
    res.json({ ok: true });
  });
  // Routes with parameters, as the API table's and the auth door's: Express decodes them, and throws for a broken escape.
  const api = express.Router();
  api.get("/api/media/:id", (req, res) => {
    apiSeen.push(req.originalUrl);
    res.json({ id: req.params.id });
  });
  api.all("/api/{*rest}", (req, res) => void res.status(404).json({ code: "not-found" }));
  app.use(api);
  app.use(refuseUndecodableParams);
  app.use(refuseUndecodablePaths);
  app.use(refuseUnfetchableMethods);
  app.use((req, res) => {
    // What React Router's adapter does first; it throws for TRACE ("'TRACE' HTTP method is unsupported").
    const request = new Request(`http://localhost${req.originalUrl}`, { method: req.method });
    const { pathname } = new URL(request.url);
    const seen = { method: request.method, pathname, refusedStatus: (res.locals.refusedStatus as number | undefined) ?? null };
    res.set("X-Seen", JSON.stringify(seen)).json(seen);
  });
  app.use(((err, _req, res, _next) => void res.status(500).type("text/plain").send(String(err))) as express.ErrorRequestHandler);
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

/** node:http, not fetch: fetch cannot send TRACE either. */
function send(method: string, path: string): Promise<{ status: number; type: string; body: string; seen?: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path, headers: { "content-length": method === "POST" ? "3" : "0" } }, (res) => {
      let body = "";
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, type: String(res.headers["content-type"]), body, seen: res.headers["x-seen"] as string | undefined }));
    });
    req.on("error", reject);
    req.end(method === "POST" ? "a=b" : undefined);
  });
}

describe("an address with a control character", () => {
  it("is a page: handed to the catch-all route in its language with 400, as a GET, and no page of it is matched", async () => {
    for (const method of ["GET", "POST"]) {
      expect(JSON.parse((await send(method, "/supervisor/case/%00")).body)).toEqual({ method: "GET", pathname: REFUSED_PATH, refusedStatus: 400 });
    }
    expect(JSON.parse((await send("GET", "/en/supervisor/case/%00/mvp")).body)).toEqual({ method: "GET", pathname: `/en${REFUSED_PATH}`, refusedStatus: 400 });
    expect(JSON.parse((await send("GET", "/de/admin/organisaties?q=%00")).body)).toMatchObject({ pathname: `/de${REFUSED_PATH}`, refusedStatus: 400 });
    expect(JSON.parse((await send("HEAD", "/admin/supervisors?q=a%1Bb")).seen!)).toEqual({ method: "HEAD", pathname: REFUSED_PATH, refusedStatus: 400 });
  });

  it("is `{ code }` JSON for an API endpoint or one of React Router's own fetches, which never sees it", async () => {
    for (const path of ["/api/version?x=%00", "/api/version%00", "/supervisor/case/%00.data"]) {
      const answer = await send("GET", path);
      expect([answer.status, answer.type, answer.body]).toEqual([400, "application/json; charset=utf-8", '{"code":"invalid-argument"}']);
    }
    expect(apiSeen).toEqual([]);
  });

  it("leaves every other address alone, broken escapes and all", async () => {
    for (const path of ["/admin/organisaties?q=%2500", "/admin/organisaties?q=caf%C3%A9+au+lait", "/x?q=%E0%A4%A", "/x?q=%ZZ", "/x?q=a%09b"]) {
      expect(JSON.parse((await send("GET", path)).body)).toMatchObject({ refusedStatus: null });
    }
    expect((await send("GET", "/api/version?q=%7e")).status).toBe(200);
  });
});

describe("an endpoint's address whose parameter does not decode", () => {
  it("is `{ code }` JSON 400, and the endpoint never sees it (the router's URIError was the last resort's 500)", async () => {
    const seenBefore = apiSeen.length;
    for (const path of ["/api/media/%ff", "/api/media/%", "/api/media/%zz", "/api/media/%E0%A4%A", "/api/media/%ED%A0%80", "/api/other/%ff"]) {
      for (const method of ["GET", "POST"]) {
        const answer = await send(method, path);
        expect([answer.status, answer.type, answer.body], `${method} ${path}`).toEqual([400, "application/json; charset=utf-8", '{"code":"invalid-argument"}']);
      }
    }
    expect(apiSeen.slice(seenBefore)).toEqual([]);
  });

  it("leaves escapes that decode, broken escapes in the query, and pages alone", async () => {
    expect(JSON.parse((await send("GET", "/api/media/caf%C3%A9%2Fx")).body)).toEqual({ id: "café/x" });
    expect((await send("GET", "/api/media/x?q=%ff")).status).toBe(200);
  });
});

describe("a page's address whose path does not decode", () => {
  it("is the catch-all route with 400 in its language, so React Router never warns with the whole path (a number in it)", async () => {
    for (const [path, refused] of [
      ["/pro/u1/0612345678%FF/history", REFUSED_PATH],
      ["/en/pro/u1/0612345678%/history", `/en${REFUSED_PATH}`],
      ["/supervisor/case/%zz", REFUSED_PATH],
      ["/fr/supervisor/case/%E0%A4%A", `/fr${REFUSED_PATH}`],
    ] as const) {
      for (const method of ["GET", "POST"]) {
        expect(JSON.parse((await send(method, path)).body), `${method} ${path}`).toEqual({ method: "GET", pathname: refused, refusedStatus: 400 });
      }
    }
  });

  it("is `{ code }` JSON 400 for React Router's own fetches", async () => {
    const answer = await send("GET", "/pro/u1/0612345678%FF/history.data");
    expect([answer.status, answer.body]).toEqual([400, '{"code":"invalid-argument"}']);
  });

  it("leaves paths that decode alone, and broken escapes in the query", async () => {
    expect(JSON.parse((await send("GET", "/pro/u1/06%2012345678/history?x=%ff")).body)).toMatchObject({ pathname: "/pro/u1/06%2012345678/history", refusedStatus: null });
  });
});

describe("a method the Fetch API cannot carry", () => {
  it("is the catch-all route with 405, like any method React Router does not know (a 500 in plain text before)", async () => {
    expect(JSON.parse((await send("TRACE", "/")).body)).toEqual({ method: "GET", pathname: REFUSED_PATH, refusedStatus: 405 });
    expect(JSON.parse((await send("TRACE", "/fr/supervisor")).body)).toEqual({ method: "GET", pathname: `/fr${REFUSED_PATH}`, refusedStatus: 405 });
  });

  it("leaves the methods React Router answers itself alone", async () => {
    expect(JSON.parse((await send("PROPFIND", "/")).body)).toEqual({ method: "PROPFIND", pathname: "/", refusedStatus: null });
  });
});

describe("hasControlCharacter", () => {
  it("reads the address decoded once: C0 controls and DEL but not tab or line breaks; not escaped percent signs", () => {
    expect(["/a%00", "/a?q=%00", "/a?q=%1f", "/a?q=%7F", "/a?q=%0b", "/a\u0000"].map(hasControlCharacter)).toEqual([true, true, true, true, true, true]);
    expect(["/a?q=%09", "/a?q=%0A%0d", "/a?q=%2500", "/a?q=%C2%80", "/a?q=%", "/a?q=%0"].map(hasControlCharacter)).toEqual([false, false, false, false, false, false]);
  });
});

describe("a host no address can be made from", () => {
  const request = (hostname: string, protocol = "http") => ({ hostname, protocol });
  it("is refused: a space, a bad port's neighbour, a protocol that is no scheme", () => {
    expect(hasUsableHost(request("exa mple"))).toBe(false);
    expect(hasUsableHost(request("a<b"))).toBe(false);
    expect(hasUsableHost(request("localhost", "java script"))).toBe(false);
  });
  it("is not refused for any host a browser or proxy sends, nor for none", () => {
    for (const hostname of ["localhost", "casus.example", "127.0.0.1", "[::1]", "xn--bcher-kva.example", "", "evil.example/..", "a@b"]) {
      expect(hasUsableHost(request(hostname)), hostname).toBe(true);
    }
    expect(hasUsableHost(request("casus.example", "https"))).toBe(true);
  });
  it("reads the port as React Router's adapter does: from a trusted X-Forwarded-Host, else from Host", () => {
    expect(hasUsableHost({ protocol: "http", hostname: "localhost", host: "localhost:99999" })).toBe(false);
    expect(hasUsableHost({ protocol: "http", hostname: "localhost", host: "localhost:65536" })).toBe(false);
    expect(hasUsableHost({ protocol: "http", hostname: "localhost", host: "localhost:3000", forwardedHost: "casus.example:70000" })).toBe(false);
    expect(hasUsableHost({ protocol: "http", hostname: "localhost", host: "localhost:65535" })).toBe(true);
    expect(hasUsableHost({ protocol: "http", hostname: "casus.example", host: "localhost:3000", forwardedHost: "casus.example:443" })).toBe(true);
    // Not a number at all: the adapter leaves the port out.
    expect(hasUsableHost({ protocol: "http", hostname: "localhost", host: "localhost:abc" })).toBe(true);
  });
});

describe("a request line that names no path", () => {
  it("is refused: absolute form and the asterisk; a path is not", () => {
    expect(["/", "/admin?x=1", "http://localhost:3000/admin", "*", "localhost:3000"].map((originalUrl) => namesAPath({ originalUrl }))).toEqual([true, true, false, false, false]);
  });
});
