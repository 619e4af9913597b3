/**
 * Whether the production build in build/ was made from the sources as they are now: a SHA-256 over the path and
 * contents of every file the build reads, written beside the build after a successful one. Contents, not times:
 * a fresh clone or a checkout gives every file a new time without changing what the build would make.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** What the client and server bundles are made from. */
export const BUILD_INPUTS = ["app", "server", "public", "package-lock.json", "vite.config.ts", "react-router.config.ts", "tsconfig.json"];
const STAMP = path.join("build", ".source-hash");

function* files(root, entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return;
  if (!fs.statSync(full).isDirectory()) {
    yield entry;
    return;
  }
  for (const name of fs.readdirSync(full).sort()) {
    // Tests beside the code are not part of the build.
    if (/\.test\.tsx?$/.test(name)) continue;
    yield* files(root, path.join(entry, name));
  }
}

export function sourceHash(root) {
  const hash = crypto.createHash("sha256");
  for (const entry of BUILD_INPUTS) {
    for (const file of files(root, entry)) {
      hash.update(`${file}\0`);
      hash.update(fs.readFileSync(path.join(root, file)));
      hash.update("\0");
    }
  }
  return hash.digest("hex");
}

/** True when build/ holds a complete build of the current sources. */
export function buildIsCurrent(root) {
  const stamp = path.join(root, STAMP);
  if (!fs.existsSync(stamp) || !fs.existsSync(path.join(root, "build", "server", "index.js"))) return false;
  return fs.readFileSync(stamp, "utf8").trim() === sourceHash(root);
}

export function writeStamp(root, hash) {
  fs.writeFileSync(path.join(root, STAMP), `${hash}\n`);
}
