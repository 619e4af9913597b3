/**
 * The actor of an API request (Express), built once per request from its session — as `currentUser` does for
 * pages on their load context. Every JSON and stream endpoint asks this, not the session store itself.
 */
import type { IncomingMessage } from "node:http";
import { fromNodeHeaders } from "better-auth/node";
import { loadSessionUser, type SessionUser } from "../auth/session.server";

const memo = new WeakMap<IncomingMessage, Promise<SessionUser | null>>();

export function requestActor(req: IncomingMessage): Promise<SessionUser | null> {
  let pending = memo.get(req);
  if (!pending) {
    pending = loadSessionUser(fromNodeHeaders(req.headers));
    memo.set(req, pending);
  }
  return pending;
}
