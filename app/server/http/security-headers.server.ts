/**
 * Security headers on every response: a nonce-based Content-Security-Policy (no inline script runs without
 * this response's nonce; WebAssembly may compile), no framing, no MIME sniffing, no referrer leaving the site
 * (paths can hold ids).
 */
import crypto from "node:crypto";
import type { RequestHandler } from "express";

/**
 * `signInOrigins`: the OIDC providers' origins. Chromium applies form-action to the redirects that follow a form
 * submission, and the social sign-in form redirects to the provider.
 */
export function contentSecurityPolicy(nonce: string, development: boolean, signInOrigins: string[] = []): string {
  return [
    "default-src 'self'",
    // 'wasm-unsafe-eval' lets TensorFlow.js compile its WebAssembly backend; it allows no JavaScript eval.
    // Global rather than per page: client-side navigation keeps the first document's policy (decision 027).
    `script-src 'self' 'nonce-${nonce}' 'wasm-unsafe-eval'`,
    // No inline styles: the app's CSS is a file, and dynamic styles are set through the CSSOM (app/lib/cssom-style.ts),
    // so injected markup cannot restyle a page (e.g. hide a warning or overlay a fake form). Vite's dev server injects
    // the CSS as <style> elements, so development (only) allows them.
    `style-src 'self'${development ? " 'unsafe-inline'" : ""}`,
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self'",
    `connect-src 'self'${development ? " ws: wss:" : ""}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    ["form-action 'self'", ...signInOrigins].join(" "),
    "frame-ancestors 'none'",
  ].join("; ");
}

export function securityHeaders({ development, hsts, signInOrigins = [] }: { development: boolean; hsts: boolean; signInOrigins?: string[] }): RequestHandler {
  return (_req, res, next) => {
    const nonce = crypto.randomBytes(16).toString("base64");
    res.locals.nonce = nonce;
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, development, signInOrigins));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "same-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin-allow-popups");
    res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(self), microphone=(self), geolocation=(), payment=()");
    if (hsts) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}
