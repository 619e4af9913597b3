/**
 * Resumable uploads end to end over real HTTP: tus requests and tus-js-client against the upload server on a
 * migrated database with real Better Auth sessions, the disk object store, and the media API (ranges, signed URLs).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import { eq, sql } from "drizzle-orm";
import * as tus from "tus-js-client";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { appCheckHeaders, signInCookie, startMediaServer, type MediaTestServer } from "../../../tests/support/media-server";
import { MP4_HEAD, PNG_HEAD, WEBM_HEAD, JPEG_HEAD, fakeMedia, sha256, tusMetadata } from "../../../tests/support/media-bytes";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import {
  APP_CHECK_HEADER,
  APP_CHECK_PATH,
  APP_CHECK_TTL_MS,
  MEDIA_MAX_DIMENSION_PX,
  MEDIA_MAX_DURATION_MS,
  MEDIA_PREVIEW_MAX_BYTES,
  MEDIA_URL_TTL_MS,
  UPLOAD_EXPIRY_MS,
} from "~/domain/constants";
import { signMediaUrl } from "./signed-url.server";
import { issueAppCheckToken } from "./app-check.server";
import { systemDb } from "../db/client.server";
import { logger } from "../logger.server";
import { dossier, dossierMedium, media, organisation } from "../db/schema";
import { createDossier } from "../dossiers/create.server";
import type { Actor } from "~/domain/access/actor";
import { seedDemoData, type DemoData } from "../demo/seed-demo.server";
import { createOrganisation } from "../demo/factories.server";

const MiB = 1024 * 1024;
let database: TestDatabase;
let demo: DemoData;
let server: MediaTestServer;
const cookies = {} as Record<"admin" | "supervisor" | "pro" | "pro2", string>;

beforeAll(async () => {
  database = await createTestDatabase({ MEDIA_MAX_IMAGE_MB: "1", MFA_REQUIRED_ROLES: "" });
  demo = await seedDemoData();
  cookies.admin = await signInCookie(database, "admin@casus.test");
  cookies.supervisor = await signInCookie(database, "supervisor@casus.test");
  cookies.pro = await signInCookie(database, "pro@casus.test");
  cookies.pro2 = await signInCookie(database, "pro2@casus.test");
  server = await startMediaServer(database.dataDir);
});

afterAll(async () => {
  await server?.close();
  await database?.close();
});

function create(cookie: string | null, size: number, metadata: Record<string, string>): Promise<Response> {
  return fetch(`${server.url}/api/uploads`, {
    method: "POST",
    headers: { "Tus-Resumable": "1.0.0", "Upload-Length": String(size), "Upload-Metadata": tusMetadata(metadata), ...(cookie ? { cookie } : {}), ...appCheckHeaders() },
  });
}

function patch(cookie: string, location: string, offset: number, body: Buffer): Promise<Response> {
  return fetch(`${server.url}${location}`, {
    method: "PATCH",
    headers: { "Tus-Resumable": "1.0.0", "Upload-Offset": String(offset), "Content-Type": "application/offset+octet-stream", cookie, ...appCheckHeaders() },
    body: new Uint8Array(body),
  });
}

function head(cookie: string, location: string): Promise<Response> {
  return fetch(`${server.url}${location}`, { method: "HEAD", headers: { "Tus-Resumable": "1.0.0", cookie, ...appCheckHeaders() } });
}

async function info(cookie: string, id: string) {
  const response = await fetch(`${server.url}/api/media/${id}`, { headers: { cookie } });
  expect(response.status).toBe(200);
  return (await response.json()) as { sha256: string; size: number; status: string; contentType: string; organisationId: string; urls: { file: string } };
}

/** Resolves once some of the upload's bytes are on disk in staging (at most 15 s), whatever the machine's load. */
async function someBytesStaged(location: string): Promise<void> {
  const file = `${server.stagingDir}/${location.split("/").pop()}`;
  for (const started = Date.now(); Date.now() - started < 15_000; await new Promise((r) => setTimeout(r, 20))) {
    if (fs.existsSync(file) && fs.statSync(file).size > 0) return;
  }
}

/**
 * Sends `bytes` as a PATCH and cuts the connection after `cutAfter` of them, as a dropped network would: once the
 * server has staged some of them (a fixed pause was too short on a busy machine, and nothing was left to resume).
 */
function patchAndDrop(cookie: string, location: string, bytes: Buffer, cutAfter: number): Promise<void> {
  return new Promise((resolve) => {
    const request = http.request(`${server.url}${location}`, {
      method: "PATCH",
      headers: {
        "Tus-Resumable": "1.0.0",
        "Upload-Offset": "0",
        "Content-Type": "application/offset+octet-stream",
        "Content-Length": String(bytes.length),
        cookie,
        ...appCheckHeaders(),
      },
    });
    request.on("error", () => resolve());
    request.on("close", () => resolve());
    request.write(bytes.subarray(0, cutAfter), () => void someBytesStaged(location).then(() => request.destroy()));
  });
}

