/**
 * The sign-in page as a signed-out visitor first sees it, rendered once per locale and kept, compressed, for every
 * later visitor (decision 092).
 *
 * That page depends on nothing but its locale, the settings and the build: no cookie but the language cookie, no
 * query, no database read (the session lookup is skipped without a session cookie). Rendering it cost 4–6 CPU-ms
 * for a response that was the same every time except for its CSP nonce. The kept page carries no nonce: its
 * Content-Security-Policy allows exactly its own inline scripts by their SHA-256 hashes instead, which is as strict
 * for a page that never changes, and lets the page be compressed (Brotli and gzip) once rather than per response.
 * Anything else (a query, another cookie, a signed-in visitor, a `.data` fetch, another page) is rendered as before,
 * with its own nonce.
 */
import crypto from "node:crypto";
import zlib from "node:zlib";
import type { Request as ExpressRequest, RequestHandler } from "express";
import type { AppLoadContext } from "react-router";
import { LANGUAGE_COOKIE } from "~/domain/constants";
import { LOCALES, localizePath } from "~/domain/locales";
import { ROUTES } from "~/domain/route-table";
import { parseCookies } from "./cookies.server";

/** Renders a page the way React Router's request handler does (react-router's createRequestHandler). */
export type RenderPage = (request: Request, loadContext: AppLoadContext) => Promise<Response>;

export interface KeptPage {
  headers: [string, string][];
  /** `'sha256-…'` sources for the page's executable inline scripts, in the order they appear. */
  scriptHashes: string[];
  bodies: { identity: Buffer; gzip: Buffer; br: Buffer };
}

/** The origin the kept pages are rendered at: they show no address of their own. */
const KEPT_PAGE_ORIGIN = "http://localhost";

/** Headers a kept page may repeat; the rest (CSP, request id, cookies) belong to each response. */
const KEPT_HEADERS = new Set(["content-type", "cache-control", "content-language", "link"]);

export const SIGN_IN_PAGE_PATHS: ReadonlySet<string> = new Set(LOCALES.map((locale) => localizePath(ROUTES["sign-in"].path || "/", locale)));

/** Whether this request sees exactly the page a kept copy holds. */
export function isKeepableSignInRequest(req: Pick<ExpressRequest, "method" | "path" | "originalUrl" | "headers">): boolean {
  if (req.method !== "GET" || !SIGN_IN_PAGE_PATHS.has(req.path) || req.originalUrl.includes("?")) return false;
  return Object.keys(parseCookies(req.headers.cookie)).every((name) => name === LANGUAGE_COOKIE);
}

/**
 * Script elements a browser runs from the page's own text: all inline ones but data blocks (a JSON `type`), whose
 * text is never executed and which CSP does not govern.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes, text] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\bsrc\s*=/.test(attributes) || /\btype\s*=\s*"application\/(?:ld\+)?json"/.test(attributes)) continue;
    hashes.push(`'sha256-${crypto.createHash("sha256").update(text).digest("base64")}'`);
  }
  return hashes;
}

/**
 * Turns a page rendered with `placeholder` as its nonce into a kept page, or null when it is not one to keep (another
 * status or type, or a nonce somewhere else than a `nonce` attribute, where taking it out would change the page).
 */
export function keepPage(response: { status: number; headers: Headers }, html: string, placeholder: string): KeptPage | null {
  if (response.status !== 200 || !(response.headers.get("content-type") ?? "").startsWith("text/html")) return null;
  const withoutNonce = html.split(` nonce="${placeholder}"`).join("");
  if (withoutNonce === html || withoutNonce.includes(placeholder)) return null;
  const identity = Buffer.from(withoutNonce);
  return {
    headers: [...response.headers].filter(([name]) => KEPT_HEADERS.has(name.toLowerCase())),
    scriptHashes: inlineScriptHashes(withoutNonce),
    bodies: {
      identity,
      gzip: zlib.gzipSync(identity, { level: zlib.constants.Z_BEST_COMPRESSION }),
      br: zlib.brotliCompressSync(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } }),
    },
  };
}

export function signedOutPageCache({ render, loadContext }: { render: RenderPage; loadContext: (req: ExpressRequest, nonce: string) => AppLoadContext }): RequestHandler {
  const placeholder = crypto.randomBytes(16).toString("hex");
  const kept = new Map<string, Promise<KeptPage | null>>();

  async function renderForKeeping(req: ExpressRequest): Promise<KeptPage | null> {
    // Only what every keepable request has in common reaches the render: its path and a browser's Accept. Not its
    // host (the page shows none, and a first request with a strange one must not decide what later visitors get)
    // and no user agent, so the kept page is the same whoever asks first (a bot would get it rendered all at once).
    const request = new Request(new URL(req.path, KEPT_PAGE_ORIGIN), { headers: { accept: "text/html" } });
    const response = await render(request, loadContext(req, placeholder));
    const page = keepPage(response, await response.text(), placeholder);
    // The render is the same every time, so it is not tried again: this page is rendered for every request.
    if (!page) req.log?.warn({ status: response.status, path: req.path }, "the sign-in page cannot be kept");
    return page;
  }

  return (req, res, next) => {
    const nonce = res.locals.nonce as string | undefined;
    const policy = res.getHeader("Content-Security-Policy");
    if (!nonce || typeof policy !== "string" || !isKeepableSignInRequest(req)) return next();
    let page = kept.get(req.path);
    if (!page) {
      page = renderForKeeping(req).catch((err: unknown) => {
        // Unexpected, unlike a page that cannot be kept: the next request tries again (this one is rendered as usual).
        req.log?.error({ err }, "rendering the sign-in page for keeping failed");
        kept.delete(req.path);
        return null;
      });
      kept.set(req.path, page);
    }
    page.then((ready) => {
      if (!ready) return next();
      res.setHeader("Content-Security-Policy", policy.replace(`'nonce-${nonce}'`, ready.scriptHashes.join(" ")));
      for (const [name, value] of ready.headers) res.setHeader(name, value);
      res.vary("Accept-Encoding");
      const encoding = req.acceptsEncodings("br", "gzip", "identity") || "identity";
      if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
      const body = ready.bodies[encoding as keyof KeptPage["bodies"]];
      res.setHeader("Content-Length", body.length);
      res.status(200).end(body);
    }, next);
  };
}
