/**
 * The admin's view of a dossier's event log (`/admin/dossiers/{caseId}`): identity without clinical content, the
 * masked phone, every event with who and from→to, paging, the look itself logged, and 404 for everyone else.
 * Real PGlite.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { AppError } from "~/domain/errors";
import { ADMIN_DOSSIER_LOG_PAGE_SIZE } from "~/domain/constants";
import { dossierEvent } from "../db/schema";
import { createAdmin, createOrganisation, createProfessional, createSupervisor } from "../demo/factories.server";
import type { Actor } from "./actor.server";
import { adminDossierLog, logPageOf } from "./admin-log.server";
import { createDossier } from "./create.server";
import { saveDraft } from "./edit.server";

let database: TestDatabase;
let pro: Actor;
let sup: Actor;
let admin: Actor;
const password = "een-lang-wachtwoord-2026";

beforeAll(async () => {
  database = await createTestDatabase();
  const a = await createOrganisation({ name: "Praktijk A" });
  pro = { id: (await createProfessional({ email: "pro@a.test", name: "Pia", password, organisationId: a.id })).id, role: "professional", organisationId: a.id, supervisedOrganisationIds: [] };
  sup = { id: (await createSupervisor({ email: "sup@a.test", name: "Sven", password, organisationIds: [a.id] })).id, role: "supervisor", organisationId: null, supervisedOrganisationIds: [a.id] };
  admin = { id: (await createAdmin({ email: "admin@casus.test", name: "Ada", password })).id, role: "admin", organisationId: null, supervisedOrganisationIds: [] };
}, 60_000);
afterAll(async () => {
  await database?.close();
});

async function codeOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  return "no error";
}

describe("adminDossierLog", () => {
  it("shows the identity with a masked phone and every event, newest first, and logs the look itself", async () => {
    const { id } = await createDossier(pro, { phone: "06 12345678", earSide: "left" });
    await saveDraft(pro, id, 1, { earSide: "right" });
    const log = await adminDossierLog(admin, id);
    expect(log.organisation?.name).toBe("Praktijk A");
    expect(log.professional?.name).toBe("Pia");
    expect(log.patientPhone).toBe("+********678");
    expect(JSON.stringify(log)).not.toContain("612345678");
    expect(log.dossier.status).toBe("draft");
    expect(log.events.map((e) => [e.kind, e.fromStatus, e.toStatus, e.actorName, e.sections, e.page])).toEqual([
      ["view", null, null, "Ada", [], "event-log"],
      ["edit", null, null, "Pia", ["earSide"], null],
      ["create", null, "draft", "Pia", [], null],
    ]);
    expect(log.paging).toEqual({ page: 1, pages: 1, total: 3, pageSize: ADMIN_DOSSIER_LOG_PAGE_SIZE });
  });

  it("pages a long log and clamps a page past the end", async () => {
    const { id } = await createDossier(pro, { phone: "0612345679", earSide: "left" });
    const filler = Array.from({ length: ADMIN_DOSSIER_LOG_PAGE_SIZE + 5 }, () => ({ dossierId: id, organisationId: pro.organisationId!, professionalId: pro.id, actorId: pro.id, kind: "view" }));
    await database.handle.db.insert(dossierEvent).values(filler);
    const first = await adminDossierLog(admin, id, 1);
    // create + filler + this look and the next one.
    expect(first.paging.total).toBe(ADMIN_DOSSIER_LOG_PAGE_SIZE + 7);
    expect(first.events).toHaveLength(ADMIN_DOSSIER_LOG_PAGE_SIZE);
    const last = await adminDossierLog(admin, id, 99);
    expect(last.paging).toMatchObject({ page: 2, pages: 2, total: ADMIN_DOSSIER_LOG_PAGE_SIZE + 8 });
    expect(last.events.at(-1)?.kind).toBe("create");
    expect([logPageOf("2"), logPageOf("0"), logPageOf("x"), logPageOf(null), logPageOf("1.5")]).toEqual([2, 1, 1, 1, 1]);
  });

  it("answers not-found to everyone but admins, and for unknown or malformed ids", async () => {
    const { id } = await createDossier(pro, { phone: "0612345670", earSide: "left" });
    expect(await codeOf(adminDossierLog(pro, id))).toBe("not-found");
    expect(await codeOf(adminDossierLog(sup, id))).toBe("not-found");
    expect(await codeOf(adminDossierLog(admin, "00000000-0000-4000-8000-000000000000"))).toBe("not-found");
    expect(await codeOf(adminDossierLog(admin, "not-a-uuid"))).toBe("not-found");
  });
});
