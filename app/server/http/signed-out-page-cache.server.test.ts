import crypto from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes, isKeepableSignInRequest, keepPage, SIGN_IN_PAGE_PATHS } from "./signed-out-page-cache.server";

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
