/**
 * Language memory (seed §9): visiting a page in a locale sets `i18n_redirected` for 365 days. Coming to "/" from
 * outside the site (a typed address, a bookmark, a link elsewhere), a visitor goes to the language they last chose,
 * or on a first visit (no cookie) to the browser's language (Accept-Language) when it is one of ours. A link to "/"
 * followed from one of our own pages (the language switcher choosing Dutch, say) is taken as written.
 */
import type { Request, RequestHandler } from "express";
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_MS } from "~/domain/constants";
import { DEFAULT_LOCALE, isLocale, localizePath, negotiateLocale, splitLocalePath } from "~/domain/locales";
import { parseCookies } from "./cookies.server";

/**
 * Page documents only: not files, APIs or message files, and not React Router's own fetches (route data in
 * "*.data", route discovery at "/__manifest"), which are not visits and carry no locale of their own.
 */
export function isPageRequest(path: string): boolean {
  if (path.startsWith("/api/") || path.startsWith("/assets/") || path.startsWith("/locales/") || path.startsWith("/__manifest")) return false;
  return path !== "/healthz" && !/\.[a-z0-9]+$/i.test(path);
}

/**
 * Whether the visitor followed a link on one of our own pages: the browser says so (Sec-Fetch-Site), or, from one
 * that does not send that header, the Referer is this site (our Referrer-Policy sends it to ourselves only).
 */
function cameFromOurPage(req: Request): boolean {
  const site = req.get("sec-fetch-site");
  if (site) return site === "same-origin";
  const referer = req.get("referer");
  if (!referer) return false;
  try {
    return new URL(referer).origin === `${req.protocol}://${req.get("host")}`;
  } catch {
    return false;
  }
}

export function localeCookie({ secure }: { secure: boolean }): RequestHandler {
  return (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !isPageRequest(req.path)) return next();
    const remembered = parseCookies(req.headers.cookie)[LANGUAGE_COOKIE];
    if (req.path === "/") {
      res.vary("Accept-Language");
      res.vary("Cookie");
      res.vary("Sec-Fetch-Site");
      res.vary("Referer");
      if (!cameFromOurPage(req)) {
        const preferred = remembered === undefined ? negotiateLocale(req.get("accept-language")) : isLocale(remembered) ? remembered : null;
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
