/**
 * S3-compatible back end (AWS S3, MinIO, Garage, Ceph, …) via @aws-sdk/client-s3.
 *
 * put streams the body through the checksum into a multipart upload under a staging key, then copies it to its
 * real key with the finished checksum in its metadata and removes the staging copy. S3 metadata is fixed when an
 * upload starts, and the checksum is only known at the end; copying keeps the real key from ever being visible
 * without it. Staging keys start with "." (which object keys cannot), so they never clash and list hides them.
 * Limit: a single CopyObject handles objects up to 5 GB. A put cut short by a crash after its multipart upload
 * completed leaves a staging copy, which start-up removes (`removeAbandonedTemp`); the parts of a multipart upload
 * that never completed are the bucket's to expire (docs/deploying: an AbortIncompleteMultipartUpload lifecycle rule).
 */
import { createReadStream } from "node:fs";
import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream";
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  S3Client,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { StorageError } from "~/domain/storage-errors";
import type { S3Settings } from "../config.server";
import { DigestStream, toReadable } from "./digest.server";
import { ABANDONED_WRITE_MS, type ByteRange, type MetadataUpdate, type ObjectDownload, type ObjectInfo, type ObjectStore, type ObjectSummary, type PutFileOptions, type PutOptions } from "./object-store.server";
import { assertListPrefix, assertObjectKey, checkDescription, objectKeyProblem, resolveRange, type Description } from "./rules.server";
import { fromS3Error } from "./s3-errors.server";
import { decodeS3Metadata, encodeS3Metadata } from "./s3-metadata.server";

const STAGING_PREFIX = ".staging/";
/** S3's minimum part size; with one part in flight, memory per upload stays around 2 × 5 MiB. */
const PART_SIZE = 5 * 1024 * 1024;
/** A concurrent put may change the object between updateMetadata's read and its copy; try again this often. */
const UPDATE_ATTEMPTS = 3;

interface HeadLike {
  ContentLength?: number;
  ContentType?: string;
  LastModified?: Date;
  ETag?: string;
  Metadata?: Record<string, string>;
}

/** CopySource is "bucket/key", URL-encoded per segment. */
function copySource(bucket: string, key: string): string {
  return `${bucket}/${key.split("/").map(encodeURIComponent).join("/")}`;
}

function info(key: string, head: HeadLike, size: number): ObjectInfo {
  const stored = decodeS3Metadata(head.Metadata);
  return {
    key,
    size,
    contentType: head.ContentType ?? "application/octet-stream",
    sha256: stored.sha256,
    uploadedBy: stored.uploadedBy,
    organisationId: stored.organisationId,
    metadata: stored.metadata,
    updatedAt: head.LastModified ?? new Date(0),
  };
}

/** The total size from "bytes 0-9/1234". */
function totalFromContentRange(contentRange: string | undefined): number | null {
  const match = /\/(\d+)$/.exec(contentRange ?? "");
  return match ? Number(match[1]) : null;
}

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint ?? undefined,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // The SDK's default adds CRC checksums in trailing, chunk-encoded bodies, which many S3-compatible servers
    // refuse; our own SHA-256 covers integrity.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

export class S3ObjectStore implements ObjectStore {
  readonly kind = "s3" as const;

  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {}

  async putFile(key: string, file: string, { digest: _known, ...options }: PutFileOptions = {}): Promise<ObjectInfo> {
    // The bytes go to the bucket anyway; their SHA-256 is counted on the way, as for any body.
    return this.put(key, createReadStream(file), options);
  }

