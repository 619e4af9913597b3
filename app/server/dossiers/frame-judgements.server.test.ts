/**
 * Frame judgements (issue 14 point 5, decision 075): the reviewing supervisor says what a still or video frame
 * shows; "ear canal visible" and "not in ear" become labelled images of the in-ear model's dataset (source
 * "review", in the training index), "unusable" does not; changing, withdrawing and deleting the dossier take the
 * image along. Nobody but the reviewer may judge, and every judgement is audited.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { codeOf } from "../../../tests/support/people";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import type { Actor } from "~/domain/access/actor";
import { systemDb } from "../db/client.server";
import { auditLog, dossier, dossierMedium, frameJudgement, labelledImage, media, patient } from "../db/schema";
import { insertDemoStill } from "../demo/demo-media.server";
import { createSupervisor } from "../demo/factories.server";
import { seedDemoData, type DemoData } from "../demo/seed-demo.server";
import { datasetIndex, imageKey, saveLabelledImage } from "../ml/labelled-images.server";
import { DEFAULT_MODEL_ID } from "../ml/model-files.server";
import { createObjectStore, installObjectStore, objectStore } from "../storage/storage.server";
import { frameJudgementsOf, judgeFrame } from "./frame-judgements.server";
import { detachMedium } from "./media.server";
import { transitionDossier } from "./transitions.server";

let database: TestDatabase;
let demo: DemoData;
let otherSupervisor: Actor;
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0xff, 0xd9]);
const frame = { image: JPEG, thumbnail: JPEG, width: 256, height: 256 };

const supervisor = (): Actor => ({ id: demo.supervisorId, role: "supervisor", organisationId: null, supervisedOrganisationIds: demo.organisations.map((o) => o.id) });
const admin = (): Actor => ({ id: demo.adminId, role: "admin", organisationId: null, supervisedOrganisationIds: [] });
const pro = (): Actor => ({ id: demo.proId, role: "professional", organisationId: demo.organisations[0].id, supervisedOrganisationIds: [] });

/** A demo dossier by its made-up patient's phone, with the id of its first medium. */
async function demoDossier(phone: string) {
  const [row] = await systemDb()
    .select({ id: dossier.id, mediaId: dossierMedium.mediaId })
    .from(dossier)
    .innerJoin(patient, eq(patient.id, dossier.patientId))
    .innerJoin(dossierMedium, eq(dossierMedium.dossierId, dossier.id))
    .where(eq(patient.phone, `+316${phone.slice(3)}`))
    .limit(1);
  if (!row) throw new Error(`no demo dossier with media for ${phone}`);
  return row;
}

/** A dossier of the demo professional in review by the demo supervisor, holding one medium (a new demo still by default). */
async function ownDossierInReview(mediumId?: string) {
  const organisationId = demo.organisations[0].id;
  const mediaId = mediumId ?? (await insertDemoStill({ id: demo.proId, organisationId }));
  const id = crypto.randomUUID();
  await systemDb().insert(dossier).values({ id, organisationId, professionalId: demo.proId, status: "in_review", reviewerId: demo.supervisorId, earSide: "left" });
  const [link] = await systemDb().insert(dossierMedium).values({ dossierId: id, mediaId, ear: "left" }).returning({ id: dossierMedium.id });
  return { id, mediaId, linkId: link.id };
}

/** A finished five-second video of the demo professional, scored by a model as the recorder stores it. */
async function video(): Promise<string> {
  const id = crypto.randomUUID();
  const organisationId = demo.organisations[0].id;
  await systemDb()
    .insert(media)
    .values({
      id,
      organisationId,
      uploaderId: demo.proId,
      objectKey: `org-${organisationId}/media/${id}`,
      kind: "video",
      contentType: "video/webm",
      size: 1000,
      durationMs: 5_000,
      metadata: { fileName: "otoscoop.webm", inEarScore: 0.31, modelVersion: "in-ear-test-v2" },
      status: "complete",
    });
  return id;
}

