/**
 * A restart in the middle of an export, on a real PostgreSQL (issue 15): process A runs an export and stops
 * mid-way (held before its third batch, partial files on disk); A's database sessions then die, as they do when a
 * process is killed; a new process — fresh modules, a new connection pool over the same database — starts up and
 * runs the start-up recovery. The export is marked failed, its partial file is gone, nothing can be downloaded;
 * an export whose runner is still alive elsewhere (its lock held) is left alone; and when A's stalled runner wakes
 * up it cannot turn the failed export back into a completed one.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Actor } from "~/domain/access/actor";
import { startPostgres, type PostgresServer } from "../../../tests/support/postgres";
import { insertGeneratedDossiers } from "../../../tests/support/export-data";
import { TEST_AUTH_SECRET } from "../../../tests/support/test-database";
import { createAuth, installAuth } from "../auth/auth.server";
import { loadConfig, setConfig } from "../config.server";
import { installDatabase, openDatabase, type DatabaseHandle } from "../db/client.server";
import { migrateDatabase } from "../db/migrate.server";
import { auditLog, exportJob } from "../db/schema";
import { seedDemoData } from "../demo/seed-demo.server";

let server: PostgresServer;
let dataDir: string;
let processA: DatabaseHandle;
let processB: DatabaseHandle | null = null;

beforeAll(async () => {
  server = await startPostgres();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "casus-export-restart-"));
  setConfig(loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, DATABASE_URL: server.url, AUTH_SECRET: TEST_AUTH_SECRET, LOG_LEVEL: "silent" }));
  processA = await openDatabase({ url: server.url });
  await migrateDatabase(processA);
  installDatabase(processA);
  installAuth(createAuth(processA.db, loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, DATABASE_URL: server.url, AUTH_SECRET: TEST_AUTH_SECRET })));
}, 60_000);

afterAll(async () => {
  await processB?.close();
  await Promise.race([processA?.close(), new Promise((resolve) => setTimeout(resolve, 2_000))]);
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("an export interrupted by a restart", () => {
  it("is marked failed on start-up, with no file left to download, and stays failed", async () => {
    const demo = await seedDemoData({ dossiers: false });
    await insertGeneratedDossiers(processA.db, 300);
    const admin: Actor = { id: demo.adminId, role: "admin", organisationId: null, supervisedOrganisationIds: [] };

    // Process A: an export held before its third batch of 50, as a process is when it is killed.
    const jobsA = await import("./export-jobs.server");
    const { exportDir } = await import("./files.server");
    let wake!: () => void;
    const stalled = new Promise<void>((resolve) => (wake = resolve));
    const { id } = await jobsA.startExport(admin, { filters: { organisationIds: [], statuses: [] }, without: [], format: "ndjson-gzip", pseudonymise: null }, {}, {
      batchSize: 50,
      beforeBatch: (n) => (n === 2 ? stalled : Promise.resolve()),
    });
    await expect.poll(async () => (await processA.db.select({ processed: exportJob.processed }).from(exportJob).where(eq(exportJob.id, id)))[0]?.processed, { timeout: 15_000 }).toBe(100);
    expect(fs.readdirSync(exportDir(id))).toEqual(["dossiers.ndjson.gz"]);

    // Another instance is running a second export right now: its lock is held by a live session.
    const [other] = await processA.db.insert(exportJob).values({ actorId: admin.id, status: "running", options: { filters: { organisationIds: [], statuses: [] }, without: [], format: "ndjson", pseudonymise: null } }).returning({ id: exportJob.id });
    const otherInstance = new pg.Client({ connectionString: server.url });
    await otherInstance.connect();
    await otherInstance.query("select pg_advisory_lock($1, hashtext($2))", [0x45585054, other.id]);

    // The crash: every session of process A ends (PostgreSQL frees A's locks with them).
    const killer = new pg.Client({ connectionString: server.url });
    await killer.connect();
    const { rows: killed } = await killer.query(
      "select pg_terminate_backend(pid) as done from pg_stat_activity where datname = current_database() and pid not in (pg_backend_pid(), $1) and backend_type = 'client backend'",
      [(otherInstance as unknown as { processID: number }).processID],
    );
    expect(killed.length).toBeGreaterThan(0);
    await killer.end();

    // Process B: fresh modules (nothing of A's memory), a new pool, the start-up recovery.
    vi.resetModules();
    processB = await openDatabase({ url: server.url });
    installDatabase(processB);
    const sweep = await import("../jobs/export-sweep.server");
    expect(await sweep.recoverInterruptedExports()).toEqual([id]);

    const [job] = await processB.db.select().from(exportJob).where(eq(exportJob.id, id));
    expect(job).toMatchObject({ status: "failed", error: "interrupted", manifestSha256: null, sha256: null });
    expect(fs.existsSync(exportDir(id))).toBe(false);
    const jobsB = await import("./export-jobs.server");
    expect((await jobsB.exportJobFor(admin, id)).status).toBe("failed");
    const audit = await processB.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.subjectId, id));
    expect(audit.map((a) => a.action).sort()).toEqual(["export.interrupted", "export.started"]);
    // The other instance's export is untouched.
    expect((await processB.db.select({ status: exportJob.status }).from(exportJob).where(eq(exportJob.id, other.id)))[0].status).toBe("running");
    await otherInstance.end();

    // A's stalled runner wakes (a paused VM, say): it finds the export no longer running and leaves it failed.
    wake();
    await jobsA.exportSettled(id);
    const [after] = await processB.db.select({ status: exportJob.status }).from(exportJob).where(eq(exportJob.id, id));
    expect(after.status).toBe("failed");
    expect(fs.existsSync(exportDir(id))).toBe(false);
  });
});
