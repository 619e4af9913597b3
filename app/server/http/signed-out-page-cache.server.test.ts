import crypto from "node:crypto";
import zlib from "node:zlib";
import type { AddressInfo } from "node:net";
import express from "express";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes, isKeepableSignInRequest, keepPage, type RenderPage, SIGN_IN_PAGE_PATHS, signedOutPageCache } from "./signed-out-page-cache.server";

const sha256 = (text: string) => `'sha256-${crypto.createHash("sha256").update(text).digest("base64")}'`;
const request = (path: string, cookie?: string, method = "GET", query = "") => ({ method, path, originalUrl: path + query, headers: cookie ? { cookie } : {} });
const html200 = { status: 200, headers: new Headers({ "content-type": "text/html; charset=utf-8", "cache-control": "no-store", "x-request-id": "r1" }) };

describe("which requests get the kept sign-in page", () => {
  it("is the sign-in page of each locale", () => {
    expect([...SIGN_IN_PAGE_PATHS].sort()).toEqual(["/", "/de", "/en", "/fr"]);
  });
  it("a first visit, or one with only the language cookie, does", () => {
    expect(isKeepableSignInRequest(request("/en"))).toBe(true);
    expect(isKeepableSignInRequest(request("/"))).toBe(true);
    expect(isKeepableSignInRequest(request("/fr", "i18n_redirected=fr"))).toBe(true);
  });
  it("a session cookie, any other cookie, a query, another method or another page does not", () => {
    expect(isKeepableSignInRequest(request("/en", "casus.session_token=abc"))).toBe(false);
    expect(isKeepableSignInRequest(request("/en", "i18n_redirected=en; casus.signed_out=expired"))).toBe(false);
    expect(isKeepableSignInRequest(request("/en", undefined, "GET", "?reason=expired"))).toBe(false);
    expect(isKeepableSignInRequest(request("/en", undefined, "GET", "?"))).toBe(false);
    expect(isKeepableSignInRequest(request("/en", undefined, "POST"))).toBe(false);
    expect(isKeepableSignInRequest(request("/en", undefined, "HEAD"))).toBe(false);
    expect(isKeepableSignInRequest(request("/en/"))).toBe(false);
    expect(isKeepableSignInRequest(request("/en.data"))).toBe(false);
    expect(isKeepableSignInRequest(request("/en/wachtwoord-vergeten"))).toBe(false);
  });
});

describe("the hashes of a page's inline scripts", () => {
  it("cover every script the browser runs from the page's text, and nothing else", () => {
    const html =
      '<script id="casus-config" type="application/json">{"a":1}</script><script src="/assets/x.js"></script>' +
      '<script nonce="n">window.a = 1;</script><script type="module" async="">import "/assets/y.js";\n</script><script>$RC("B:1","S:1")</script>';
    expect(inlineScriptHashes(html)).toEqual([sha256("window.a = 1;"), sha256('import "/assets/y.js";\n'), sha256('$RC("B:1","S:1")')]);
  });
});

describe("keeping a rendered page", () => {
  const placeholder = "0123456789abcdef0123456789abcdef";
  const rendered = `<html><head><link nonce="${placeholder}" rel="modulepreload" href="/a.js"/></head><body><script nonce="${placeholder}">go()</script></body></html>`;

  it("takes out the nonce, hashes the scripts, keeps only the page's own headers and compresses it both ways", () => {
    const page = keepPage(html200, rendered, placeholder)!;
    const text = '<html><head><link rel="modulepreload" href="/a.js"/></head><body><script>go()</script></body></html>';
    expect(page.bodies.identity.toString()).toBe(text);
    expect(zlib.gunzipSync(page.bodies.gzip).toString()).toBe(text);
    expect(zlib.brotliDecompressSync(page.bodies.br).toString()).toBe(text);
    expect(page.scriptHashes).toEqual([sha256("go()")]);
    expect(page.headers).toEqual([
      ["cache-control", "no-store"],
      ["content-type", "text/html; charset=utf-8"],
    ]);
  });

  it("keeps nothing that is not a whole page, or holds the nonce anywhere but in a nonce attribute", () => {
    expect(keepPage({ ...html200, status: 404 }, rendered, placeholder)).toBeNull();
    expect(keepPage({ status: 200, headers: new Headers({ "content-type": "application/json" }) }, rendered, placeholder)).toBeNull();
    expect(keepPage(html200, "<html><body>no scripts at all</body></html>", placeholder)).toBeNull();
    expect(keepPage(html200, `${rendered}<script>window.nonce = "${placeholder}"</script>`, placeholder)).toBeNull();
  });
});

describe("the middleware", () => {
  /** An app with the kept page in front of a stand-in for React Router that says it rendered per request. */
  async function serve(render: RenderPage) {
    const app = express();
    app.use((_req, res, next) => {
      res.locals.nonce = "n0nce";
      res.setHeader("Content-Security-Policy", "script-src 'self' 'nonce-n0nce'");
      next();
    });
    app.use(signedOutPageCache({ render, loadContext: (_req, nonce) => ({ nonce }) as unknown as AppLoadContext }));
    app.use((_req, res) => void res.type("html").send("rendered for this request"));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { get: (path: string, headers: Record<string, string> = {}) => fetch(base + path, { headers }), close: () => new Promise((r) => server.close(r)) };
  }
  const page = (nonce: string) => `<html><body><script nonce="${nonce}">go()</script></body></html>`;

  it("renders the kept page at one origin, whatever host the first visitor named, and tries again after a failure", async () => {
    const rendered: string[] = [];
    let fail = true;
    const app = await serve(async (request, context) => {
      rendered.push(request.url);
      if (fail) {
        fail = false;
        throw new Error("a render that failed once");
      }
      return new Response(page(context.nonce), { headers: { "content-type": "text/html; charset=utf-8" } });
    });
    try {
      const first = await app.get("/en", { "X-Forwarded-Host": "evil.example" });
      expect(await first.text()).toBe("rendered for this request");
      const second = await app.get("/en");
      expect(await second.text()).toBe("<html><body><script>go()</script></body></html>");
      expect(second.headers.get("content-security-policy")).toBe(`script-src 'self' ${sha256("go()")}`);
      expect(await (await app.get("/en")).text()).toBe("<html><body><script>go()</script></body></html>");
      expect(rendered).toEqual(["http://localhost/en", "http://localhost/en"]);
    } finally {
      await app.close();
    }
  });

  it("renders a page that cannot be kept once, and every request as usual after it", async () => {
    let renders = 0;
    const app = await serve(async () => {
      renders++;
      return new Response("not found", { status: 404, headers: { "content-type": "text/html" } });
    });
    try {
      for (let i = 0; i < 3; i++) expect(await (await app.get("/de")).text()).toBe("rendered for this request");
      expect(renders).toBe(1);
    } finally {
      await app.close();
    }
  });
});
