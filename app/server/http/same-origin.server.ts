/**
 * CSRF defence for actions: a state-changing request from a browser must come from our own origin (or a
 * configured trusted one). Browsers always send Origin (or Sec-Fetch-Site) on such requests; a request with
 * neither cannot carry a victim's cookies from another site. Better Auth checks its own endpoints.
 */
import type { Request, RequestHandler } from "express";
import { isPageRequest } from "./locale-cookie.server";
import { refusePage } from "./request-hygiene.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Whether a state-changing request comes from our own origin or a trusted one (the API wrapper asks this too). */
export function isSameOrigin(req: Request, trustedOrigins: readonly string[]): boolean {
  const origin = req.get("origin");
  if (origin) return origin === `${req.protocol}://${req.get("host")}` || trustedOrigins.includes(origin);
  const site = req.get("sec-fetch-site");
  return !site || site === "same-origin" || site === "none";
}

export function sameOriginActions(trustedOrigins: readonly string[]): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || req.path.startsWith("/api/auth/")) return next();
    if (isSameOrigin(req, trustedOrigins)) return next();
    req.log?.warn({ origin: req.get("origin"), site: req.get("sec-fetch-site") }, "cross-origin state-changing request refused");
    // A form posted by a browser (with Origin: null from a sandboxed or privacy-redirected page, say) is answered
    // with a page a person can read; React Router's own data requests keep the JSON its client code reads.
    if (!isPageRequest(req.path)) return void res.status(403).set("Cache-Control", "no-store").type("application/json").send(JSON.stringify({ code: "csrf-rejected" }));
    refusePage(req, res, 403);
    next();
  };
}
