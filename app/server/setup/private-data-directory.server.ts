/**
 * DATA_DIR holds patient data: the embedded database (PGlite writes its files, write-ahead log included, readable
 * and writable by everyone), media objects, exports with every patient's number, the e-mail outbox and the auth
 * secret. Only the server's own user may enter it, whatever the umask made of it: a directory without permissions
 * for others keeps every file inside from them, those of an older start included.
 */
import fs from "node:fs";
import { logger } from "../logger.server";

export const DATA_DIRECTORY_MODE = 0o700;

export function keepDataDirectoryPrivate(dataDir: string): void {
  fs.mkdirSync(dataDir, { recursive: true, mode: DATA_DIRECTORY_MODE });
  const mode = fs.statSync(dataDir).mode & 0o777;
  if ((mode & 0o077) === 0) return;
  try {
    fs.chmodSync(dataDir, DATA_DIRECTORY_MODE);
    logger.info({ from: mode.toString(8), to: DATA_DIRECTORY_MODE.toString(8) }, "the data directory was open to other users: now only this one's");
  } catch (err) {
    // A directory of another user (a mounted volume): the operator must close it; the server still starts.
    logger.warn({ err, mode: mode.toString(8) }, "the data directory is open to other users and could not be closed: make it mode 700");
  }
}
