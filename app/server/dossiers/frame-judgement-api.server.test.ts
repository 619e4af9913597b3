/**
 * The frame judgement endpoint over real HTTP (decision 075): `POST /api/dossiers/:id/media/:mediaId/judgement`
 * through the API table's one wrapper. The reviewer's judgement with the frame's JPEGs is stored; every other
 * signed-in role gets 404 before anything is written; a body the endpoint cannot read is a 4xx with a code, never
 * a 500, and one over the limit is refused by its declared length.
 */
import http from "node:http";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appCheckHeaders, signInCookie, startMediaServer, type MediaTestServer } from "../../../tests/support/media-server";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { systemDb } from "../db/client.server";
import { dossier, dossierMedium, frameJudgement, labelledImage, patient } from "../db/schema";
import { createSupervisor } from "../demo/factories.server";
import { DEMO_PASSWORD, seedDemoData, type DemoData } from "../demo/seed-demo.server";

let database: TestDatabase;
let server: MediaTestServer;
let demo: DemoData;
const cookies = {} as Record<"admin" | "pro" | "supervisor" | "colleague", string>;
let target: { dossierId: string; mediaId: string };
// The smallest JPEG the server's type check accepts (SOI, JFIF APP0, EOI), base64.
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0xff, 0xd9]).toString("base64");
const frame = { image: JPEG, thumbnail: JPEG, width: 256, height: 256 };

beforeAll(async () => {
  database = await createTestDatabase({ MFA_REQUIRED_ROLES: "" });
  demo = await seedDemoData();
  await createSupervisor({ email: "colleague-sup@casus.test", name: "Carla Collega", password: DEMO_PASSWORD, organisationIds: demo.organisations.map((o) => o.id), specialty: "ent" });
  for (const [who, email] of [
    ["admin", "admin@casus.test"],
    ["pro", "pro@casus.test"],
    ["supervisor", "supervisor@casus.test"],
    ["colleague", "colleague-sup@casus.test"],
  ] as const)
    cookies[who] = await signInCookie(database, email);
  server = await startMediaServer(database.dataDir);
  // The demo dossier in review by the demo supervisor, and its first medium (a still).
  const [row] = await systemDb()
    .select({ dossierId: dossier.id, mediaId: dossierMedium.mediaId })
    .from(dossier)
    .innerJoin(patient, eq(patient.id, dossier.patientId))
    .innerJoin(dossierMedium, eq(dossierMedium.dossierId, dossier.id))
    .where(eq(patient.phone, "+31655555555"))
    .limit(1);
  target = row;
}, 60_000);

afterAll(async () => {
  await server?.close();
  await database?.close();
});

const path = () => `/api/dossiers/${target.dossierId}/media/${target.mediaId}/judgement`;
async function post(cookie: string, body: unknown, raw = false) {
  const response = await fetch(`${server.url}${path()}`, {
    method: "POST",
    headers: { cookie, "Content-Type": "application/json" },
    body: raw ? (body as string) : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as Record<string, unknown> | null };
}
const judgementsStored = () =>
  systemDb()
    .select()
    .from(frameJudgement)
    .where(and(eq(frameJudgement.dossierId, target.dossierId), eq(frameJudgement.mediaId, target.mediaId)));

describe("POST /api/dossiers/:id/media/:mediaId/judgement", () => {
  it("is 404 for everyone but the reviewer, whatever they send, and writes nothing", async () => {
    const body = { judgement: "in-ear", frameMs: 0, frame };
    for (const who of ["admin", "pro", "colleague"] as const) expect(await post(cookies[who], body), who).toMatchObject({ status: 404, body: { code: "not-found" } });
    const signedOut = await fetch(`${server.url}${path()}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    expect(signedOut.status).toBe(401);
    expect(await judgementsStored()).toEqual([]);
  });

  it("turns a body it cannot read into a 4xx with a code", async () => {
    const sup = cookies.supervisor;
    expect(await post(sup, '{"judgement":', true)).toMatchObject({ status: 400, body: { code: "malformed-body" } });
    expect(await post(sup, { judgement: "maybe" })).toMatchObject({ status: 400, body: { code: "invalid-argument" } });
    expect(await post(sup, { judgement: "in-ear", frameMs: -5, frame })).toMatchObject({ status: 400, body: { code: "invalid-argument" } });
    expect(await post(sup, { judgement: "in-ear", frameMs: "0", frame })).toMatchObject({ status: 400, body: { code: "invalid-argument" } });
    expect(await post(sup, { judgement: "in-ear", frame: { ...frame, image: "not base64!" } })).toMatchObject({ status: 400, body: { code: "invalid-argument" } });
    expect(await post(sup, { judgement: "in-ear", frame: { ...frame, width: 0 } })).toMatchObject({ status: 400, body: { code: "invalid-argument" } });
    // Well-formed base64 that is no JPEG: the data layer's check, still a 400.
    expect(await post(sup, { judgement: "in-ear", frame: { ...frame, image: Buffer.from("<svg/>").toString("base64") } })).toMatchObject({ status: 400, body: { code: "invalid-argument" } });
    // In the dataset needs the frame.
    expect(await post(sup, { judgement: "not-in-ear" })).toMatchObject({ status: 400, body: { code: "invalid-argument" } });
    expect(await post(sup, { judgement: "in-ear", frame: { ...frame, note: "x\u0000" } })).toMatchObject({ status: 422, body: { code: "text-control-character" } });
    const tooLarge = await new Promise<number>((resolve, reject) => {
      const request = http.request(`${server.url}${path()}`, { method: "POST", headers: { cookie: sup, "Content-Type": "application/json", "Content-Length": String(3 * 1024 * 1024) } });
      request.on("response", (response) => {
        resolve(response.statusCode ?? 0);
        response.resume();
        request.destroy();
      });
      request.on("error", (error) => (error.message.includes("socket hang up") ? undefined : reject(error)));
      request.write(Buffer.alloc(1024, 0x7b));
    });
    expect(tooLarge).toBe(413);
    expect(await judgementsStored()).toEqual([]);
  });

  it("stores the reviewer's judgement with its labelled image, changes it and withdraws it", async () => {
    const sup = cookies.supervisor;
    const made = await post(sup, { judgement: "in-ear", frameMs: 0, frame });
    expect(made).toMatchObject({ status: 200, body: { judgement: { judgement: "in-ear", frameMs: 0, inDataset: true, modelVersion: expect.any(String) } } });
    const [stored] = await judgementsStored();
    const image = () => systemDb().select().from(labelledImage).where(eq(labelledImage.judgementId, stored.id));
    expect(await image()).toMatchObject([{ source: "review", label: 1 }]);
    expect(await post(sup, { judgement: "not-in-ear" })).toMatchObject({ status: 200, body: { judgement: { judgement: "not-in-ear", inDataset: true } } });
    expect(await image()).toMatchObject([{ source: "review", label: 0 }]);
    expect(await post(sup, { judgement: "none" })).toMatchObject({ status: 200, body: { judgement: null } });
    expect(await judgementsStored()).toEqual([]);
    expect(await image()).toEqual([]);
    // A state change from another site is refused before anything else.
    const crossSite = await fetch(`${server.url}${path()}`, {
      method: "POST",
      headers: { cookie: sup, "Content-Type": "application/json", Origin: "https://evil.test", ...appCheckHeaders() },
      body: JSON.stringify({ judgement: "unusable" }),
    });
    expect(crossSite.status).toBe(403);
    expect(await judgementsStored()).toEqual([]);
  });
});