describe("resumable uploads", () => {
  it("resumes an upload cut half-way, after a server restart, with an identical checksum", async () => {
    const bytes = fakeMedia(WEBM_HEAD, 6 * MiB + 123);
    const created = await create(cookies.pro, bytes.length, { filetype: "video/webm", filename: "otoscopie.webm" });
    expect(created.status).toBe(201);
    const location = created.headers.get("location")!;
    expect(location).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}$/);

    await patchAndDrop(cookies.pro, location, bytes, 3 * MiB);
    await server.restart();

    const offsetAfterRestart = Number((await head(cookies.pro, location)).headers.get("upload-offset"));
    expect(offsetAfterRestart).toBeGreaterThan(0);
    expect(offsetAfterRestart).toBeLessThanOrEqual(3 * MiB);

    // The browser's client, in Node: resumes from the server's offset and sends only the rest.
    let firstOffset = -1;
    await new Promise<void>((resolve, reject) => {
      const upload = new tus.Upload(bytes, {
        uploadUrl: `${server.url}${location}`,
        headers: { cookie: cookies.pro, ...appCheckHeaders() },
        chunkSize: 2 * MiB,
        retryDelays: [],
        onProgress: (sent) => {
          if (firstOffset < 0) firstOffset = sent;
        },
        onSuccess: () => resolve(),
        onError: reject,
      });
      upload.start();
    });
    expect(firstOffset).toBeGreaterThanOrEqual(offsetAfterRestart);

    const id = location.split("/").pop()!;
    const stored = await info(cookies.pro, id);
    expect(stored).toMatchObject({ status: "complete", size: bytes.length, sha256: sha256(bytes), contentType: "video/webm", organisationId: demo.organisations[0].id });
    const download = await fetch(`${server.url}${stored.urls.file}`);
    expect(sha256(Buffer.from(await download.arrayBuffer()))).toBe(sha256(bytes));
    // Staged bytes are gone once the object is in the store.
    expect(fs.existsSync(`${server.stagingDir}/${id}`)).toBe(false);
    // HEAD on a finished upload says "complete", so a client that missed the last answer sees success.
    const done = await head(cookies.pro, location);
    expect(done.headers.get("upload-offset")).toBe(String(bytes.length));
  });

  it("records the SHA-256 of the bytes it stored, whatever replayed, foreign or overlong PATCHes came in between", async () => {
    const bytes = fakeMedia(WEBM_HEAD, 3 * MiB + 11);
    const created = await create(cookies.pro, bytes.length, { filetype: "video/webm" });
    const location = created.headers.get("location")!;
    const id = location.split("/").pop()!;
    expect((await patch(cookies.pro, location, 0, bytes.subarray(0, MiB))).status).toBe(204);
    // Replayed at an offset already written, with other bytes: refused, the staged bytes stay as they were.
    expect((await patch(cookies.pro, location, 0, Buffer.alloc(MiB, 7))).status).toBe(409);
    // Another professional's PATCH at the right offset: not theirs to see.
    expect((await patch(cookies.pro2, location, MiB, Buffer.alloc(MiB, 8))).status).toBe(404);
    // More bytes than the upload declared: refused without writing past its length.
    expect((await patch(cookies.pro, location, MiB, Buffer.alloc(3 * MiB, 9))).status).toBeGreaterThanOrEqual(400);
    const offset = Number((await head(cookies.pro, location)).headers.get("upload-offset"));
    expect(offset).toBe(MiB);
    expect((await patch(cookies.pro, location, MiB, bytes.subarray(MiB))).status).toBe(204);
    const stored = await info(cookies.pro, id);
    expect(stored).toMatchObject({ status: "complete", size: bytes.length, sha256: sha256(bytes) });
    expect(sha256(Buffer.from(await (await fetch(`${server.url}${stored.urls.file}`)).arrayBuffer()))).toBe(sha256(bytes));
    // Replayed once complete: refused, and the record stands.
    expect((await patch(cookies.pro, location, 0, Buffer.alloc(16, 1))).status).toBeGreaterThanOrEqual(400);
    expect((await info(cookies.pro, id)).sha256).toBe(sha256(bytes));
  });

  it("writes a PATCH only into the upload its path names, whatever its query says", async () => {
    const theirs = (await create(cookies.pro2, 1000, { filetype: "video/mp4" })).headers.get("location")!;
    const theirId = theirs.split("/").pop()!;
    const mine = (await create(cookies.pro, 1000, { filetype: "video/mp4" })).headers.get("location")!;
    // tus reads an upload's id from the end of the whole address; the API table and the access check, from the path.
    const bytes = fakeMedia(MP4_HEAD, 200);
    expect((await patch(cookies.pro, `${mine}?x=/${theirId}`, 0, bytes.subarray(0, 100))).status).toBe(204);
    expect((await patch(cookies.pro, `${mine}?/${theirId}`, 100, bytes.subarray(100))).status).toBe(204);
    expect((await head(cookies.pro2, theirs)).headers.get("upload-offset")).toBe("0");
    expect((await head(cookies.pro, mine)).headers.get("upload-offset")).toBe("200");
  });

  it("finishes an upload whose bytes all arrived before the server stopped, on the next HEAD", async () => {
    const bytes = fakeMedia(JPEG_HEAD, 4096);
    const created = await create(cookies.pro, bytes.length, { filetype: "image/jpeg" });
    const location = created.headers.get("location")!;
    const id = location.split("/").pop()!;
    // Simulate a crash between "all bytes staged" and "moved into the store": stage directly.
    fs.writeFileSync(`${server.stagingDir}/${id}`, bytes);
    const answer = await head(cookies.pro, location);
    expect(answer.headers.get("upload-offset")).toBe(String(bytes.length));
    expect((await info(cookies.pro, id)).sha256).toBe(sha256(bytes));
  });

  it("cancels an upload: staged bytes and record go", async () => {
    const created = await create(cookies.pro, 1000, { filetype: "video/mp4" });
    const location = created.headers.get("location")!;
    const id = location.split("/").pop()!;
    expect((await patch(cookies.pro, location, 0, fakeMedia(MP4_HEAD, 400))).status).toBe(204);
    const cancelled = await fetch(`${server.url}${location}`, { method: "DELETE", headers: { "Tus-Resumable": "1.0.0", cookie: cookies.pro, ...appCheckHeaders() } });
    expect(cancelled.status).toBe(204);
    expect(await systemDb().select().from(media).where(eq(media.id, id))).toEqual([]);
    expect(fs.existsSync(`${server.stagingDir}/${id}`)).toBe(false);
  });
});

