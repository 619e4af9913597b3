/**
 * The unscoped database handle (`systemDb()`) is allowed only where nothing is scoped by an acting user, or where
 * the scoping itself lives. Anywhere else, data is reached through functions that take the actor. A new file that
 * reaches for the handle fails this test; so does a listed file that no longer needs its place on the list.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../../..");

/** Folders whose work is not done on a user's behalf, or is the scoping itself. */
const ALLOWED_FOLDERS: Record<string, string> = {
  "app/server/db": "the handle itself, migrations and transactions",
  "app/server/demo": "seeding the demo and test data",
  "app/server/setup": "installation work: the first administrator before anyone can sign in, the shipped in-ear model",
  "app/server/access": "the query scopes, which every scoped read is built from",
  "app/server/audit": "appending to the audit log",
  "app/server/auth": "sessions, credentials, invitation links and sign-in limits, keyed by the session, the link or the sign-in attempt itself",
  "app/server/account": "the signed-in user's own account rows, keyed by the session's user id",
  "app/server/jobs": "work after a change has committed (whom to notify of a transition, reminders): nobody is reading",
};

/**
 * Files outside those folders that still query with the handle after checking the actor in code. None today: lists
 * get it from dossierLists/patientRecords/mediaLists, single records from readableDossier/readableMedium, actor-only
 * work from actingAs (all in app/server/access). A file added here must say why it cannot do the same.
 */
const CHECKED_IN_CODE: Record<string, string> = {};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

const users = sourceFiles("app").filter((file) => /\bsystemDb\(\)/.test(fs.readFileSync(path.join(ROOT, file), "utf8")));

describe("the unscoped database handle", () => {
  it("is used only in the allowed folders and the listed files", () => {
    const outside = users.filter((file) => !Object.keys(ALLOWED_FOLDERS).some((folder) => file.startsWith(`${folder}/`)) && !(file in CHECKED_IN_CODE));
    expect(outside).toEqual([]);
  });

  it("lists no file that no longer uses it", () => {
    expect(Object.keys(CHECKED_IN_CODE).filter((file) => !users.includes(file))).toEqual([]);
  });

  it("is found where it is used (the scan is real)", () => {
    expect(users).toContain("app/server/access/media-scope.server.ts");
    expect(users.length).toBeGreaterThan(20);
  });
});
