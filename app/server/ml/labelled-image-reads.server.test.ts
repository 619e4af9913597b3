/**
 * Reads of the in-ear model's labelled images are audited like reads of dossier media, over real HTTP through the
 * API table: a supervisor's judged still becomes a labelled image (source "review"); an administrator reading its
 * bytes, opening the grid that lists it and downloading the zip each leave an audit row naming who, which images,
 * which organisation's patient, and from where. No cache keeps the bytes to be read again unlogged. A test video
 * uploaded for labelling (possibly a recording of a patient's ear) is audited when its bytes are read the same way.
 */
import { and, eq } from "drizzle-orm";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { signInCookie, startMediaServer, type MediaTestServer } from "../../../tests/support/media-server";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import type { Actor } from "~/domain/access/actor";
import type { SessionUser } from "../auth/session.server";
import { systemDb } from "../db/client.server";
import { auditLog, dossier, dossierMedium, labelledImage, patient } from "../db/schema";
import { seedDemoData } from "../demo/seed-demo.server";
import { LABELLED_IMAGE_EXPORT_ACTION, LABELLED_IMAGE_LIST_READ_ACTION, LABELLED_IMAGE_READ_ACTION, TEST_VIDEO_READ_ACTION } from "../audit/labelled-image-reads.server";
import { imageKey, saveLabelledImage } from "./labelled-images.server";
import { objectStore } from "../storage/storage.server";
import { labelledImagesPage } from "./ml-pages.server";
import { uploadTestVideo } from "./video-sources.server";

let database: TestDatabase;
let server: MediaTestServer;
let adminCookie: string;
let admin: Actor;
let supervisorCookie: string;
let review: { imageId: string; organisationId: string; mediaId: string };
// The smallest JPEG the server's type check accepts (SOI, JFIF APP0, EOI).
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0xff, 0xd9]);

beforeAll(async () => {
  database = await createTestDatabase({ MFA_REQUIRED_ROLES: "" });
  const demo = await seedDemoData();
  admin = { id: demo.adminId, role: "admin", organisationId: null, supervisedOrganisationIds: [] };
  adminCookie = await signInCookie(database, "admin@casus.test");
  supervisorCookie = await signInCookie(database, "supervisor@casus.test");
  server = await startMediaServer(database.dataDir);
  // The demo dossier in review by the demo supervisor, and its first medium: judged, it joins the dataset.
  const [target] = await systemDb()
    .select({ dossierId: dossier.id, mediaId: dossierMedium.mediaId, organisationId: dossier.organisationId })
    .from(dossier)
    .innerJoin(patient, eq(patient.id, dossier.patientId))
    .innerJoin(dossierMedium, eq(dossierMedium.dossierId, dossier.id))
    .where(eq(patient.phone, "+31655555555"))
    .limit(1);
  const judged = await fetch(`${server.url}/api/dossiers/${target.dossierId}/media/${target.mediaId}/judgement`, {
    method: "POST",
    headers: { cookie: supervisorCookie, "Content-Type": "application/json" },
    body: JSON.stringify({ judgement: "in-ear", frameMs: 0, frame: { image: JPEG.toString("base64"), thumbnail: JPEG.toString("base64"), width: 256, height: 256 } }),
  });
  expect(judged.status).toBe(200);
  const [image] = await systemDb().select({ id: labelledImage.id }).from(labelledImage).where(eq(labelledImage.source, "review"));
  review = { imageId: image.id, organisationId: target.organisationId, mediaId: target.mediaId };
}, 60_000);

afterAll(async () => {
  await server?.close();
  await database?.close();
});

const rowsOf = (action: string, subjectId?: string) =>
  systemDb()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.actorId, admin.id), subjectId ? eq(auditLog.subjectId, subjectId) : undefined));

