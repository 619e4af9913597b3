/**
 * One visibility rule, two forms: the SQL scopes (used by lists, the media API and uploads) and the permission
 * table's `can()` (used by guards, pages and single-record checks) give the same answer for every actor and
 * every dossier and medium here — every status, attached or not, same organisation or not.
 */
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import type { Actor } from "~/domain/access/actor";
import { can } from "~/domain/access/permissions";
import { DOSSIER_STATUSES } from "~/domain/dossier/lifecycle";
import { systemDb } from "../db/client.server";
import { dossier, dossierMedium, media, organisation, patient } from "../db/schema";
import { createAdmin, createDossier, createOrganisation, createProfessional, createSupervisor } from "../demo/factories.server";
import { visibleDossiers } from "./dossier-scope.server";
import { uploadOrganisationScope } from "./media-db.server";
import { visibleMedia } from "./media-scope.server";
import { visiblePatientHistory, visiblePatients } from "./patient-scope.server";

let database: TestDatabase;
const actors: Record<string, Actor> = {};
const dossierIds: string[] = [];
const mediaIds: string[] = [];
const patientIds: string[] = [];
const organisationIds: string[] = [];
const password = "een-lang-wachtwoord-2026";

beforeAll(async () => {
  database = await createTestDatabase();
  const a = await createOrganisation({ name: "A" });
  const b = await createOrganisation({ name: "B" });
  const pro = async (email: string, org: string): Promise<Actor> => ({
    id: (await createProfessional({ email, name: email, password, organisationId: org })).id,
    role: "professional",
    organisationId: org,
    supervisedOrganisationIds: [],
  });
  const sup = async (email: string, orgs: string[]): Promise<Actor> => ({
    id: (await createSupervisor({ email, name: email, password, organisationIds: orgs })).id,
    role: "supervisor",
    organisationId: null,
    supervisedOrganisationIds: orgs,
  });
  actors.owner = await pro("owner@a.test", a.id);
  actors.colleague = await pro("colleague@a.test", a.id);
  actors.stranger = await pro("stranger@b.test", b.id);
  // The owner as she signs in once her professional record is gone (removed outside the product): no organisation.
  actors.orphan = { ...actors.owner, organisationId: null };
  actors.supA = await sup("sup@a.test", [a.id]);
  actors.supB = await sup("sup@b.test", [b.id]);
  actors.supAB = await sup("sup@ab.test", [a.id, b.id]);
  organisationIds.push(a.id, b.id);
  for (const org of [a.id, b.id]) {
    const [row] = await systemDb().insert(patient).values({ organisationId: org, phone: "+31612345678" }).returning({ id: patient.id });
    patientIds.push(row.id);
  }
  actors.admin = { id: (await createAdmin({ email: "admin@x.test", name: "Admin", password })).id, role: "admin", organisationId: null, supervisedOrganisationIds: [] };
  for (const status of DOSSIER_STATUSES) {
    for (const owner of [actors.owner, actors.stranger]) {
      const { id } = await createDossier({ organisationId: owner.organisationId!, professionalId: owner.id, status });
      dossierIds.push(id);
      await systemDb()
        .update(dossier)
        .set({ patientId: patientIds[owner.organisationId === a.id ? 0 : 1] })
        .where(eq(dossier.id, id));
      const attached = crypto.randomUUID();
      await systemDb().insert(media).values({ id: attached, organisationId: owner.organisationId!, uploaderId: owner.id, objectKey: `k/${attached}`, kind: "image", contentType: "image/png", size: 1, status: "complete" });
      await systemDb().insert(dossierMedium).values({ dossierId: id, mediaId: attached, ear: "left" });
      mediaIds.push(attached);
    }
  }
  for (const uploader of [actors.owner, actors.supA]) {
    const loose = crypto.randomUUID();
    await systemDb().insert(media).values({ id: loose, organisationId: actors.owner.organisationId!, uploaderId: uploader.id, objectKey: `k/${loose}`, kind: "video", contentType: "video/webm", size: 1, status: "uploading" });
    mediaIds.push(loose);
  }
}, 60_000);

afterAll(async () => {
  await database?.close();
});

