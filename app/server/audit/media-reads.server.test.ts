import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import type { Actor } from "~/domain/access/actor";
import { DOSSIER_VIEW_COLLAPSE_MS } from "~/domain/constants";
import { systemDb } from "../db/client.server";
import { auditLog } from "../db/schema";
import { MEDIA_READ_ACTION, recordMediaRead } from "./media-reads.server";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const reader = (id: string): Actor => ({ id, role: "supervisor", organisationId: null, supervisedOrganisationIds: ["org"] });
const reads = (mediumId: string) =>
  systemDb().select().from(auditLog).where(and(eq(auditLog.action, MEDIA_READ_ACTION), eq(auditLog.subjectId, mediumId)));

describe("reads of media are audited", () => {
  it("records who read which medium, from where, under which right, once per user within the collapse window", async () => {
    const medium = { id: crypto.randomUUID(), organisationId: "org", uploaderId: "u1" };
    const t0 = Date.now();
    await recordMediaRead(reader("u1"), medium, { requestId: "r1", ipAddress: "192.0.2.1" }, t0);
    await recordMediaRead(reader("u1"), medium, { requestId: "r2", ipAddress: "192.0.2.1" }, t0 + 1000);
    await recordMediaRead(reader("u2"), medium, { requestId: "r3", ipAddress: "192.0.2.2" }, t0 + 1000);
    const rows = await reads(medium.id);
    expect(rows.map((r) => [r.actorId, r.subjectType, r.organisationId, r.requestId, r.ipAddress, r.after])).toEqual([
      ["u1", "media", "org", "r1", "192.0.2.1", { grant: "uploader" }],
      ["u2", "media", "org", "r3", "192.0.2.2", { grant: "attached-dossier" }],
    ]);
    // After the window, the same reader is logged again.
    await recordMediaRead(reader("u1"), medium, {}, t0 + DOSSIER_VIEW_COLLAPSE_MS + 60_000);
    expect(await reads(medium.id)).toHaveLength(3);
  });
});

describe("reads of lists with phone numbers are audited", () => {
  it("records the list and the dossiers shown, once per identical view within the window", async () => {
    const { LIST_READ_ACTION, recordListRead } = await import("./list-reads.server");
    const actor = reader("u9");
    await recordListRead(actor, "supervisor-queue", ["d2", "d1"], { requestId: "q1" });
    await recordListRead(actor, "supervisor-queue", ["d1", "d2"], { requestId: "q2" });
    await recordListRead(actor, "supervisor-queue", ["d1", "d2", "d3"], { requestId: "q3" });
    await recordListRead(actor, "patient-history", ["d1"], { requestId: "q4" });
    await recordListRead(actor, "patient-history", [], { requestId: "q5" });
    // In the order written (the request ids count up); without an order the audit index decides it.
    const rows = await systemDb().select().from(auditLog).where(and(eq(auditLog.action, LIST_READ_ACTION), eq(auditLog.actorId, "u9"))).orderBy(asc(auditLog.requestId));
    expect(rows.map((r) => [r.subjectId, r.after, r.requestId])).toEqual([
      ["supervisor-queue", { dossierIds: ["d1", "d2"], grant: "assigned-supervisor" }, "q1"],
      ["supervisor-queue", { dossierIds: ["d1", "d2", "d3"], grant: "assigned-supervisor" }, "q3"],
      ["patient-history", { dossierIds: ["d1"], grant: "organisation-professional" }, "q4"],
    ]);
  });
});

describe("a read this process logged is known without asking the database", () => {
  it("skips the database check within the window, and asks again after it or for what it did not log", async () => {
    const { LIST_READ_ACTION, recordListRead } = await import("./list-reads.server");
    const actor = reader(`u-${crypto.randomUUID()}`);
    const listRows = () => systemDb().select().from(auditLog).where(and(eq(auditLog.action, LIST_READ_ACTION), eq(auditLog.actorId, actor.id)));
    const t0 = Date.now();
    await recordListRead(actor, "own-dossiers", ["d1"], {}, t0);
    // Every statement reaches the embedded database through its query method (watched, still run).
    const statements = vi.spyOn(database.handle.pglite!, "query");
    try {
      await recordListRead(actor, "own-dossiers", ["d1"], {}, t0 + 60_000);
      expect(statements).not.toHaveBeenCalled();
      // Other rows are another read: asked and logged.
      await recordListRead(actor, "own-dossiers", ["d1", "d2"], {}, t0 + 60_000);
      expect(statements).toHaveBeenCalledTimes(2);
    } finally {
      statements.mockRestore();
    }
    expect(await listRows()).toHaveLength(2);
    // Past the window the same read is logged again.
    await recordListRead(actor, "own-dossiers", ["d1"], {}, t0 + DOSSIER_VIEW_COLLAPSE_MS + 60_000);
    expect(await listRows()).toHaveLength(3);
    // Logged by another instance (a row this process never wrote): found in the database, not logged twice.
    const medium = { id: crypto.randomUUID(), organisationId: "org", uploaderId: "someone" };
    await systemDb().insert(auditLog).values({ action: MEDIA_READ_ACTION, actorId: actor.id, subjectType: "media", subjectId: medium.id });
    await recordMediaRead(actor, medium, {});
    await recordMediaRead(actor, medium, {});
    expect(await reads(medium.id)).toHaveLength(1);
  });
});
