/**
 * A response that goes out before its request's body was read whole (a refusal: not found, not a form, too large)
 * closes the connection. Otherwise the unread rest of the body would be parsed as the next request on a kept-alive
 * connection, and the client's next request there would fail with a connection reset instead of its answer.
 */
import type { RequestHandler } from "express";

export const closeAfterUnreadBody: RequestHandler = (req, res, next) => {
  const writeHead = res.writeHead;
  res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
    if (!req.complete && !res.headersSent) res.setHeader("Connection", "close");
    return writeHead.apply(this, args);
  } as typeof writeHead;
  next();
};
