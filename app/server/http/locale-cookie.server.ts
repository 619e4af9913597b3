/**
 * Language memory (seed §9): visiting a page in a locale sets `i18n_redirected` for 365 days; a first visit to
 * "/" without that cookie goes to the browser's language (Accept-Language) when it is one of ours.
 */
import type { RequestHandler } from "express";
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_MS } from "~/domain/constants";
import { DEFAULT_LOCALE, localizePath, negotiateLocale, splitLocalePath } from "~/domain/locales";
import { parseCookies } from "./cookies.server";

/**
 * Page documents only: not files, APIs or message files, and not React Router's own fetches (route data in
 * "*.data", route discovery at "/__manifest"), which are not visits and carry no locale of their own.
 */
export function isPageRequest(path: string): boolean {
  if (path.startsWith("/api/") || path.startsWith("/assets/") || path.startsWith("/locales/") || path.startsWith("/__manifest")) return false;
  return path !== "/healthz" && !/\.[a-z0-9]+$/i.test(path);
}

export function localeCookie({ secure }: { secure: boolean }): RequestHandler {
  return (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !isPageRequest(req.path)) return next();
    const remembered = parseCookies(req.headers.cookie)[LANGUAGE_COOKIE];
    if (req.path === "/") {
      res.vary("Accept-Language");
      res.vary("Cookie");
      if (!remembered) {
        const preferred = negotiateLocale(req.get("accept-language"));
        if (preferred && preferred !== DEFAULT_LOCALE) {
          const query = req.originalUrl.includes("?") ? req.originalUrl.slice(req.originalUrl.indexOf("?")) : "";
          return res.redirect(302, localizePath("/", preferred) + query);
        }
      }
    }
    const { locale } = splitLocalePath(req.path);
    if (remembered !== locale) {
      res.cookie(LANGUAGE_COOKIE, locale, { maxAge: LANGUAGE_COOKIE_MAX_AGE_MS, sameSite: "lax", path: "/", secure });
    }
    next();
  };
}