describe("reads of labelled images are audited", () => {
  it("records who read an image from a dossier, which one, whose organisation and from where; once per window", async () => {
    expect(await rowsOf(LABELLED_IMAGE_READ_ACTION, review.imageId)).toEqual([]);
    const image = await fetch(`${server.url}/api/ml/images/${review.imageId}/image.jpg`, { headers: { cookie: adminCookie } });
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer())).toEqual(JPEG);
    const rows = await rowsOf(LABELLED_IMAGE_READ_ACTION, review.imageId);
    expect(rows.map((r) => ({ subjectType: r.subjectType, organisationId: r.organisationId, after: r.after }))).toEqual([
      { subjectType: "labelled_image", organisationId: review.organisationId, after: { grant: "admin", source: "review" } },
    ]);
    expect(rows[0].ipAddress).toMatch(/127\.0\.0\.1/);
    // Patient pictures are never kept by a cache, where a second look would not be logged.
    expect(image.headers.get("cache-control")).toBe("no-store");
    // Its thumbnail within the window is the same read.
    expect((await fetch(`${server.url}/api/ml/images/${review.imageId}/thumb.jpg`, { headers: { cookie: adminCookie } })).status).toBe(200);
    expect(await rowsOf(LABELLED_IMAGE_READ_ACTION, review.imageId)).toHaveLength(1);
  });

  it("records a picture without a dossier too, with no organisation, and logs nothing for an unknown image", async () => {
    const upload = await saveLabelledImage(admin, { label: 0, source: "upload", width: 64, height: 64, image: JPEG, thumbnail: JPEG });
    expect((await fetch(`${server.url}/api/ml/images/${upload.id}/thumb.jpg`, { headers: { cookie: adminCookie } })).status).toBe(200);
    expect((await rowsOf(LABELLED_IMAGE_READ_ACTION, upload.id)).map((r) => [r.organisationId, r.after])).toEqual([[null, { grant: "admin", source: "upload" }]]);
    const missing = "00000000-0000-4000-8000-000000000000";
    expect((await fetch(`${server.url}/api/ml/images/${missing}/image.jpg`, { headers: { cookie: adminCookie } })).status).toBe(404);
    expect(await rowsOf(LABELLED_IMAGE_READ_ACTION, missing)).toEqual([]);
  });

  it("records the zip export with its filters and every image it holds", async () => {
    const zip = await fetch(`${server.url}/api/ml/export.zip?source=review`, { headers: { cookie: adminCookie } });
    expect(zip.status).toBe(200);
    await zip.arrayBuffer();
    const rows = await rowsOf(LABELLED_IMAGE_EXPORT_ACTION);
    expect(rows.map((r) => r.after)).toEqual([{ filters: { label: null, source: "review" }, count: 1, imageIds: [review.imageId], grant: "admin" }]);
    expect(rows[0].ipAddress).toMatch(/127\.0\.0\.1/);
  });

  it("records the grid's page, which shows what came from each dossier, with the images shown", async () => {
    const page = await labelledImagesPage(admin as SessionUser, new URL("http://casus.test/debug/ml/labeled-images?source=review"), { requestId: "grid-1", ipAddress: "192.0.2.7" });
    expect(page.images.map((i) => i.id)).toEqual([review.imageId]);
    const rows = await rowsOf(LABELLED_IMAGE_LIST_READ_ACTION);
    expect(rows.map((r) => [r.after, r.requestId, r.ipAddress])).toEqual([[{ imageIds: [review.imageId], grant: "admin" }, "grid-1", "192.0.2.7"]]);
  });
});