const imageOf = async (judgementId: string) => (await systemDb().select().from(labelledImage).where(eq(labelledImage.judgementId, judgementId)))[0];
const stored = (id: string) =>
  objectStore()
    .head(imageKey(id, "image.jpg"))
    .then(() => true)
    .catch(() => false);

beforeAll(async () => {
  database = await createTestDatabase();
  installObjectStore(await createObjectStore({ dataDir: database.dataDir, s3: null }));
  demo = await seedDemoData();
  const s = await createSupervisor({ email: "colleague-sup@casus.test", name: "Carla Collega", password: "casus-test-2026-y", organisationIds: demo.organisations.map((o) => o.id), specialty: "ent" });
  otherSupervisor = { id: s.id, role: "supervisor", organisationId: null, supervisedOrganisationIds: demo.organisations.map((o) => o.id) };
}, 60_000);
afterAll(async () => {
  await database?.close();
});

describe("frame judgements", () => {
  it("put a judged still into the dataset as a supervisor review, with the model version that scored it", async () => {
    const d = await demoDossier("06 55555555"); // in review by the demo supervisor
    const view = await judgeFrame(supervisor(), d.id, { mediaId: d.mediaId, frameMs: 0, judgement: "in-ear", frame });
    expect(view).toMatchObject({ judgement: "in-ear", frameMs: 0, modelVersion: DEFAULT_MODEL_ID, inDataset: true });
    expect(view!.inEarScore).toBeGreaterThan(0.5);
    const image = await imageOf(view!.id);
    expect(image).toMatchObject({ source: "review", label: 1, labelledBy: demo.supervisorId, timestampMs: null, width: 256, height: 256 });
    expect(await stored(image.id)).toBe(true);
    expect(await datasetIndex(admin())).toContainEqual({ id: image.id, label: 1 });
    const [audit] = await systemDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "dossier.frame-judgement"), eq(auditLog.subjectId, d.id)));
    expect(audit).toMatchObject({ actorId: demo.supervisorId, after: { mediaId: d.mediaId, judgement: "in-ear", modelVersion: DEFAULT_MODEL_ID } });
  });

  it("relabel on a change, leave the dataset for 'unusable', and take the image along when withdrawn", async () => {
    const d = await demoDossier("06 55555555");
    const first = (await frameJudgementsOf(supervisor(), d.id))[0];
    const image = await imageOf(first.id);

    const changed = await judgeFrame(supervisor(), d.id, { mediaId: d.mediaId, frameMs: 0, judgement: "not-in-ear" });
    expect(changed!.id).toBe(first.id);
    expect(await imageOf(first.id)).toMatchObject({ id: image.id, label: 0 });

    const unusable = await judgeFrame(supervisor(), d.id, { mediaId: d.mediaId, frameMs: 0, judgement: "unusable" });
    expect(unusable).toMatchObject({ judgement: "unusable", inDataset: false });
    expect(await imageOf(first.id)).toBeUndefined();
    expect(await stored(image.id)).toBe(false);
    expect((await datasetIndex(admin())).map((i) => i.id)).not.toContain(image.id);

    // Back into the dataset needs the frame again: the old one's files are gone.
    expect(await codeOf(judgeFrame(supervisor(), d.id, { mediaId: d.mediaId, frameMs: 0, judgement: "in-ear" }))).toBe("invalid-argument");
    const again = await judgeFrame(supervisor(), d.id, { mediaId: d.mediaId, frameMs: 0, judgement: "in-ear", frame });
    const second = await imageOf(again!.id);
    expect(second.label).toBe(1);

    expect(await judgeFrame(supervisor(), d.id, { mediaId: d.mediaId, frameMs: 0, judgement: "none" })).toBeNull();
    expect(await frameJudgementsOf(supervisor(), d.id)).toEqual([]);
    expect(await imageOf(again!.id)).toBeUndefined();
    expect(await systemDb().select().from(labelledImage).where(eq(labelledImage.id, second.id))).toEqual([]);
    expect(await stored(second.id)).toBe(false);
  });

  it("are the reviewer's only: everyone else is 'not found', a dossier back with the professional is not editable", async () => {
    const d = await demoDossier("06 55555555");
    const input = { mediaId: d.mediaId, frameMs: 0, judgement: "not-in-ear" as const, frame };
    expect(await codeOf(judgeFrame(otherSupervisor, d.id, input))).toBe("not-found");
    expect(await codeOf(judgeFrame(pro(), d.id, input))).toBe("not-found");
    expect(await codeOf(judgeFrame(admin(), d.id, input))).toBe("not-found");
    const returned = await demoDossier("06 66666666");
    expect(await codeOf(judgeFrame(supervisor(), returned.id, { ...input, mediaId: returned.mediaId }))).toBe("dossier/not-editable");
    // A medium of another dossier is not this dossier's.
    expect(await codeOf(judgeFrame(supervisor(), d.id, { ...input, mediaId: returned.mediaId }))).toBe("not-found");
    expect(await codeOf(judgeFrame(supervisor(), d.id, { ...input, mediaId: "not-an-id" }))).toBe("not-found");
    expect(await codeOf(judgeFrame(supervisor(), "1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed", input))).toBe("not-found");
    expect(await systemDb().select().from(frameJudgement).where(eq(frameJudgement.dossierId, returned.id))).toEqual([]);
  });

  it("refuse a frame that is not a JPEG, and impossible frame times", async () => {
    const d = await demoDossier("06 55555555");
    const base = { mediaId: d.mediaId, frameMs: 0, judgement: "in-ear" as const };
    expect(await codeOf(judgeFrame(supervisor(), d.id, { ...base, frame: { ...frame, image: Buffer.from("<svg/>") } }))).toBe("invalid-argument");
    expect(await codeOf(judgeFrame(supervisor(), d.id, { ...base, frame: { ...frame, thumbnail: Buffer.alloc(100_000, 0xff) } }))).toBe("invalid-argument");
    expect(await codeOf(judgeFrame(supervisor(), d.id, { ...base, frameMs: -1, frame }))).toBe("invalid-argument");
    expect(await codeOf(judgeFrame(supervisor(), d.id, { ...base, frameMs: 1.5, frame }))).toBe("invalid-argument");
    expect(await frameJudgementsOf(supervisor(), d.id)).toEqual([]);
  });

  it("stay possible after completing the review, are read by whoever may read the dossier, and go with the dossier", async () => {
    const done = await demoDossier("06 27182818"); // completed by the demo supervisor
    const view = await judgeFrame(supervisor(), done.id, { mediaId: done.mediaId, frameMs: 0, judgement: "not-in-ear", frame });
    const image = await imageOf(view!.id);
    expect((await frameJudgementsOf(pro(), done.id)).map((j) => [j.judgement, j.judgedBy])).toEqual([["not-in-ear", "Dr. Sven Supervisor"]]);
    const stranger: Actor = { id: demo.pro2Id, role: "professional", organisationId: demo.organisations[1].id, supervisedOrganisationIds: [] };
    expect(await codeOf(frameJudgementsOf(stranger, done.id))).toBe("not-found");

    await systemDb().delete(dossier).where(eq(dossier.id, done.id));
    expect(await systemDb().select().from(frameJudgement).where(eq(frameJudgement.id, view!.id))).toEqual([]);
    expect(await systemDb().select().from(labelledImage).where(eq(labelledImage.id, image.id))).toEqual([]);
  });

  it("judge a video frame by frame at the time on screen, each frame its own image with its time", async () => {
    const d = await ownDossierInReview(await video());
    const early = await judgeFrame(supervisor(), d.id, { mediaId: d.mediaId, frameMs: 1_200, judgement: "in-ear", frame });
    const late = await judgeFrame(supervisor(), d.id, { mediaId: d.mediaId, frameMs: 3_400, judgement: "not-in-ear", frame });
    expect(early).toMatchObject({ frameMs: 1_200, modelVersion: "in-ear-test-v2", inDataset: true });
    expect(early!.inEarScore).toBeCloseTo(0.31);
    expect(await imageOf(early!.id)).toMatchObject({ source: "review", label: 1, timestampMs: 1_200 });
    expect(await imageOf(late!.id)).toMatchObject({ source: "review", label: 0, timestampMs: 3_400 });
    expect((await frameJudgementsOf(supervisor(), d.id)).map((j) => [j.frameMs, j.judgement])).toEqual([
      [1_200, "in-ear"],
      [3_400, "not-in-ear"],
    ]);
    // Past the video's end (5 s, a second of slack for the player's rounding) is no frame of it.
    expect(await codeOf(judgeFrame(supervisor(), d.id, { mediaId: d.mediaId, frameMs: 6_001, judgement: "in-ear", frame }))).toBe("invalid-argument");
    // Changing one frame leaves the other.
    await judgeFrame(supervisor(), d.id, { mediaId: d.mediaId, frameMs: 1_200, judgement: "unusable" });
    expect(await imageOf(early!.id)).toBeUndefined();
    expect(await imageOf(late!.id)).toMatchObject({ label: 0 });
    const index = (await datasetIndex(admin())).map((i) => i.id);
    expect(index).toContain((await imageOf(late!.id)).id);
    // The audit rows name the frame.
    const rows = await systemDb().select().from(auditLog).where(and(eq(auditLog.action, "dossier.frame-judgement"), eq(auditLog.subjectId, d.id)));
    expect(rows.map((r) => r.after)).toContainEqual({ mediaId: d.mediaId, frameMs: 1_200, judgement: "unusable", modelVersion: "in-ear-test-v2" });
  });

  it("judge a still as a whole: a frame time sent with it is ignored", async () => {
    const d = await ownDossierInReview();
    const view = await judgeFrame(supervisor(), d.id, { mediaId: d.mediaId, frameMs: 2_500, judgement: "in-ear", frame });
    expect(view).toMatchObject({ frameMs: 0 });
    expect(await imageOf(view!.id)).toMatchObject({ timestampMs: null });
  });

  it("go with the medium when the professional takes it out of the dossier returned to them", async () => {
    const d = await ownDossierInReview();
    const kept = await ownDossierInReview(d.mediaId); // the same still in another dossier, judged there too
    const view = await judgeFrame(supervisor(), d.id, { mediaId: d.mediaId, frameMs: 0, judgement: "in-ear", frame });
    const other = await judgeFrame(supervisor(), kept.id, { mediaId: d.mediaId, frameMs: 0, judgement: "not-in-ear", frame });
    const image = await imageOf(view!.id);
    await transitionDossier(supervisor(), d.id, "return", { message: "Kunt u een scherpere opname maken?" });
    await detachMedium(pro(), d.id, d.linkId);

    expect(await systemDb().select().from(frameJudgement).where(eq(frameJudgement.dossierId, d.id))).toEqual([]);
    expect(await systemDb().select().from(labelledImage).where(eq(labelledImage.id, image.id))).toEqual([]);
    expect(await stored(image.id)).toBe(false);
    expect((await datasetIndex(admin())).map((i) => i.id)).not.toContain(image.id);
    const [audit] = await systemDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "dossier.frame-judgement"), eq(auditLog.subjectId, d.id), eq(auditLog.actorId, demo.proId)));
    expect(audit).toMatchObject({ before: { mediaId: d.mediaId, judgement: "in-ear" }, after: { judgement: null, reason: "medium-removed" } });
    // The other dossier's judgement of the same medium stays.
    expect(await imageOf(other!.id)).toMatchObject({ label: 0 });
    expect(await stored((await imageOf(other!.id)).id)).toBe(true);
  });

  it("are the only way into the dataset as a supervisor review", async () => {
    expect(await codeOf(saveLabelledImage(admin(), { label: 1, source: "review" as never, width: 1, height: 1, image: JPEG, thumbnail: JPEG }))).toBe("invalid-argument");
  });
});
