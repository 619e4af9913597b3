/**
 * Media in dossiers: attaching and removing (owner, draft/returned, own upload of the dossier's organisation),
 * the foreign key to media, signed URLs only for people who may read the dossier, drawings in the review, and
 * dossier videos in the labelling list.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { AppError } from "~/domain/errors";
import { DRAWING_MAX_BYTES } from "~/domain/dossier/content";
import { dossier, dossierEvent, dossierMedium, media } from "../db/schema";
import { StorageError } from "~/domain/storage-errors";
import { deleteUploadRecord, listMedia, mediaForActor, storePreview } from "../media/media.server";
import { mediaPageData } from "../media/media-page.server";
import { insertDemoStill } from "../demo/demo-media.server";
import { createAdmin, createOrganisation, createProfessional, createSupervisor } from "../demo/factories.server";
import { verifyMediaSignature } from "../media/signed-url.server";
import type { SessionUser } from "../auth/session.server";
import { labellingPage } from "../ml/ml-pages.server";
import { findVideoForLabelling, listVideosForLabelling } from "../ml/video-sources.server";
import { createObjectStore, installObjectStore } from "../storage/storage.server";
import type { Actor } from "./actor.server";
import { createDossier } from "./create.server";
import { saveDraft, saveReview } from "./edit.server";
import { attachMedium, detachMedium, dossierMediaViews } from "./media.server";
import { transitionDossier } from "./transitions.server";

let database: TestDatabase;
let pro: Actor;
let pro2: Actor;
let proOther: Actor;
let sup: Actor;
let supOther: Actor;
let admin: Actor;
const password = "een-lang-wachtwoord-2026";

const content = {
  anamnesis: { complaints: ["pain"], onset: "sudden", durationDays: 3, history: [], question: "Otitis externa?" },
  reasoning: {
    left: {
      canal: ["red-swollen"],
      eardrum: ["normal"],
      diagnosis: "otitis-externa",
      differential: [],
      confidence: 4,
      plan: ["ear-drops"],
      argument: "Rood.",
    },
  },
};

beforeAll(async () => {
  database = await createTestDatabase();
  installObjectStore(await createObjectStore({ dataDir: database.dataDir, s3: null }));
  const a = await createOrganisation({ name: "Praktijk A" });
  const b = await createOrganisation({ name: "Praktijk B" });
  const mk = async (email: string, org: string): Promise<Actor> => ({
    id: (await createProfessional({ email, name: email, password, organisationId: org })).id,
    role: "professional",
    organisationId: org,
    supervisedOrganisationIds: [],
  });
  pro = await mk("m-pro@a.test", a.id);
  pro2 = await mk("m-pro2@a.test", a.id);
  proOther = await mk("m-pro@b.test", b.id);
  const ms = async (email: string, orgs: string[]): Promise<Actor> => ({
    id: (await createSupervisor({ email, name: email, password, organisationIds: orgs })).id,
    role: "supervisor",
    organisationId: null,
    supervisedOrganisationIds: orgs,
  });
  sup = await ms("m-sup@a.test", [a.id]);
  supOther = await ms("m-sup@b.test", [b.id]);
  admin = {
    id: (await createAdmin({ email: "m-admin@casus.test", name: "Admin", password })).id,
    role: "admin",
    organisationId: null,
    supervisedOrganisationIds: [],
  };
}, 60_000);
afterAll(async () => {
  await database?.close();
});

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  throw new Error("expected an AppError");
}

const still = (owner: Actor) => insertDemoStill({ id: owner.id, organisationId: owner.organisationId! });

async function video(owner: Actor): Promise<string> {
  const id = crypto.randomUUID();
  await database.handle.db.insert(media).values({
    id,
    organisationId: owner.organisationId!,
    uploaderId: owner.id,
    objectKey: `org-${owner.organisationId}/media/${id}`,
    kind: "video",
    contentType: "video/webm",
    size: 1000,
    metadata: { fileName: "otoscoop.webm", inEarScore: 0.9, modelVersion: "v1" },
    status: "complete",
  });
  return id;
}

describe("attaching media to a dossier", () => {
  it("lets the owner attach their own finished upload per ear, with an edit event, and remove it again", async () => {
    const { id } = await createDossier(pro, { phone: "0612345670", earSide: "both" });
    const mediaId = await still(pro);
    const { id: linkId } = await attachMedium(pro, id, { mediaId, ear: "right" });
    // Attaching twice is the same attachment.
    expect((await attachMedium(pro, id, { mediaId, ear: "right" })).id).toBe(linkId);
    const events = await database.handle.db.select().from(dossierEvent).where(eq(dossierEvent.dossierId, id));
    expect(events.filter((e) => e.kind === "edit").map((e) => (e.detail as { sections: string[] }).sections)).toEqual([["media"]]);
    const views = await dossierMediaViews(pro, id);
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ mediaId, ear: "right" });
    await detachMedium(pro, id, linkId);
    expect(await dossierMediaViews(pro, id)).toHaveLength(0);
    expect(await codeOf(detachMedium(pro, id, linkId))).toBe("not-found");
  });

  it("refuses anyone but the owner, media of another uploader or organisation, unfinished uploads and unknown ears", async () => {
    const { id } = await createDossier(pro, { phone: "0612345671", earSide: "left" });
    const own = await still(pro);
    expect(await codeOf(attachMedium(pro2, id, { mediaId: own, ear: "left" }))).toBe("not-found");
    expect(await codeOf(attachMedium(proOther, id, { mediaId: own, ear: "left" }))).toBe("not-found");
    expect(await codeOf(attachMedium(admin, id, { mediaId: own, ear: "left" }))).toBe("not-found");
    expect(await codeOf(attachMedium(pro, id, { mediaId: await still(pro2), ear: "left" }))).toBe("not-found");
    expect(await codeOf(attachMedium(pro, id, { mediaId: await still(proOther), ear: "left" }))).toBe("not-found");
    expect(await codeOf(attachMedium(pro, id, { mediaId: crypto.randomUUID(), ear: "left" }))).toBe("not-found");
    expect(await codeOf(attachMedium(pro, id, { mediaId: "not-a-uuid", ear: "left" }))).toBe("not-found");
    const unfinished = await still(pro);
    await database.handle.db.update(media).set({ status: "uploading" }).where(eq(media.id, unfinished));
    expect(await codeOf(attachMedium(pro, id, { mediaId: unfinished, ear: "left" }))).toBe("not-found");
    expect(await codeOf(attachMedium(pro, id, { mediaId: own, ear: "right" }))).toBe("invalid-argument");
  });

  it("refuses changes once the dossier is submitted", async () => {
    const { id } = await createDossier(pro, { phone: "0612345672", earSide: "left" });
    await saveDraft(pro, id, 1, content);
    const { id: linkId } = await attachMedium(pro, id, { mediaId: await still(pro), ear: "left" });
    await transitionDossier(pro, id, "submit");
    expect(await codeOf(attachMedium(pro, id, { mediaId: await still(pro), ear: "left" }))).toBe("dossier/not-editable");
    expect(await codeOf(detachMedium(pro, id, linkId))).toBe("dossier/not-editable");
  });

  it("has a real foreign key to media", async () => {
    const { id } = await createDossier(pro, { phone: "0612345673", earSide: "left" });
    await expect(
      database.handle.db.insert(dossierMedium).values({ dossierId: id, mediaId: crypto.randomUUID(), ear: "left" }),
    ).rejects.toThrow();
    const mediaId = await still(pro);
    await attachMedium(pro, id, { mediaId, ear: "left" });
    await expect(database.handle.db.delete(media).where(eq(media.id, mediaId))).rejects.toThrow();
  });
});

describe("media URLs of a dossier", () => {
  it("are signed for readers only: owner, assigned supervisor after submit, admin; 404 for everyone else", async () => {
    const { id } = await createDossier(pro, { phone: "0612345674", earSide: "left" });
    await saveDraft(pro, id, 1, content);
    const mediaId = await still(pro);
    await attachMedium(pro, id, { mediaId, ear: "left" });
    const [view] = await dossierMediaViews(pro, id);
    const url = new URL(view.media!.urls.file!, "http://x");
    expect(url.pathname).toBe(`/api/media/${mediaId}/file`);
    expect(verifyMediaSignature(mediaId, "file", url.searchParams.get("expires"), url.searchParams.get("signature"))).toBeNull();
    // A draft is not shared yet.
    expect(await codeOf(dossierMediaViews(sup, id))).toBe("not-found");
    await transitionDossier(pro, id, "submit");
    expect(await dossierMediaViews(sup, id)).toHaveLength(1);
    expect(await dossierMediaViews(admin, id)).toHaveLength(1);
    for (const outsider of [pro2, proOther, supOther]) expect(await codeOf(dossierMediaViews(outsider, id))).toBe("not-found");
  });

  it("are a logged view of the dossier when asked for without opening it (GET /api/dossiers/:id/media), once per window", async () => {
    const { id } = await createDossier(pro, { phone: "0612345675", earSide: "left" });
    await saveDraft(pro, id, 1, content);
    await attachMedium(pro, id, { mediaId: await still(pro), ear: "left" });
    await transitionDossier(pro, id, "submit");
    const views = async () =>
      (await database.handle.db.select().from(dossierEvent).where(eq(dossierEvent.dossierId, id))).filter((e) => e.kind === "view").map((e) => [e.actorId, e.detail]);
    expect(await views()).toEqual([]);
    // Neither the supervisor nor the admin has opened the dossier's page: the URLs they get are their read of it.
    expect(await dossierMediaViews(sup, id)).toHaveLength(1);
    expect(await dossierMediaViews(sup, id)).toHaveLength(1);
    expect(await dossierMediaViews(admin, id)).toHaveLength(1);
    expect(await views()).toEqual([
      [sup.id, { grant: "assigned-supervisor" }],
      [admin.id, { grant: "admin" }],
    ]);
    // Someone who may not read it gets nothing, and nothing is logged for them.
    expect(await codeOf(dossierMediaViews(pro2, id))).toBe("not-found");
    expect(await views()).toHaveLength(2);
  });
});

describe("drawings in the review", () => {
  it("are saved for attached media and refused for others or when too large", async () => {
    const { id } = await createDossier(pro, { phone: "0612345675", earSide: "left" });
    await saveDraft(pro, id, 1, content);
    const mediaId = await still(pro);
    await attachMedium(pro, id, { mediaId, ear: "left" });
    await transitionDossier(pro, id, "submit");
    const claimed = await transitionDossier(sup, id, "claim");
    const line = {
      kind: "line",
      colour: "red",
      width: 3,
      points: [
        [0.1, 0.2],
        [0.3, 0.4],
      ],
    };
    const saved = await saveReview(sup, id, claimed.version, {
      drawings: { [mediaId]: [line, { kind: "text", colour: "yellow", x: 0.5, y: 0.5, text: "Trommelvlies" }] },
    });
    expect(saved.version).toBe(claimed.version + 1);
    expect(await codeOf(saveReview(sup, id, saved.version, { drawings: { [crypto.randomUUID()]: [line] } }))).toBe("invalid-argument");
    expect(await codeOf(saveReview(sup, id, saved.version, { drawings: { [mediaId]: [{ ...line, points: [[2, 0]] }] } }))).toBe(
      "invalid-argument",
    );
    const huge = Array.from({ length: 100 }, () => ({ ...line, points: Array.from({ length: 1000 }, () => [0.123456789, 0.987654321]) }));
    expect(JSON.stringify(huge).length).toBeGreaterThan(DRAWING_MAX_BYTES);
    expect(await codeOf(saveReview(sup, id, saved.version, { drawings: { [mediaId]: huge } }))).toBe("invalid-argument");
  });
});

describe("dossier videos for labelling", () => {
  it("lists attached dossier videos for admins with source, organisation and date filters", async () => {
    const { id } = await createDossier(pro, { phone: "0612345676", earSide: "left" });
    const attached = await video(pro);
    const loose = await video(pro);
    await attachMedium(pro, id, { mediaId: attached, ear: "left" });
    const all = await listVideosForLabelling(admin);
    const found = all.find((v) => v.id === attached);
    expect(found).toMatchObject({
      source: "dossier",
      name: "otoscoop.webm",
      organisationId: pro.organisationId,
      organisationName: "Praktijk A",
    });
    // The list hands out no signed URL (that would be an unlogged read of the video); the labelling page signs one.
    expect(found).not.toHaveProperty("url");
    expect(JSON.stringify(all)).not.toContain("signature=");
    expect(all.some((v) => v.id === loose)).toBe(false);
    expect((await listVideosForLabelling(admin, { source: "upload" })).some((v) => v.id === attached)).toBe(false);
    expect(
      (await listVideosForLabelling(admin, { source: "dossier", organisationId: proOther.organisationId! })).some((v) => v.id === attached),
    ).toBe(false);
    expect((await listVideosForLabelling(admin, { organisationId: pro.organisationId! })).map((v) => v.id)).toContain(attached);
    expect((await listVideosForLabelling(admin, { from: new Date(Date.now() + 86_400_000) })).some((v) => v.id === attached)).toBe(false);
    expect((await listVideosForLabelling(admin, { to: new Date(Date.now() + 86_400_000) })).map((v) => v.id)).toContain(attached);
    expect(await codeOf(listVideosForLabelling(sup))).toBe("not-found");
  });

  it("finds one video by id as the list shows it, without listing them all", async () => {
    const { id } = await createDossier(pro, { phone: "0612345674", earSide: "right" });
    const attached = await video(pro);
    const loose = await video(pro);
    await attachMedium(pro, id, { mediaId: attached, ear: "right" });
    const listed = (await listVideosForLabelling(admin)).find((v) => v.id === attached);
    const { url, ...found } = await findVideoForLabelling(admin, attached);
    expect(found).toEqual(listed);
    expect(url).toMatch(new RegExp(`^/api/media/${attached}/file\\?expires=`));
    expect(await codeOf(findVideoForLabelling(admin, loose))).toBe("not-found");
    expect(await codeOf(findVideoForLabelling(admin, "no-such-video"))).toBe("not-found");
    expect(await codeOf(findVideoForLabelling(sup, attached))).toBe("not-found");
  });

  it("logs opening a dossier video on the labelling page as a view of its dossier, by the admin", async () => {
    const { id } = await createDossier(pro, { phone: "0612345673", earSide: "left" });
    const attached = await video(pro);
    await attachMedium(pro, id, { mediaId: attached, ear: "left" });
    const views = () =>
      database.handle.db
        .select({ actorId: dossierEvent.actorId, kind: dossierEvent.kind, detail: dossierEvent.detail })
        .from(dossierEvent)
        .where(eq(dossierEvent.dossierId, id))
        .then((rows) => rows.filter((r) => r.kind === "view"));
    expect(await views()).toEqual([]);
    const page = await labellingPage(admin as unknown as SessionUser, new URL(`http://x/debug/ml/labelling?video=${attached}`));
    expect(page.video?.id).toBe(attached);
    expect(await views()).toEqual([{ actorId: admin.id, kind: "view", detail: { page: "ml-labelling", mediaId: attached, grant: "admin" } }]);
  });
});

describe("media follow their dossier's rule (issue 12)", () => {
  async function storageCodeOf(promise: Promise<unknown>): Promise<string> {
    try {
      await promise;
    } catch (error) {
      if (error instanceof StorageError) return error.code;
      throw error;
    }
    return "allowed";
  }

  it("a colleague of the same organisation, and a supervisor before submission, are told the medium does not exist", async () => {
    const { id } = await createDossier(pro, { phone: "0612345690", earSide: "left" });
    const mediaId = await still(pro);
    await attachMedium(pro, id, { mediaId, ear: "left" });
    const reads = async () => ({
      owner: await storageCodeOf(mediaForActor(pro, mediaId)),
      colleague: await storageCodeOf(mediaForActor(pro2, mediaId)),
      otherOrganisation: await storageCodeOf(mediaForActor(proOther, mediaId)),
      supervisor: await storageCodeOf(mediaForActor(sup, mediaId)),
      otherSupervisor: await storageCodeOf(mediaForActor(supOther, mediaId)),
      admin: await storageCodeOf(mediaForActor(admin, mediaId)),
    });
    const missing = "storage/object-not-found";
    expect(await reads()).toEqual({ owner: "allowed", colleague: missing, otherOrganisation: missing, supervisor: missing, otherSupervisor: missing, admin: "allowed" });
    await database.handle.db.update(dossier).set({ status: "submitted" }).where(eq(dossier.id, id));
    expect(await reads()).toEqual({ owner: "allowed", colleague: missing, otherOrganisation: missing, supervisor: "allowed", otherSupervisor: missing, admin: "allowed" });
    // Nor can the colleague replace its poster.
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0]);
    expect(await storageCodeOf(storePreview(pro2, mediaId, "poster", jpeg, "image/jpeg"))).toBe(missing);
    // Those who may see it may not replace its preview either: only the uploader's browser makes one.
    expect(await storageCodeOf(storePreview(sup, mediaId, "poster", jpeg, "image/jpeg"))).toBe("storage/unauthorized");
    expect(await storageCodeOf(storePreview(admin, mediaId, "poster", jpeg, "image/jpeg"))).toBe("storage/unauthorized");
    // The uploader neither, once the dossier is submitted: the supervisor sees what was submitted.
    await expect(storePreview(pro, mediaId, "poster", jpeg, "image/jpeg")).rejects.toThrow(new AppError("dossier/not-editable"));
    await database.handle.db.update(dossier).set({ status: "returned" }).where(eq(dossier.id, id));
    expect(await storageCodeOf(storePreview(pro, mediaId, "poster", jpeg, "image/jpeg"))).toBe("allowed");
  });

  it("an upload in progress is its uploader's alone: a colleague cannot see or cancel it, and learns nothing", async () => {
    const mediaId = await still(pro);
    await database.handle.db.update(media).set({ status: "uploading" }).where(eq(media.id, mediaId));
    expect(await storageCodeOf(mediaForActor(pro2, mediaId))).toBe("storage/object-not-found");
    expect(await storageCodeOf(deleteUploadRecord(pro2, mediaId))).toBe("storage/object-not-found");
    expect(await storageCodeOf(mediaForActor(sup, mediaId))).toBe("storage/object-not-found");
    expect(await storageCodeOf(mediaForActor(pro, mediaId))).toBe("allowed");
    expect((await listMedia(pro2)).map((m) => m.id)).not.toContain(mediaId);
    expect((await listMedia(pro)).map((m) => m.id)).toContain(mediaId);
  });

  it("the media test pages show their user's own latest recordings, not every patient's (an admin may read all)", async () => {
    const recorded = async (owner: Actor, organisationId: string, source: string) => {
      const id = crypto.randomUUID();
      await database.handle.db.insert(media).values({
        id,
        organisationId,
        uploaderId: owner.id,
        objectKey: `org-${organisationId}/media/${id}`,
        kind: "image",
        contentType: "image/jpeg",
        size: 100,
        metadata: { fileName: "still.jpg", source },
        status: "complete",
      });
      return id;
    };
    const { id } = await createDossier(pro, { phone: "0612345672", earSide: "left" });
    const patients = await recorded(pro, pro.organisationId!, "recorder");
    await attachMedium(pro, id, { mediaId: patients, ear: "left" });
    const mine = await recorded(admin, pro.organisationId!, "recorder");
    const picked = await recorded(admin, pro.organisationId!, "picker");
    const recent = (await mediaPageData(admin, { source: "recorder" })).recent.map((m) => m.id);
    expect(recent).toContain(mine);
    expect(recent).not.toContain(patients);
    expect(recent).not.toContain(picked);
    expect((await mediaPageData(admin, { source: "picker" })).recent.map((m) => m.id)).toEqual([picked]);
    // The professional's own page shows theirs.
    expect((await mediaPageData(pro, { source: "recorder" })).recent.map((m) => m.id)).toContain(patients);
  });
});
