/**
 * The served data directory holds the database, media, exports and the outbox. The test harness makes it open to
 * every user (mode 755, as `mkdir` under the usual umask); the server closes it to its own user when it starts.
 */
import fs from "node:fs";
import { expect, test } from "./support/fixtures";

test("the server's data directory is closed to other users once it has started", () => {
  expect((fs.statSync(process.env.E2E_DATA_DIR!).mode & 0o777).toString(8)).toBe("700");
});
