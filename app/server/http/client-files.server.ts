/**
 * The client directory's own files (favicon.svg, robots.txt, models/…), beside the hashed /assets. Only an address
 * whose first segment names one of the directory's entries is looked up on disk: every other request (a page, or a
 * page's `.data` that a navigation inside the app fetches) goes on without a stat() that can only fail. Found by
 * issue 13's profiles: the earlier test, "ends in an extension", let every `.data` request through to the disk.
 *
 * The entries are read once at start-up: the build writes them, nothing adds any while the server runs.
 */
import fs from "node:fs";
import express, { type RequestHandler } from "express";

/** `/assets` is served by its own handler (immutable, a year's cache); this one serves the rest of `clientDir`. */
export function clientFiles(clientDir: string, options: { skip?: readonly string[] } = {}): RequestHandler {
  const skip = new Set(options.skip ?? []);
  const entries = new Set(fs.readdirSync(clientDir).filter((name) => !skip.has(name)));
  // A directory's name (`/models`) is not a file: no redirect to `/models/`, React Router answers it as any address.
  const serve = express.static(clientDir, { maxAge: "1h", index: false, redirect: false });
  return (req, res, next) => {
    const end = req.path.indexOf("/", 1);
    const first = req.path.slice(1, end === -1 ? undefined : end);
    if (entries.has(first)) serve(req, res, next);
    else next();
  };
}