describe("the SQL scopes agree with can()", () => {
  it.each(["owner", "orphan", "colleague", "stranger", "supA", "supB", "supAB", "admin"])("dossiers, as %s", async (name) => {
    const actor = actors[name];
    const rows = await systemDb().select().from(dossier).where(inArray(dossier.id, dossierIds));
    const bySql = new Set((await systemDb().select({ id: dossier.id }).from(dossier).where(and(inArray(dossier.id, dossierIds), visibleDossiers(actor)))).map((r) => r.id));
    const byTable = new Set(rows.filter((row) => can(actor, "dossier.read", row)).map((r) => r.id));
    expect(bySql).toEqual(byTable);
  });

  it.each(["owner", "orphan", "colleague", "stranger", "supA", "supB", "supAB", "admin"])("media, as %s", async (name) => {
    const actor = actors[name];
    const bySql = new Set((await systemDb().select({ id: media.id }).from(media).where(and(inArray(media.id, mediaIds), visibleMedia(actor)))).map((r) => r.id));
    const byTable = new Set<string>();
    for (const id of mediaIds) {
      const [row] = await systemDb().select().from(media).where(eq(media.id, id));
      const dossiers = await systemDb()
        .select({ organisationId: dossier.organisationId, professionalId: dossier.professionalId, status: dossier.status })
        .from(dossierMedium)
        .innerJoin(dossier, eq(dossier.id, dossierMedium.dossierId))
        .where(eq(dossierMedium.mediaId, id));
      if (can(actor, "media.read", { uploaderId: row.uploaderId, dossiers })) byTable.add(id);
    }
    expect(bySql).toEqual(byTable);
  });

  it.each(["owner", "orphan", "colleague", "stranger", "supA", "supB", "supAB", "admin"])("patients and their history lists, as %s", async (name) => {
    const actor = actors[name];
    const patients = await systemDb().select().from(patient).where(inArray(patient.id, patientIds));
    const bySql = new Set((await systemDb().select({ id: patient.id }).from(patient).where(and(inArray(patient.id, patientIds), visiblePatients(actor)))).map((r) => r.id));
    expect(bySql).toEqual(new Set(patients.filter((p) => can(actor, "patient.read", p)).map((p) => p.id)));
    const rows = await systemDb().select().from(dossier).where(inArray(dossier.id, dossierIds));
    const history = new Set((await systemDb().select({ id: dossier.id }).from(dossier).where(and(inArray(dossier.id, dossierIds), visiblePatientHistory(actor)))).map((r) => r.id));
    expect(history).toEqual(new Set(rows.filter((d) => can(actor, "patient.read", d)).map((d) => d.id)));
  });

  it.each(["owner", "orphan", "colleague", "stranger", "supA", "supB", "supAB", "admin"])("organisations to upload into, as %s", async (name) => {
    const actor = actors[name];
    const { where } = uploadOrganisationScope(actor);
    const bySql = new Set((await systemDb().select({ id: organisation.id }).from(organisation).where(and(inArray(organisation.id, organisationIds), where))).map((r) => r.id));
    expect(bySql).toEqual(new Set(organisationIds.filter((organisationId) => can(actor, "media.upload", { organisationId }))));
  });

  it("the fixtures cover both answers for every kind of actor but the admin", async () => {
    for (const name of ["owner", "supA", "supAB"]) {
      const count = (await systemDb().select({ id: dossier.id }).from(dossier).where(and(inArray(dossier.id, dossierIds), visibleDossiers(actors[name])))).length;
      expect(count, name).toBeGreaterThan(0);
      expect(count, name).toBeLessThan(dossierIds.length);
    }
  });

  it("a professional without an organisation reads none of her own dossiers or media, by either form", async () => {
    const own = await systemDb().select().from(dossier).where(and(inArray(dossier.id, dossierIds), eq(dossier.professionalId, actors.owner.id)));
    expect(own.length).toBeGreaterThan(0);
    expect(own.filter((row) => can(actors.orphan, "dossier.read", row) || can(actors.orphan, "dossier.edit-own", row))).toEqual([]);
    expect(await systemDb().select({ id: dossier.id }).from(dossier).where(and(inArray(dossier.id, dossierIds), visibleDossiers(actors.orphan)))).toEqual([]);
    // Her own loose upload too, which is an uploader's alone while in an organisation.
    expect(await systemDb().select({ id: media.id }).from(media).where(and(inArray(media.id, mediaIds), visibleMedia(actors.orphan)))).toEqual([]);
    expect(can(actors.orphan, "media.read", { uploaderId: actors.owner.id, dossiers: [] })).toBe(false);
    expect(can(actors.owner, "media.read", { uploaderId: actors.owner.id, dossiers: [] })).toBe(true);
  });
});
