/**
 * A response that goes out before its request's body was read whole (a refusal: not found, not a form, too large)
 * closes the connection. Otherwise the unread rest of the body would be parsed as the next request on a kept-alive
 * connection, and the client's next request there would fail with a connection reset instead of its answer.
 *
 * The close lingers (as nginx's lingering_close): the server stops writing, then keeps discarding what the client
 * is still sending until the client closes or LINGER_MS pass. Closing at once, with unread bytes arriving, makes
 * the kernel answer with a reset, and a client still writing its body would see that reset instead of our 401/413.
 */
import type { Socket } from "node:net";
import type { RequestHandler } from "express";

const LINGER_MS = 5_000;

function lingerOnClose(socket: Socket): void {
  socket.destroySoon = function (this: Socket) {
    this.end();
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once("end", () => {
      clearTimeout(timer);
      this.destroy();
    });
    this.resume();
  };
}

export const closeAfterUnreadBody: RequestHandler = (req, res, next) => {
  const writeHead = res.writeHead;
  res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
    if (!req.complete && !res.headersSent) {
      res.setHeader("Connection", "close");
      lingerOnClose(req.socket);
    }
    return writeHead.apply(this, args);
  } as typeof writeHead;
  next();
};