describe("abandoned uploads", () => {
  it("are dropped after the upload expiry, freeing the quota", async () => {
    const created = await create(cookies.pro, 1000, { filetype: "video/webm" });
    const location = created.headers.get("location")!;
    const id = location.split("/").pop()!;
    expect((await patch(cookies.pro, location, 0, fakeMedia(WEBM_HEAD, 500))).status).toBe(204);
    expect(await server.sweep()).toBe(0);
    expect(await server.sweep(Date.now() + UPLOAD_EXPIRY_MS + 60_000)).toBeGreaterThanOrEqual(1);
    expect(await systemDb().select().from(media).where(eq(media.id, id))).toEqual([]);
    expect(fs.existsSync(`${server.stagingDir}/${id}`)).toBe(false);
    expect((await head(cookies.pro, location)).status).toBe(404);
  });
});

describe("refusals with the seed's storage codes", () => {
  /** Every refusal is JSON and says so: tus's hooks answer text/plain unless told (upload-server.server.ts). */
  async function refusal(response: Response, status: number, code: string, reason?: string) {
    expect(response.status).toBe(status);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const body = (await response.json()) as { code: string; reason?: string };
    expect(body.code).toBe(code);
    if (reason) expect(body.reason).toBe(reason);
  }

  it("401 unauthenticated without a session", async () => {
    await refusal(await create(null, 10, { filetype: "video/mp4" }), 401, "storage/unauthenticated");
    await refusal(await fetch(`${server.url}/api/media/00000000-0000-0000-0000-000000000000`), 401, "storage/unauthenticated");
  });

  it("a type that is not accepted, declared or detected from the bytes", async () => {
    await refusal(await create(cookies.pro, 10, { filetype: "application/pdf" }), 400, "storage/invalid-argument", "type-not-allowed");
    // Declared a video, sends a PNG: refused at the first bytes, and the upload is dropped.
    const created = await create(cookies.pro, 5000, { filetype: "video/mp4", filename: "clip.mp4" });
    const location = created.headers.get("location")!;
    await refusal(await patch(cookies.pro, location, 0, fakeMedia(PNG_HEAD, 5000)), 400, "storage/invalid-argument", "type-not-allowed");
    expect((await head(cookies.pro, location)).status).toBe(404);
  });

  it("a refused type keeps its code when the body arrives after the headers, as browsers send it", async () => {
    const pdf = Buffer.from("%PDF-1.7 this is not a video at all");
    const created = await create(cookies.pro, pdf.length, { filetype: "video/mp4", filename: "clip.mp4" });
    const location = created.headers.get("location")!;
    const answer = await new Promise<{ status: number; headers: Record<string, string>; body: string }>((resolve, reject) => {
      const request = http.request(`${server.url}${location}`, {
        method: "PATCH",
        headers: { "Tus-Resumable": "1.0.0", "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream", "Content-Length": String(pdf.length), cookie: cookies.pro, ...appCheckHeaders() },
      });
      request.on("response", (response) => {
        let body = "";
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: { "content-type": response.headers["content-type"] ?? "" }, body }));
      });
      request.on("error", reject);
      request.flushHeaders();
      setTimeout(() => request.write(pdf), 30);
      setTimeout(() => request.end(), 100);
    });
    await refusal(new Response(answer.body, { status: answer.status, headers: answer.headers }), 400, "storage/invalid-argument", "type-not-allowed");
  });

  it("a size over the kind's maximum", async () => {
    await refusal(await create(cookies.pro, 2 * MiB, { filetype: "image/png" }), 400, "storage/invalid-argument", "too-large");
    // Over the largest size of any kind: tus itself refuses, in the same code.
    await refusal(await create(cookies.pro, 2 * 1024 * MiB, { filetype: "video/mp4" }), 413, "storage/invalid-argument", "too-large");
  });

  it("an empty file: 400 naming its size as empty, nothing created, and no error line (a refusal, not a failure)", async () => {
    const errorLines = vi.spyOn(logger, "error");
    const [{ count: before }] = await systemDb().select({ count: sql<number>`count(*)::int` }).from(media);
    for (const filetype of ["image/png", "image/jpeg", "video/mp4", "video/webm"]) {
      const response = await create(cookies.pro, 0, { filetype, filename: "leeg" });
      expect(response.headers.get("location")).toBeNull();
      const text = await response.text();
      await refusal(new Response(text, response), 400, "storage/invalid-argument", "empty");
      expect(JSON.parse(text).field).toBe("size");
    }
    const [{ count: after }] = await systemDb().select({ count: sql<number>`count(*)::int` }).from(media);
    expect(after).toBe(before);
    expect(errorLines).not.toHaveBeenCalled();
    // A type that is not accepted stays refused as such, empty or not.
    await refusal(await create(cookies.pro, 0, { filetype: "application/pdf" }), 400, "storage/invalid-argument", "type-not-allowed");
  });

  it("402 quota-exceeded over the organisation's quota, counting uploads in flight", async () => {
    const org = await createOrganisation({ name: "Kleine Praktijk", kind: "gp-practice" });
    await systemDb().update(organisation).set({ storageQuotaBytes: 3 * MiB }).where(eq(organisation.id, org.id));
    const first = await create(cookies.admin, 2 * MiB, { filetype: "video/webm", organisationId: org.id });
    expect(first.status).toBe(201);
    await refusal(await create(cookies.admin, 2 * MiB, { filetype: "video/webm", organisationId: org.id }), 402, "storage/quota-exceeded");
  });

  it("metadata with a control character or a number out of range: 400 naming the field, never the failed query", async () => {
    const refusedField = async (metadata: Record<string, string>, field: string, reason: string) => {
      const response = await create(cookies.pro, 100, { filetype: "image/png", ...metadata });
      const text = await response.text();
      expect(text).not.toMatch(/query|insert|params|media/i);
      await refusal(new Response(text, response), 400, "storage/invalid-argument", reason);
      expect(JSON.parse(text).field).toBe(field);
    };
    // The attacker's requests: a NUL in the file name (PostgreSQL cannot store it) and a duration past `integer`.
    await refusedField({ filename: "a\u0000b" }, "filename", "control-character");
    await refusedField({ durationMs: "999999999999" }, "durationMs", "out-of-range");
    await refusedField({ source: "upload\u001b[31m" }, "source", "control-character");
    await refusedField({ filename: "a\u0085b" }, "filename", "control-character");
    await refusedField({ dossierId: "x\u0000", ear: "left" }, "dossierId", "control-character");
    await refusedField({ organisationId: "\u0000" }, "organisationId", "control-character");
    await refusedField({ width: "70000" }, "width", "out-of-range");
    await refusedField({ height: "1e9" }, "height", "not-a-number");
    await refusedField({ durationMs: "-5" }, "durationMs", "not-a-number");
    // The largest values the product allows are kept.
    const kept = await create(cookies.pro, 100, { filetype: "video/mp4", filename: "otoscopie ø.mp4", durationMs: String(MEDIA_MAX_DURATION_MS), width: String(MEDIA_MAX_DIMENSION_PX) });
    expect(kept.status).toBe(201);
    const [row] = await systemDb().select().from(media).where(eq(media.id, kept.headers.get("location")!.split("/").pop()!));
    expect(row).toMatchObject({ durationMs: MEDIA_MAX_DURATION_MS, metadata: { fileName: "otoscopie ø.mp4", width: MEDIA_MAX_DIMENSION_PX } });
  });

  it("malformed tus headers: 400 storage/invalid-argument as JSON, not tus's plain text, and nothing is created", async () => {
    const png = `filetype ${Buffer.from("image/png").toString("base64")}`;
    // A header given as null is left out.
    const send = (headers: Record<string, string | null>, method = "POST", path = "/api/uploads") => {
      const all = { "Tus-Resumable": "1.0.0", "Upload-Length": "100", cookie: cookies.pro, ...appCheckHeaders(), ...headers };
      return fetch(`${server.url}${path}`, { method, headers: Object.fromEntries(Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== null)) });
    };
    const refusedHeader = async (headers: Record<string, string | null>, field: string, method?: string, path?: string) => {
      const response = await send(headers, method, path);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      expect(response.headers.get("tus-resumable")).toBe("1.0.0");
      const text = await response.text();
      await refusal(new Response(text, response), 400, "storage/invalid-argument", "malformed");
      expect(JSON.parse(text).field).toBe(field);
    };
    const [{ count: before }] = await systemDb().select({ count: sql<number>`count(*)::int` }).from(media);
    // The attacker's requests: a value that is not base64, one that is not padded, a key twice, three tokens in a
    // pair, an empty key, an empty header.
    await refusedHeader({ "Upload-Metadata": "filename !!!notbase64" }, "metadata");
    await refusedHeader({ "Upload-Metadata": `${png},filename abc` }, "metadata");
    await refusedHeader({ "Upload-Metadata": `${png},${png}` }, "metadata");
    await refusedHeader({ "Upload-Metadata": `${png} extra` }, "metadata");
    await refusedHeader({ "Upload-Metadata": `${png}, aGk=` }, "metadata");
    await refusedHeader({ "Upload-Metadata": `${png},` }, "metadata");
    await refusedHeader({ "Upload-Metadata": "" }, "metadata");
    await refusedHeader({ "Upload-Metadata": png, "Upload-Length": "1e3" }, "size");
    await refusedHeader({ "Upload-Metadata": png, "Upload-Length": "-1" }, "size");
    // A new upload without its size, or with a size to be stated later (which this server does not take).
    await refusedHeader({ "Upload-Metadata": png, "Upload-Length": null }, "size");
    await refusedHeader({ "Upload-Metadata": png, "Upload-Length": null, "Upload-Defer-Length": "1" }, "size");
    const [{ count: after }] = await systemDb().select({ count: sql<number>`count(*)::int` }).from(media);
    expect(after).toBe(before);
    // On an upload under way too, before tus sees the request.
    const created = await send({ "Upload-Metadata": png });
    expect(created.status).toBe(201);
    const location = created.headers.get("location")!;
    await refusedHeader({ "Upload-Offset": "0x0", "Content-Type": "application/offset+octet-stream" }, "offset", "PATCH", location);
    await refusedHeader({ "Content-Type": "application/offset+octet-stream" }, "offset", "PATCH", location);
    await refusedHeader({ "Upload-Metadata": "filename !!!notbase64" }, "metadata", "DELETE", location);
    expect((await head(cookies.pro, location)).status).toBe(200);
    // A key without a value is well formed; a type that is needed and missing is refused as such.
    await refusal(await send({ "Upload-Metadata": "filetype,filename" }), 400, "storage/invalid-argument", "type-not-allowed");
  });

  it("tus's own refusals in the seed's codes as JSON; an extension this server does not offer is 400, not 501", async () => {
    const metadata = tusMetadata({ filetype: "video/mp4" });
    const post = (headers: Record<string, string>) =>
      fetch(`${server.url}/api/uploads`, { method: "POST", headers: { "Upload-Length": "10", "Upload-Metadata": metadata, cookie: cookies.pro, ...appCheckHeaders(), ...headers } });
    // Without the protocol's version: tus's 412, before any hook runs.
    await refusal(await post({}), 412, "storage/invalid-argument", "malformed");
    // Concatenation is not offered here: tus answers 501, a server error, for the client's request.
    await refusal(await post({ "Tus-Resumable": "1.0.0", "Upload-Concat": "partial" }), 400, "storage/invalid-argument", "unsupported");
    const created = await create(cookies.pro, 10, { filetype: "video/mp4" });
    expect(created.status).toBe(201);
    const location = created.headers.get("location")!;
    // Bytes sent as another type: tus checks the header itself.
    const wrongType = await fetch(`${server.url}${location}`, {
      method: "PATCH",
      headers: { "Tus-Resumable": "1.0.0", "Upload-Offset": "0", "Content-Type": "text/plain", cookie: cookies.pro, ...appCheckHeaders() },
      body: "0123456789",
    });
    await refusal(wrongType, 400, "storage/invalid-argument", "malformed");
    // An offset the server is not at keeps tus's 409 and its text: the upload client asks for the offset again.
    const conflict = await patch(cookies.pro, location, 5, Buffer.alloc(5));
    expect([conflict.status, conflict.headers.get("content-type")]).toEqual([409, expect.stringMatching(/^text\/plain/)]);
    expect((await head(cookies.pro, location)).headers.get("upload-offset")).toBe("0");
  });

  it("an unexpected failure answers 500 {code: internal}, without its message, SQL or parameters", async () => {
    // A constraint the insert breaks: the database refuses it as it would any failed query.
    await systemDb().execute(sql`alter table media add constraint test_no_boom check (metadata->>'fileName' is distinct from 'boom.png')`);
    try {
      const response = await create(cookies.pro, 100, { filetype: "image/png", filename: "boom.png" });
      expect(response.status).toBe(500);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await response.text()).toBe(JSON.stringify({ code: "internal" }));
    } finally {
      await systemDb().execute(sql`alter table media drop constraint test_no_boom`);
    }
  });

  it("403 for an organisation the uploader does not work for; 404 for anybody else's upload", async () => {
    await refusal(await create(cookies.pro, 10, { filetype: "video/mp4", organisationId: demo.organisations[1].id }), 403, "storage/unauthorized");
    await refusal(await create(cookies.admin, 10, { filetype: "video/mp4" }), 400, "storage/invalid-argument");
    const created = await create(cookies.pro, 100, { filetype: "video/mp4" });
    const location = created.headers.get("location")!;
    expect((await head(cookies.pro2, location)).status).toBe(404);
    await refusal(await patch(cookies.pro2, location, 0, fakeMedia(MP4_HEAD, 100)), 404, "storage/object-not-found");
    await refusal(await fetch(`${server.url}/api/media/${location.split("/").pop()}`, { headers: { cookie: cookies.pro2 } }), 404, "storage/object-not-found");
    // Nor does the organisation's supervisor: an upload not attached to a submitted dossier is its uploader's alone.
    expect((await head(cookies.supervisor, location)).status).toBe(404);
    expect((await head(cookies.pro, location)).status).toBe(200);
  });
});