  async put(key: string, body: Readable | Buffer, options: PutOptions = {}): Promise<ObjectInfo> {
    assertObjectKey(key);
    const description = checkDescription(options);
    const staging = `${STAGING_PREFIX}${randomUUID()}`;
    const digest = new DigestStream();
    // pipeline (not pipe) so an error in the caller's stream reaches the upload and fails it.
    pipeline(toReadable(body), digest, () => undefined);
    try {
      const upload = new Upload({
        client: this.client,
        params: { Bucket: this.bucket, Key: staging, Body: digest, ContentType: description.contentType },
        partSize: PART_SIZE,
        queueSize: 1,
        leavePartsOnError: false,
      });
      await upload.done();
      return await this.copyWithDescription(staging, key, description, digest.sha256());
    } catch (error) {
      digest.destroy();
      throw fromS3Error(error, { key });
    } finally {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: staging })).catch(() => undefined);
    }
  }

  private async copyWithDescription(from: string, to: string, description: Description, sha256: string, ifMatch?: string): Promise<ObjectInfo> {
    await this.client.send(
      new CopyObjectCommand({
        Bucket: this.bucket,
        Key: to,
        CopySource: copySource(this.bucket, from),
        CopySourceIfMatch: ifMatch,
        MetadataDirective: "REPLACE",
        ContentType: description.contentType,
        Metadata: encodeS3Metadata({ sha256, ...description }),
      }),
    );
    return this.head(to);
  }

  async get(key: string, options: { range?: ByteRange } = {}): Promise<ObjectDownload> {
    assertObjectKey(key);
    const requested = options.range;
    // Refuse malformed ranges before asking S3 (size unknown yet: only the shape is checked here).
    if (requested) resolveRange(requested, Number.MAX_SAFE_INTEGER);
    try {
      const response = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: requested ? `bytes=${requested.start}-${requested.end}` : undefined }),
      );
      const contentLength = response.ContentLength ?? 0;
      const size = requested ? (totalFromContentRange(response.ContentRange) ?? contentLength) : contentLength;
      const range = requested ? resolveRange(requested, size) : null;
      return { body: response.Body as Readable, info: info(key, response, size), range, contentLength };
    } catch (error) {
      throw fromS3Error(error, { key });
    }
  }

  async head(key: string): Promise<ObjectInfo> {
    return info(key, ...(await this.headRaw(key)));
  }

  private async headRaw(key: string): Promise<[HeadLike, number]> {
    assertObjectKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return [head, head.ContentLength ?? 0];
    } catch (error) {
      throw fromS3Error(error, { key });
    }
  }

  async updateMetadata(key: string, update: MetadataUpdate): Promise<ObjectInfo> {
    for (let attempt = 1; ; attempt++) {
      const [head, size] = await this.headRaw(key);
      const current = info(key, head, size);
      const description = checkDescription(update, current);
      try {
        // Copy onto itself with REPLACE: S3's way to change metadata. If-Match keeps a concurrent put's bytes
        // from being paired with the old checksum.
        return await this.copyWithDescription(key, key, description, current.sha256, head.ETag);
      } catch (error) {
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if (status !== 412) throw fromS3Error(error, { key });
        if (attempt >= UPDATE_ATTEMPTS) throw new StorageError("storage/retry-limit-exceeded", { key }, { cause: error });
      }
    }
  }

  async delete(key: string): Promise<void> {
    // S3 deletes silently; ask first so a missing object is object-not-found, as on disk.
    await this.headRaw(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      throw fromS3Error(error, { key });
    }
  }

  async removeAbandonedTemp(now = Date.now()): Promise<number> {
    let removed = 0;
    try {
      for await (const page of paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket, Prefix: STAGING_PREFIX })) {
        for (const object of page.Contents ?? []) {
          if (!object.Key || !object.LastModified || now - object.LastModified.getTime() < ABANDONED_WRITE_MS) continue;
          await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: object.Key }));
          removed += 1;
        }
      }
    } catch (error) {
      throw fromS3Error(error, { prefix: STAGING_PREFIX });
    }
    return removed;
  }

  async list(prefix = ""): Promise<ObjectSummary[]> {
    assertListPrefix(prefix);
    const found: ObjectSummary[] = [];
    try {
      for await (const page of paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket, Prefix: prefix ? `${prefix}/` : "" })) {
        for (const object of page.Contents ?? []) {
          // Staging copies and anything not written under Casus's key rule are not Casus objects.
          if (!object.Key || objectKeyProblem(object.Key)) continue;
          found.push({ key: object.Key, size: object.Size ?? 0, updatedAt: object.LastModified ?? new Date(0) });
        }
      }
    } catch (error) {
      throw fromS3Error(error, { prefix });
    }
    return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }
}
