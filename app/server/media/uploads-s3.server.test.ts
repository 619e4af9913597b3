/** The upload path with the S3 back end: cut half-way, server restarted, resumed, stored in a real S3 (s3rver). */
import http from "node:http";
import type { S3Client } from "@aws-sdk/client-s3";
import * as tus from "tus-js-client";
import { afterAll, beforeAll, expect, it } from "vitest";
import { signInCookie, startMediaServer, type MediaTestServer, appCheckHeaders } from "../../../tests/support/media-server";
import { MP4_HEAD, fakeMedia, sha256, tusMetadata } from "../../../tests/support/media-bytes";
import { startS3Server, type S3TestServer } from "../../../tests/support/s3-server";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { seedDemoData } from "../demo/seed-demo.server";
import { S3ObjectStore } from "../storage/s3-store.server";
import { createS3Client } from "../storage/s3-store.server";

const MiB = 1024 * 1024;
let database: TestDatabase;
let s3: S3TestServer;
let client: S3Client;
let server: MediaTestServer;
let cookie: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData();
  cookie = await signInCookie(database, "pro@casus.test");
  s3 = await startS3Server();
  client = createS3Client(s3.settings);
  server = await startMediaServer(database.dataDir, new S3ObjectStore(client, s3.settings.bucket));
  // A migrated database and an S3 server in a child process: slow on a busy 2-core machine.
}, 120_000);

afterAll(async () => {
  await server?.close();
  client?.destroy();
  await s3?.stop();
  await database?.close();
});

it("resumes after a cut and a restart and stores the object in S3 with the same checksum, served with ranges", async () => {
  const bytes = fakeMedia(MP4_HEAD, 7 * MiB + 5);
  const created = await fetch(`${server.url}/api/uploads`, {
    method: "POST",
    headers: { "Tus-Resumable": "1.0.0", "Upload-Length": String(bytes.length), "Upload-Metadata": tusMetadata({ filetype: "video/mp4" }), cookie, ...appCheckHeaders() },
  });
  const location = created.headers.get("location")!;
  await new Promise<void>((resolve) => {
    const request = http.request(`${server.url}${location}`, {
      method: "PATCH",
      headers: { "Tus-Resumable": "1.0.0", "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream", "Content-Length": String(bytes.length), cookie, ...appCheckHeaders() },
    });
    request.on("error", () => resolve());
    request.on("close", () => resolve());
    request.write(bytes.subarray(0, 3 * MiB), () => setTimeout(() => request.destroy(), 300));
  });
  await server.restart();
  await new Promise<void>((resolve, reject) =>
    new tus.Upload(bytes, { uploadUrl: `${server.url}${location}`, headers: { cookie, ...appCheckHeaders() }, chunkSize: 4 * MiB, retryDelays: [], onSuccess: () => resolve(), onError: reject }).start(),
  );
  const info = (await (await fetch(`${server.url}/api/media/${location.split("/").pop()}`, { headers: { cookie } })).json()) as { sha256: string; urls: { file: string } };
  expect(info.sha256).toBe(sha256(bytes));
  const part = await fetch(`${server.url}${info.urls.file}`, { headers: { range: "bytes=5000000-5000099" } });
  expect(part.status).toBe(206);
  expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(5_000_000, 5_000_100))).toBe(true);
});
