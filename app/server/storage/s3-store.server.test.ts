/** The shared contract against a real S3-compatible server (s3rver in a child process), plus S3-only details. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { HeadObjectCommand, PutObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server, type S3TestServer } from "../../../tests/support/s3-server";
import { objectStoreContract } from "./object-store.contract";
import { ABANDONED_WRITE_MS } from "./object-store.server";
import { createS3Client, S3ObjectStore } from "./s3-store.server";
import { createObjectStore } from "./storage.server";
import { loadConfig } from "../config.server";

let server: S3TestServer;
let client: S3Client;
let store: S3ObjectStore;

beforeAll(async () => {
  server = await startS3Server();
  client = createS3Client(server.settings);
  store = new S3ObjectStore(client, server.settings.bucket);
});
afterAll(async () => {
  client?.destroy();
  await server?.stop();
});

describe("S3 object store", () => {
  // A 5 MiB multipart part is buffered (and briefly copied) by the SDK; holding the whole stream would be 50+ MiB.
  objectStoreContract({ store: () => store, streamingPeakBytes: 24 * 1024 * 1024 });

  describe("in the bucket", () => {
    it("keeps the checksum and the description as S3 user metadata", async () => {
      await store.put("org-1/s3/video", Buffer.from("bytes"), { contentType: "video/mp4", uploadedBy: "user-1", metadata: { Side: "links" } });
      const head = await client.send(new HeadObjectCommand({ Bucket: server.settings.bucket, Key: "org-1/s3/video" }));
      expect(head.ContentType).toBe("video/mp4");
      expect(head.Metadata?.["casus-sha256"]).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.parse(Buffer.from(head.Metadata?.["casus-meta"] ?? "", "base64url").toString())).toEqual({ u: "user-1", o: null, m: { Side: "links" } });
    });

    it("removes the staging copy of a put cut short by a crash, once nobody can still be writing it", async () => {
      // What a process leaves when it dies between completing the multipart upload and copying it into place.
      const staging = `.staging/${crypto.randomUUID()}`;
      await client.send(new PutObjectCommand({ Bucket: server.settings.bucket, Key: staging, Body: Buffer.from("half a video") }));
      await store.put("org-1/s3/kept", Buffer.from("whole"));
      expect(await store.removeAbandonedTemp()).toBe(0);
      expect(await store.removeAbandonedTemp(Date.now() + ABANDONED_WRITE_MS + 1000)).toBe(1);
      await expect(client.send(new HeadObjectCommand({ Bucket: server.settings.bucket, Key: staging }))).rejects.toMatchObject({ name: "NotFound" });
      expect((await store.head("org-1/s3/kept")).size).toBe(5);
    });

    it("maps a missing bucket to storage/unknown, not object-not-found", async () => {
      const elsewhere = new S3ObjectStore(client, "no-such-bucket-here");
      await expect(elsewhere.head("org-1/x")).rejects.toMatchObject({ code: "storage/object-not-found" });
      await expect(elsewhere.put("org-1/x", Buffer.from("x"))).rejects.toMatchObject({ code: "storage/unknown" });
    });

    it("maps refused credentials (403) to storage/unauthorized", async () => {
      // s3rver checks the access key id (it does not verify signatures).
      const wrong = createS3Client({ ...server.settings, accessKeyId: "NOT-A-KEY" });
      try {
        const denied = new S3ObjectStore(wrong, server.settings.bucket);
        await expect(denied.put("org-1/x", Buffer.from("x"))).rejects.toMatchObject({ code: "storage/unauthorized" });
      } finally {
        wrong.destroy();
      }
    });
  });

  describe("chosen from the settings", () => {
    it("is the S3 store of S3_BUCKET when S3_* are set, and the disk store without them", async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "casus-s3-choice-"));
      try {
        const settings = loadConfig({
          AUTH_SECRET: "x".repeat(32),
          DATA_DIR: dataDir,
          S3_ENDPOINT: server.settings.endpoint!,
          S3_BUCKET: server.settings.bucket,
          S3_ACCESS_KEY_ID: server.settings.accessKeyId,
          S3_SECRET_ACCESS_KEY: server.settings.secretAccessKey,
        });
        const chosen = await createObjectStore(settings);
        expect(chosen.kind).toBe("s3");
        // The object really lands in that bucket.
        await chosen.put("org-1/chosen/still", Buffer.from("still"), { contentType: "image/jpeg" });
        const head = await client.send(new HeadObjectCommand({ Bucket: server.settings.bucket, Key: "org-1/chosen/still" }));
        expect(head.ContentLength).toBe(5);
        expect((await createObjectStore(loadConfig({ AUTH_SECRET: "x".repeat(32), DATA_DIR: dataDir }))).kind).toBe("disk");
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
});