describe("app check (seed §6: storage requests carry an app-check token)", () => {
  const refusedApp = async (response: Response, reason: string) => {
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: "storage/unauthorized-app", reason });
  };
  const createWith = (token: Record<string, string>) =>
    fetch(`${server.url}/api/uploads`, {
      method: "POST",
      headers: { "Tus-Resumable": "1.0.0", "Upload-Length": "10", "Upload-Metadata": tusMetadata({ filetype: "video/mp4" }), cookie: cookies.pro, ...token },
    });

  it("refuses an upload without a token, with a tampered one or an expired one; accepts one the app issued", async () => {
    await refusedApp(await createWith({}), "missing");
    const { token } = issueAppCheckToken();
    const tampered = token.replace(/\.(.)/, (_m, c: string) => `.${c === "A" ? "B" : "A"}`);
    await refusedApp(await createWith({ [APP_CHECK_HEADER]: tampered }), "invalid");
    // A later expiry under the old signature is a tampered token too.
    await refusedApp(await createWith({ [APP_CHECK_HEADER]: token.replace(/^\d+/, (e) => String(Number(e) + 3_600_000)) }), "invalid");
    await refusedApp(await createWith({ [APP_CHECK_HEADER]: issueAppCheckToken({ now: Date.now() - APP_CHECK_TTL_MS - 1000 }).token }), "expired");
    await refusedApp(await createWith({ [APP_CHECK_HEADER]: issueAppCheckToken({ buildId: "another-build" }).token }), "invalid");
    // The token the endpoint hands a page of the app is accepted.
    const issued = (await (await fetch(`${server.url}${APP_CHECK_PATH}`, { headers: { "sec-fetch-site": "same-origin" } })).json()) as { token: string; expiresAt: number };
    expect(issued.expiresAt).toBeGreaterThan(Date.now() + APP_CHECK_TTL_MS - 60_000);
    const created = await createWith({ [APP_CHECK_HEADER]: issued.token });
    expect(created.status).toBe(201);
    // PATCH, HEAD and DELETE of that upload need it as well.
    const location = created.headers.get("location")!;
    expect((await fetch(`${server.url}${location}`, { method: "HEAD", headers: { "Tus-Resumable": "1.0.0", cookie: cookies.pro } })).status).toBe(403);
    await refusedApp(await fetch(`${server.url}${location}`, { method: "DELETE", headers: { "Tus-Resumable": "1.0.0", cookie: cookies.pro } }), "missing");
    // Another site's page is not issued one.
    expect((await fetch(`${server.url}${APP_CHECK_PATH}`, { headers: { "sec-fetch-site": "cross-site" } })).status).toBe(403);
  });

  it("refuses a preview PUT without a valid token", async () => {
    const poster = new Uint8Array(fakeMedia(JPEG_HEAD, 200));
    const id = "00000000-0000-0000-0000-000000000000";
    await refusedApp(await fetch(`${server.url}/api/media/${id}/thumbnail`, { method: "PUT", headers: { cookie: cookies.pro }, body: poster }), "missing");
    const expired = issueAppCheckToken({ now: Date.now() - APP_CHECK_TTL_MS - 1000 }).token;
    await refusedApp(await fetch(`${server.url}/api/media/${id}/poster`, { method: "PUT", headers: { cookie: cookies.pro, [APP_CHECK_HEADER]: expired }, body: poster }), "expired");
  });
});

