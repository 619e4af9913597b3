/**
 * Pages and their `.data` payloads are `Cache-Control: no-store` (entry.server.tsx sets it on everything React
 * Router renders). A loader's or action's redirect leaves React Router without passing there, with no Cache-Control
 * at all: a 301 is then kept by browsers (heuristically, as long as they like), and the patient history's redirect
 * to the canonical number names the patient's phone number in its Location. So whatever React Router answers
 * without a Cache-Control of its own is no-store too, set just before its headers are sent.
 */
import type { RequestHandler } from "express";

export const PAGE_CACHE_CONTROL = "no-store";

export function pagesNoStoreByDefault(): RequestHandler {
  return (_req, res, next) => {
    const writeHead = res.writeHead as (...args: unknown[]) => typeof res;
    res.writeHead = function (this: typeof res, ...args: unknown[]) {
      if (!this.hasHeader("Cache-Control")) this.setHeader("Cache-Control", PAGE_CACHE_CONTROL);
      return writeHead.apply(this, args);
    } as typeof res.writeHead;
    next();
  };
}
