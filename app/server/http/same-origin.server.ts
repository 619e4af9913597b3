/**
 * CSRF defence for actions: a state-changing request from a browser must come from our own origin (or a
 * configured trusted one). Browsers always send Origin (or Sec-Fetch-Site) on such requests; a request with
 * neither cannot carry a victim's cookies from another site. Better Auth checks its own endpoints.
 */
import type { RequestHandler } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function sameOriginActions(trustedOrigins: readonly string[]): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || req.path.startsWith("/api/auth/")) return next();
    const origin = req.get("origin");
    const own = `${req.protocol}://${req.get("host")}`;
    if (origin) {
      if (origin === own || trustedOrigins.includes(origin)) return next();
    } else {
      const site = req.get("sec-fetch-site");
      if (!site || site === "same-origin" || site === "none") return next();
    }
    req.log?.warn({ origin, site: req.get("sec-fetch-site") }, "cross-origin state-changing request refused");
    res.status(403).type("application/json").send(JSON.stringify({ code: "csrf-rejected" }));
  };
}
