/**
 * An export runs only while the administrator who started it may export (starter-rights.server.ts): made a
 * supervisor or disabled by another administrator, or their role changed by hand in the database, their running
 * and queued exports stop, failed with `export/starter-lost-permission`, and no file stays to download — for
 * anyone. Before, the job kept the actor it was started with and completed, downloadable by every administrator.
 */
import fs from "node:fs";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ExportOptions } from "~/domain/export/options";
import { signInCookie, startMediaServer, type MediaTestServer } from "../../../tests/support/media-server";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { loadSessionUser, type SessionUser } from "../auth/session.server";
import { auditLog, exportJob, user } from "../db/schema";
import { createAdmin } from "../demo/factories.server";
import { DEMO_PASSWORD, seedDemoData } from "../demo/seed-demo.server";
import { demoteAdministrator, setUserDisabled } from "../people/users.server";
import { exportSettled, recentExports, startExport } from "./export-jobs.server";
import { exportDir } from "./files.server";

let database: TestDatabase;
let server: MediaTestServer;
let chief: SessionUser;
let chiefCookie: string;
let n = 0;

const options: ExportOptions = { filters: { organisationIds: [], statuses: [] }, without: [], pseudonymise: null, format: "ndjson" };

beforeAll(async () => {
  database = await createTestDatabase({ MFA_REQUIRED_ROLES: "" });
  server = await startMediaServer(database.dataDir);
  await seedDemoData();
  chiefCookie = await signInCookie(database, "admin@casus.test");
  chief = (await loadSessionUser(new Headers({ cookie: chiefCookie })))!;
});

afterAll(async () => {
  await server?.close();
  await database?.close();
});

/** A second administrator, signed in, who starts an export and holds it before its second batch. */
async function heldExportOfANewAdmin() {
  const email = `starter-${++n}@casus.test`;
  await createAdmin({ email, name: `Starter ${n}`, password: DEMO_PASSWORD });
  const starter = (await loadSessionUser(new Headers({ cookie: await signInCookie(database, email) })))!;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let reached!: () => void;
  const atBatch = new Promise<void>((resolve) => (reached = resolve));
  const { id } = await startExport(starter, options, {}, {
    batchSize: 1,
    beforeBatch: (batch) => {
      if (batch !== 1) return Promise.resolve();
      reached();
      return held;
    },
  });
  await atBatch;
  expect(fs.existsSync(exportDir(id))).toBe(true);
  return { starter, id, release };
}

async function jobRow(id: string) {
  const [row] = await database.handle.db.select().from(exportJob).where(eq(exportJob.id, id));
  return row;
}

async function expectStoppedForLostRight(id: string) {
  expect(await exportSettled(id)).not.toBe("completed");
  expect(await jobRow(id)).toMatchObject({ status: "failed", error: "export/starter-lost-permission", sha256: null });
  expect(fs.existsSync(exportDir(id))).toBe(false);
  // Nobody downloads it: not the remaining administrator (no file), not the former one (no right).
  const download = await fetch(`${server.url}/api/exports/${id}/file`, { headers: { cookie: chiefCookie } });
  expect(download.status).toBe(409);
  // The administrators see why it stopped.
  expect((await recentExports(chief)).find((job) => job.id === id)).toMatchObject({ status: "failed", error: "export/starter-lost-permission" });
}

describe("an export whose starter loses the right to export", () => {
  it("stops when the starter is made a supervisor while it runs, audited as the demoting administrator's", async () => {
    const { starter, id, release } = await heldExportOfANewAdmin();
    await demoteAdministrator(chief, starter.id, {});
    release();
    await expectStoppedForLostRight(id);
    const stopped = await database.handle.db.select().from(auditLog).where(and(eq(auditLog.subjectId, id), eq(auditLog.action, "export.stopped")));
    expect(stopped).toHaveLength(1);
    expect(stopped[0]).toMatchObject({ actorId: chief.id, after: { reason: "export/starter-lost-permission", starter: starter.id } });
    // The former administrator's own request for the file: the API refuses them before anything (404).
    const former = await fetch(`${server.url}/api/exports/${id}/file`, { headers: { cookie: await signInCookie(database, starter.email) } });
    expect(former.status).toBe(404);
  });

  it("stops when the starter is disabled while it runs", async () => {
    const { starter, id, release } = await heldExportOfANewAdmin();
    await setUserDisabled(chief, starter.id, true, {});
    release();
    await expectStoppedForLostRight(id);
  });

  it("stops when the right goes outside the product (the role changed in the database): the runner asks before each batch", async () => {
    const { starter, id, release } = await heldExportOfANewAdmin();
    await database.handle.db.update(user).set({ role: "supervisor" }).where(eq(user.id, starter.id));
    release();
    await expectStoppedForLostRight(id);
    const stopped = await database.handle.db.select().from(auditLog).where(and(eq(auditLog.subjectId, id), eq(auditLog.action, "export.stopped")));
    expect(stopped).toHaveLength(1);
    expect(stopped[0].actorId).toBeNull();
  });

  it("completes as before while the starter keeps the right", async () => {
    const { id, release } = await heldExportOfANewAdmin();
    release();
    expect(await exportSettled(id)).toBe("completed");
    const download = await fetch(`${server.url}/api/exports/${id}/file`, { headers: { cookie: chiefCookie } });
    expect(download.status).toBe(200);
  });
});