describe("downloads", () => {
  let file: string;
  let bytes: Buffer;
  beforeAll(async () => {
    bytes = fakeMedia(MP4_HEAD, 300_000);
    const created = await create(cookies.pro, bytes.length, { filetype: "video/mp4" });
    const location = created.headers.get("location")!;
    expect((await patch(cookies.pro, location, 0, bytes)).status).toBe(204);
    file = (await info(cookies.pro, location.split("/").pop()!)).urls.file;
  });

  it("answers ranges with 206 so videos seek, and 416 outside the object", async () => {
    const whole = await fetch(`${server.url}${file}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("video/mp4");
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    await whole.arrayBuffer();
    const part = await fetch(`${server.url}${file}`, { headers: { range: "bytes=1000-1999" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 1000-1999/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(1000, 2000))).toBe(true);
    const tail = await fetch(`${server.url}${file}`, { headers: { range: "bytes=-10" } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(bytes.length - 10))).toBe(true);
    const outside = await fetch(`${server.url}${file}`, { headers: { range: `bytes=${bytes.length}-` } });
    expect(outside.status).toBe(416);
    expect(outside.headers.get("content-range")).toBe(`bytes */${bytes.length}`);
  });

  it("refuses a tampered or malformed URL", async () => {
    const tampered = file.replace(/signature=(.)/, (_m, c: string) => `signature=${c === "A" ? "B" : "A"}`);
    expect((await fetch(`${server.url}${tampered}`)).status).toBe(400);
    const stretched = file.replace(/expires=(\d+)/, (_m, e: string) => `expires=${Number(e) + 3_600_000}`);
    expect((await fetch(`${server.url}${stretched}`)).status).toBe(400);
    expect((await fetch(`${server.url}${file.split("?")[0]}`)).status).toBe(400);
  });

  it("refuses an expired URL with 403 storage/unauthorized", async () => {
    const id = file.split("/")[3];
    const expired = signMediaUrl(id, "file", { now: Date.now() - MEDIA_URL_TTL_MS - 1000 });
    const answer = await fetch(`${server.url}${expired}`);
    expect(answer.status).toBe(403);
    expect(await answer.json()).toMatchObject({ code: "storage/unauthorized", reason: "expired" });
    // The same URL signed now works.
    expect((await fetch(`${server.url}${signMediaUrl(id, "file")}`, { method: "HEAD" })).status).toBe(200);
  });

  it("stores a browser-made poster and serves it", async () => {
    const id = file.split("/")[3];
    const poster = fakeMedia(JPEG_HEAD, 2000);
    const put = await fetch(`${server.url}/api/media/${id}/poster`, { method: "PUT", headers: { cookie: cookies.pro, "content-type": "image/jpeg", ...appCheckHeaders() }, body: new Uint8Array(poster) });
    expect(put.status).toBe(200);
    const { urls } = (await put.json()) as { urls: { poster: string } };
    const got = await fetch(`${server.url}${urls.poster}`);
    expect(got.headers.get("content-type")).toBe("image/jpeg");
    expect(Buffer.from(await got.arrayBuffer()).equals(poster)).toBe(true);
    const notImage = await fetch(`${server.url}/api/media/${id}/poster`, { method: "PUT", headers: { cookie: cookies.pro, ...appCheckHeaders() }, body: new Uint8Array(fakeMedia(MP4_HEAD, 100)) });
    expect(notImage.status).toBe(400);
    // Too large: the seed's code and the limit, like every other refusal (not the body parser's own answer).
    const tooLarge = await fetch(`${server.url}/api/media/${id}/poster`, { method: "PUT", headers: { cookie: cookies.pro, ...appCheckHeaders() }, body: new Uint8Array(fakeMedia(JPEG_HEAD, MEDIA_PREVIEW_MAX_BYTES + 1)) });
    expect(tooLarge.status).toBe(400);
    expect(await tooLarge.json()).toMatchObject({ code: "storage/invalid-argument", field: "size", reason: "too-large", maxBytes: MEDIA_PREVIEW_MAX_BYTES });
  });
});

describe("image thumbnails", () => {
  it("stores the browser-made thumbnail of an image and serves it from its own signed URL, apart from the file", async () => {
    const image = fakeMedia(JPEG_HEAD, 50_000);
    const created = await create(cookies.pro, image.length, { filetype: "image/jpeg", filename: "trommelvlies.jpg" });
    const location = created.headers.get("location")!;
    const id = location.split("/").pop()!;
    expect((await patch(cookies.pro, location, 0, image)).status).toBe(204);
    expect(((await info(cookies.pro, id)) as unknown as { urls: { thumbnail: string | null } }).urls.thumbnail).toBeNull();
    const thumbnail = fakeMedia(PNG_HEAD, 1500);
    const put = await fetch(`${server.url}/api/media/${id}/thumbnail`, { method: "PUT", headers: { cookie: cookies.pro, ...appCheckHeaders() }, body: new Uint8Array(thumbnail) });
    expect(put.status).toBe(200);
    const { urls } = (await info(cookies.pro, id)) as unknown as { urls: { file: string; thumbnail: string } };
    expect(urls.thumbnail).toMatch(new RegExp(`^/api/media/${id}/thumbnail\\?expires=\\d+&signature=`));
    const got = await fetch(`${server.url}${urls.thumbnail}`);
    expect(got.status).toBe(200);
    expect(got.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await got.arrayBuffer()).equals(thumbnail)).toBe(true);
    // The file is still the original; another user of another organisation cannot store a thumbnail for it.
    expect(sha256(Buffer.from(await (await fetch(`${server.url}${urls.file}`)).arrayBuffer()))).toBe(sha256(image));
    const foreign = await fetch(`${server.url}/api/media/${id}/thumbnail`, { method: "PUT", headers: { cookie: cookies.pro2, ...appCheckHeaders() }, body: new Uint8Array(thumbnail) });
    expect(foreign.status).toBe(404);
  });
});

describe("the in-ear facts the recorder sends", () => {
  it("are kept in the medium's metadata when valid, and dropped when not", async () => {
    const send = async (metadata: Record<string, string>) => {
      const bytes = fakeMedia(JPEG_HEAD, 2048);
      const created = await create(cookies.pro, bytes.length, { filetype: "image/jpeg", filename: "still.jpg", ...metadata });
      expect(created.status).toBe(201);
      const location = created.headers.get("location")!;
      expect((await patch(cookies.pro, location, 0, bytes)).status).toBe(204);
      const response = await fetch(`${server.url}/api/media/${location.split("/").pop()}`, { headers: { cookie: cookies.pro } });
      return ((await response.json()) as { metadata: Record<string, unknown> }).metadata;
    };
    expect(await send({ inEarScore: "0.9731", modelVersion: "in-ear-synthetic" })).toMatchObject({ inEarScore: 0.9731, modelVersion: "in-ear-synthetic" });
    const refused = await send({ inEarScore: "7", modelVersion: "../x" });
    expect(refused.inEarScore).toBeUndefined();
    expect(refused.modelVersion).toBeUndefined();
  });
});

describe("an upload that names its dossier and ear (issue 17 point 5)", () => {
  const pro = (): Actor => ({ id: demo.proId, role: "professional", organisationId: demo.organisations[0].id, supervisedOrganisationIds: [] });
  const draft = async (earSide: "left" | "both" = "left") => (await createDossier(pro(), { phone: "06 1234 5678", earSide })).id;
  const attachments = (dossierId: string) => systemDb().select().from(dossierMedium).where(eq(dossierMedium.dossierId, dossierId));

  it("is attached in the transaction that completes it, even when resumed after a restart (as from the offline queue)", async () => {
    const dossierId = await draft();
    const bytes = fakeMedia(WEBM_HEAD, 3 * MiB);
    const created = await create(cookies.pro, bytes.length, { filetype: "video/webm", filename: "links.webm", dossierId, ear: "left" });
    expect(created.status).toBe(201);
    const location = created.headers.get("location")!;
    await patchAndDrop(cookies.pro, location, bytes, MiB);
    expect(await attachments(dossierId)).toHaveLength(0);
    // Another process answers the rest: nothing of the first one's memory is needed.
    await server.restart();
    const offset = Number((await head(cookies.pro, location)).headers.get("upload-offset"));
    expect((await patch(cookies.pro, location, offset, bytes.subarray(offset))).status).toBe(204);
    const id = location.split("/").pop()!;
    const [attached] = await attachments(dossierId);
    expect(attached).toMatchObject({ mediaId: id, ear: "left" });
    const [row] = await systemDb().select().from(media).where(eq(media.id, id));
    expect(row.status).toBe("complete");
  });

  it("is refused before any bytes for a dossier the uploader may not change, an ear it does not have, or half a destination", async () => {
    const dossierId = await draft();
    const start = (cookie: string, metadata: Record<string, string>) => create(cookie, 2048, { filetype: "image/jpeg", filename: "x.jpg", ...metadata });
    // Another professional's dossier does not exist for them (404), as everywhere.
    const foreign = await start(cookies.pro2, { dossierId, ear: "left" });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ code: "storage/object-not-found" });
    expect((await start(cookies.pro, { dossierId: crypto.randomUUID(), ear: "left" })).status).toBe(404);
    expect((await start(cookies.pro, { dossierId: "not-an-id", ear: "left" })).status).toBe(404);
    expect((await start(cookies.pro, { dossierId, ear: "right" })).status).toBe(400);
    expect((await start(cookies.pro, { dossierId })).status).toBe(400);
    expect((await start(cookies.pro, { ear: "left" })).status).toBe(400);
    await systemDb().update(dossier).set({ status: "submitted" }).where(eq(dossier.id, dossierId));
    expect((await start(cookies.pro, { dossierId, ear: "left" })).status).toBe(400);
  });

  it("takes a new preview while its dossier is the owner's to edit, and none once it is submitted or completed", async () => {
    const dossierId = await draft();
    const bytes = fakeMedia(WEBM_HEAD, 4096);
    const created = await create(cookies.pro, bytes.length, { filetype: "video/webm", filename: "links.webm", dossierId, ear: "left" });
    const location = created.headers.get("location")!;
    expect((await patch(cookies.pro, location, 0, bytes)).status).toBe(204);
    const id = location.split("/").pop()!;
    expect(await attachments(dossierId)).toMatchObject([{ mediaId: id }]);
    const putPoster = (poster: Buffer) =>
      fetch(`${server.url}/api/media/${id}/poster`, { method: "PUT", headers: { cookie: cookies.pro, ...appCheckHeaders() }, body: new Uint8Array(poster) });
    const shownPoster = async () => {
      const { urls } = (await info(cookies.supervisor, id)) as unknown as { urls: { poster: string } };
      return Buffer.from(await (await fetch(`${server.url}${urls.poster}`)).arrayBuffer());
    };
    const submitted = fakeMedia(JPEG_HEAD, 1500);
    expect((await putPoster(submitted)).status).toBe(200);

    for (const status of ["submitted", "in_review", "completed"] as const) {
      await systemDb().update(dossier).set({ status }).where(eq(dossier.id, dossierId));
      const refused = await putPoster(fakeMedia(PNG_HEAD, 1600));
      expect(refused.status).toBe(409);
      expect(await refused.json()).toEqual({ code: "dossier/not-editable" });
      // What the supervisor sees is what was submitted, bytes and all.
      expect((await shownPoster()).equals(submitted)).toBe(true);
    }

    // Returned, the dossier is the owner's again.
    await systemDb().update(dossier).set({ status: "returned" }).where(eq(dossier.id, dossierId));
    const corrected = fakeMedia(PNG_HEAD, 1700);
    expect((await putPoster(corrected)).status).toBe(200);
    expect((await shownPoster()).equals(corrected)).toBe(true);
  });

  it("takes a preview while it is in no dossier yet", async () => {
    const bytes = fakeMedia(WEBM_HEAD, 4096);
    const created = await create(cookies.pro, bytes.length, { filetype: "video/webm", filename: "los.webm" });
    const location = created.headers.get("location")!;
    expect((await patch(cookies.pro, location, 0, bytes)).status).toBe(204);
    const id = location.split("/").pop()!;
    expect(await systemDb().select().from(dossierMedium).where(eq(dossierMedium.mediaId, id))).toEqual([]);
    const put = await fetch(`${server.url}/api/media/${id}/poster`, { method: "PUT", headers: { cookie: cookies.pro, ...appCheckHeaders() }, body: new Uint8Array(fakeMedia(JPEG_HEAD, 1500)) });
    expect(put.status).toBe(200);
  });

  it("completes but stays out of a dossier that was submitted while it ran", async () => {
    const dossierId = await draft("both");
    const bytes = fakeMedia(PNG_HEAD, 4096);
    const created = await create(cookies.pro, bytes.length, { filetype: "image/png", filename: "rechts.png", dossierId, ear: "right" });
    expect(created.status).toBe(201);
    await systemDb().update(dossier).set({ status: "submitted" }).where(eq(dossier.id, dossierId));
    expect((await patch(cookies.pro, created.headers.get("location")!, 0, bytes)).status).toBe(204);
    expect(await attachments(dossierId)).toHaveLength(0);
  });
});