describe("reads of test videos are audited", () => {
  // The start of a webm file (EBML header, DocType "webm"), and bytes after it: enough for ranges.
  const WEBM = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84]), Buffer.from("webm"), Buffer.alloc(200, 7)]);
  const video = (id: string, headers: Record<string, string> = {}, cookie = adminCookie, signal?: AbortSignal) =>
    fetch(`${server.url}/api/ml/videos/${id}`, { headers: { cookie, ...headers }, signal });

  it("records who read a test video and from where, once per window however many ranges the player asks for", async () => {
    const id = await uploadTestVideo(admin, { name: "ear-of-a-patient.webm", size: WEBM.length, body: WEBM });
    expect(await rowsOf(TEST_VIDEO_READ_ACTION, id)).toEqual([]);
    const first = await video(id, { Range: "bytes=0-15" });
    expect(first.status).toBe(206);
    expect(Buffer.from(await first.arrayBuffer())).toEqual(WEBM.subarray(0, 16));
    const rows = await rowsOf(TEST_VIDEO_READ_ACTION, id);
    expect(rows.map((r) => ({ subjectType: r.subjectType, organisationId: r.organisationId, after: r.after }))).toEqual([{ subjectType: "test_video", organisationId: null, after: { grant: "admin" } }]);
    expect(rows[0].ipAddress).toMatch(/127\.0\.0\.1/);
    expect(first.headers.get("cache-control")).toBe("no-store");
    // Seeking and the whole file within the window are the same read.
    expect((await video(id, { Range: "bytes=100-" })).status).toBe(206);
    const whole = await video(id);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(WEBM);
    expect(await rowsOf(TEST_VIDEO_READ_ACTION, id)).toHaveLength(1);
  });

  it("closes the file of a read the player gives up on (seeking aborts the range request it no longer needs)", async () => {
    const large = Buffer.concat([WEBM, Buffer.alloc(8 * 1024 * 1024, 1)]);
    const id = await uploadTestVideo(admin, { name: "long-clip.webm", size: large.length, body: large });
    const openFiles = () =>
      fs.readdirSync("/proc/self/fd").filter((fd) => {
        try {
          return fs.readlinkSync(`/proc/self/fd/${fd}`).includes(id);
        } catch {
          return false;
        }
      }).length;
    for (let i = 0; i < 5; i++) {
      const controller = new AbortController();
      const response = await video(id, {}, adminCookie, controller.signal);
      const reader = response.body!.getReader();
      await reader.read();
      controller.abort();
      await reader.cancel().catch(() => {});
    }
    await vi.waitFor(() => expect(openFiles()).toBe(0), { timeout: 5000 });
  });

  it("logs nothing when no byte is sent: an unknown id, a dossier video's id, a range past the end, another role", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    expect((await video(missing)).status).toBe(404);
    // A dossier video's bytes go out through a signed media URL (a logged media read), never through this endpoint.
    expect((await video(review.mediaId)).status).toBe(404);
    const id = await uploadTestVideo(admin, { name: "clip.webm", size: WEBM.length, body: WEBM });
    expect((await video(id, { Range: `bytes=${WEBM.length + 10}-` })).status).toBe(416);
    expect((await video(id, {}, supervisorCookie)).status).toBe(404);
    for (const subject of [missing, review.mediaId, id]) expect(await rowsOf(TEST_VIDEO_READ_ACTION, subject)).toEqual([]);
  });
});

describe("the set's reads that send nothing, or would send more than asked, are refused and not logged", () => {
  const get = (path: string) => fetch(`${server.url}${path}`, { headers: { cookie: adminCookie } });
  const exportRows = async () => (await rowsOf(LABELLED_IMAGE_EXPORT_ACTION)).length;

  it("answers a filter it cannot read with 400, instead of exporting the whole set", async () => {
    const before = await exportRows();
    for (const query of ["label=2", "label=1&label=0", "label%5Ba%5D=1", "source=__proto__", `source=${"x".repeat(300)}`, "label=in-ear"]) {
      const zip = await get(`/api/ml/export.zip?${query}`);
      expect(zip.status, query).toBe(400);
      expect(await zip.json(), query).toMatchObject({ code: "invalid-argument" });
    }
    expect((await get("/api/ml/dataset?label=abc")).status).toBe(400);
    expect(await exportRows()).toBe(before);
    // An absent or empty filter is no filter.
    expect((await get("/api/ml/export.zip?label=&source=")).status).toBe(200);
  });

  it("logs no read of an image whose file is gone, and leaves it out of the zip instead of failing the zip", async () => {
    const kept = await saveLabelledImage(admin, { label: 1, source: "webcam", width: 64, height: 64, image: JPEG, thumbnail: JPEG });
    const gone = await saveLabelledImage(admin, { label: 1, source: "webcam", width: 64, height: 64, image: JPEG, thumbnail: JPEG });
    await objectStore().delete(imageKey(gone.id, "image.jpg"));
    expect((await get(`/api/ml/images/${gone.id}/image.jpg`)).status).toBe(404);
    expect(await rowsOf(LABELLED_IMAGE_READ_ACTION, gone.id)).toEqual([]);
    const zip = await get("/api/ml/export.zip?source=webcam");
    expect(zip.status).toBe(200);
    // Zip entry names are stored as they are: the kept image is in it, the gone one is not.
    const bytes = Buffer.from(await zip.arrayBuffer()).toString("latin1");
    expect(bytes).toContain(`in-ear/${kept.id}.jpg`);
    expect(bytes).not.toContain(`in-ear/${gone.id}.jpg`);
  });
});
