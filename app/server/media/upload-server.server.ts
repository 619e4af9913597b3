/**
 * Resumable uploads (tus 1.0) at /api/uploads, on the app's own Express server.
 *
 * Every request but OPTIONS carries a valid app-check token (app-check.server.ts, decision 051) and is
 * authenticated by the session cookie — both checked by the API wrapper (app/domain/api-table.ts) — and each existing upload is looked up through the media data layer, so another organisation's
 * upload answers 404. Creating an upload checks the declared type and length, the organisation and its quota; the first bytes are checked by the staging store; the finished upload
 * is moved into the object store. Errors are the seed's storage codes as JSON (`{"code":"storage/…"}`, typed
 * application/json, tus's own refusals included: JsonAnsweringTusServer); anything
 * unexpected is logged and answered `{"code":"internal"}`, never with its message.
 */
import fs from "node:fs";
import path from "node:path";
import { MemoryLocker, type ServerOptions } from "@tus/server";
import { PostgresUploadLocker } from "./upload-locker.server";
import type { Upload } from "@tus/utils";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { UPLOAD_EXPIRY_MS, UPLOADS_PATH } from "~/domain/constants";
import { claimedKind } from "~/domain/media-types";
import { StorageError, isStorageError } from "~/domain/storage-errors";
import { config } from "../config.server";
import { logger, type Logger } from "../logger.server";
import { objectStore } from "../storage/storage.server";
import type { Actor } from "~/domain/access/actor";
import { dropUnfinishedUpload, unfinishedUploadIds } from "../jobs/abandoned-uploads.server";
import { completeUpload, createUploadRecord, deleteUploadRecord, mediaForActor, uploadOrganisation, type MediaRow } from "./media.server";
import { StagingStore, checkHead, readHead } from "./staging-store.server";
import { sendApiError } from "../http/api-error.server";
import { INTERNAL_ERROR_ANSWER, JsonAnsweringTusServer, isTusErrorAnswer, storageErrorBody, tusError } from "./tus-errors.server";
import { assertPlainMetadata, assertWellFormedUploadHeaders, metadataNumber } from "./upload-metadata.server";
import { AppError } from "~/domain/errors";
import type { Transaction } from "../db/client.server";
import { assertUploadMayAttach, attachUploadInTransaction } from "../dossiers/media.server";

const actors = new WeakMap<object, Actor>();
/**
 * The upload id the API table matched in the request's path and the access check used. tus would otherwise read
 * its own from the end of the whole address, query included: `/api/uploads/<mine>?x=/<theirs>` passed the check
 * for one upload and wrote into the other.
 */
const uploadIds = new WeakMap<object, string>();

/** The Node request behind the Web request tus hands its hooks, which the Express layer keyed its facts by. */
function nodeRequestOf(req: object): ExpressRequest | undefined {
  return (req as { runtime?: { node?: { req: ExpressRequest } } }).runtime?.node?.req;
}

/** The acting user of a tus request (set by the Express layer before tus sees it). */
function actorOf(req: object): Actor {
  const node = nodeRequestOf(req);
  const actor = node ? actors.get(node) : undefined;
  if (!actor) throw tusError(new StorageError("storage/unauthenticated"));
  return actor;
}

/** The request's own logger (with its request id) when the Express layer gave it one. */
function requestLogger(req: object): Logger {
  return nodeRequestOf(req)?.log ?? logger;
}

/** Refusals before tus takes over: the one API error answer, with the tus protocol header the client expects. */
function sendStorageError(req: ExpressRequest, res: ExpressResponse, error: unknown): void {
  sendApiError(req, res, error, { "Tus-Resumable": "1.0.0" });
}

/** The in-ear model's score (0…1) and model version id, as the recorder measured them (issue 7 point 8). */
function inEarFacts(metadata: Record<string, string | null | undefined>): { inEarScore?: number; modelVersion?: string } {
  const score = Number(metadata.inEarScore);
  const version = metadata.modelVersion ?? "";
  if (metadata.inEarScore == null || !Number.isFinite(score) || score < 0 || score > 1) return {};
  return { inEarScore: score, ...(/^[A-Za-z0-9._-]{1,80}$/.test(version) ? { modelVersion: version } : {}) };
}

/** The largest upload of any kind: tus refuses a longer Upload-Length before anything else is checked. */
function largestUploadBytes(): number {
  return Math.max(config().mediaMaxBytes.video, config().mediaMaxBytes.image);
}

/**
 * The dossier and ear an upload is for (tus metadata `dossierId`, `ear`), checked against the actor when the upload
 * starts; null for an upload that names none (the model's dataset, the test pages). Both or neither.
 */
async function destinationOf(actor: Actor, metadata: Record<string, string | null | undefined>): Promise<{ dossierId: string; ear: string } | null> {
  const { dossierId, ear } = metadata;
  if (!dossierId && !ear) return null;
  if (!dossierId || !ear) throw new StorageError("storage/invalid-argument", { field: dossierId ? "ear" : "dossierId", reason: "missing" });
  try {
    await assertUploadMayAttach(actor, dossierId, ear);
  } catch (error) {
    // As everywhere: a dossier the actor may not change is one that does not exist for them.
    if (error instanceof AppError && error.code === "not-found") throw new StorageError("storage/object-not-found");
    if (error instanceof AppError) throw new StorageError("storage/invalid-argument", { field: error.code === "dossier/not-editable" ? "dossierId" : "ear", reason: "not-attachable" });
    throw error;
  }
  return { dossierId, ear };
}

/** Attaches a finishing upload to the dossier it named, in the transaction that completes it. */
function attachToItsDossier(actor: Actor) {
  return async (tx: Transaction, row: MediaRow) => {
    const { dossierId, ear } = row.metadata;
    if (typeof dossierId !== "string" || typeof ear !== "string") return;
    const attached = await attachUploadInTransaction(tx, actor, dossierId, row.id, ear);
    // The dossier was submitted (or discarded) while the upload ran: the medium is kept, unattached, as before.
    if (!attached) logger.warn({ mediaId: row.id, dossierId }, "a finished upload's dossier no longer takes media; it was not attached");
  };
}

export interface UploadServer {
  /** OPTIONS: tus's capabilities, for anyone. */
  options(req: ExpressRequest, res: ExpressResponse): Promise<void>;
  /** Every other tus request, after the API wrapper checked the app and the session (app/domain/api-table.ts). */
  handle(req: ExpressRequest, res: ExpressResponse, user: Actor, id: string | null): Promise<void>;
  stagingDir: string;
  /** Drops uploads not finished within UPLOAD_EXPIRY_MS (record and staged bytes); returns how many. */
  sweep(now?: number): Promise<number>;
  /** Stops the hourly sweep, the upload locker's connection and the hashing thread. */
  close(): void;
}

const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export function createUploadServer(options: { stagingDir?: string } = {}): UploadServer {
  const stagingDir = options.stagingDir ?? path.join(config().dataDir, "uploads");
  const store = new StagingStore(stagingDir, dropUnfinishedUpload, () => objectStore().kind === "disk");
  const databaseUrl = config().databaseUrl;
  const sharedLocker = databaseUrl ? new PostgresUploadLocker(databaseUrl) : null;
  const locker = sharedLocker ?? new MemoryLocker();
  const finishing = new Map<string, Promise<MediaRow>>();

  /** Moves the actor's fully staged upload into the object store once, however many requests ask at the same time. */
  function finish(actor: Actor, id: string): Promise<MediaRow> {
    let pending = finishing.get(id);
    if (!pending) {
      pending = (async () => {
        const staged = store.stagedPath(id);
        const upload = await store.getUpload(id);
        const sniffed = checkHead(await readHead(staged), upload.metadata?.filetype);
        const digest = await store.digestOf(id, upload.size ?? upload.offset);
        const row = await completeUpload(actor, id, { file: staged, digest }, sniffed.contentType, attachToItsDossier(actor));
        await store.remove(id).catch(() => undefined);
        return row;
      })().finally(() => finishing.delete(id));
      finishing.set(id, pending);
    }
    return pending;
  }

  const tusOptions: ServerOptions & { datastore: StagingStore } = {
    path: UPLOADS_PATH,
    datastore: store,
    // One request at a time per upload: in this process, and on PostgreSQL across every instance (decision 084).
    locker,
    relativeLocation: true,
    namingFunction: () => crypto.randomUUID(),
    getFileIdFromRequest: (req) => {
      const node = nodeRequestOf(req);
      return node ? uploadIds.get(node) : undefined;
    },
    maxSize: largestUploadBytes,
    async onUploadCreate(req, upload: Upload) {
      try {
        const actor = actorOf(req);
        const metadata = upload.metadata ?? {};
        assertPlainMetadata(metadata);
        const kind = claimedKind(metadata.filetype);
        if (!kind) throw new StorageError("storage/invalid-argument", { field: "type", reason: "type-not-allowed" });
        if (upload.size === undefined) throw new StorageError("storage/invalid-argument", { field: "size", reason: "missing" });
        // An empty file holds no picture: refused here, as bad input. Created, tus would finish it at once, and the
        // type check of its (absent) first bytes would answer type-not-allowed from the finishing step.
        if (upload.size === 0) throw new StorageError("storage/invalid-argument", { field: "size", reason: "empty" });
        const organisationId = await uploadOrganisation(actor, metadata.organisationId);
        const destination = await destinationOf(actor, metadata);
        const fileName = (metadata.filename ?? "").slice(0, 200);
        const width = metadataNumber(metadata, "width");
        const height = metadataNumber(metadata, "height");
        const durationMs = metadataNumber(metadata, "durationMs");
        await createUploadRecord(actor, {
          id: upload.id,
          organisationId,
          kind,
          contentType: metadata.filetype ?? "application/octet-stream",
          size: upload.size,
          durationMs,
          metadata: {
            ...(fileName ? { fileName } : {}),
            ...(width ? { width } : {}),
            ...(height ? { height } : {}),
            ...(metadata.source ? { source: metadata.source.slice(0, 40) } : {}),
            ...inEarFacts(metadata),
            ...(destination ?? {}),
          },
        });
        return { metadata: { ...metadata, organisationId } };
      } catch (error) {
        if (isStorageError(error)) throw tusError(error);
        throw error;
      }
    },
    // Larger than any kind may be, in the seed's codes with the limit (tus's other refusals become ours in
    // JsonAnsweringTusServer.write, one place for all of them, the ones tus writes before any hook included).
    // Anything unexpected (a thrown exception, which tus would answer with its message; tus's own 500s) is logged
    // here and answered as every API endpoint answers it, without a message: it may hold SQL, ids or paths.
    onResponseError(req, error) {
      if (isTusErrorAnswer(error)) return undefined;
      // A typed error that reached tus unconverted: its status and code, as sendApiError would answer it.
      if (error instanceof AppError) return { status_code: error.status, body: isStorageError(error) ? storageErrorBody(error) : JSON.stringify({ code: error.code }) };
      const status = "status_code" in error ? error.status_code : 500;
      if (status === 413) {
        const tooLarge = new StorageError("storage/invalid-argument", { field: "size", reason: "too-large", maxBytes: largestUploadBytes() });
        return { status_code: 413, body: storageErrorBody(tooLarge) };
      }
      if (status === 500) {
        requestLogger(req).error({ err: error }, "an upload request failed");
        return INTERNAL_ERROR_ANSWER;
      }
      return undefined;
    },
    async onUploadFinish(req, upload: Upload) {
      try {
        await finish(actorOf(req), upload.id);
        return {};
      } catch (error) {
        // A refusal of the upload's own bytes is the uploader's, not the server's failure: not an error line each
        // time someone sends such a file.
        if (!isStorageError(error) || error.status >= 500) logger.error({ err: error, mediaId: upload.id }, "moving a finished upload into the object store failed");
        throw tusError(isStorageError(error) ? error : new StorageError("storage/unknown"));
      }
    },
  };
  const tus = new JsonAnsweringTusServer(tusOptions);

  const answerOptions = async (req: ExpressRequest, res: ExpressResponse) => void (await tus.handle(req, res));

  const handle = async (req: ExpressRequest, res: ExpressResponse, user: Actor, id: string | null) => {
    try {
      actors.set(req, user);
      if (id) uploadIds.set(req, id);
      assertWellFormedUploadHeaders(req.method, req.headers);
      if (!id) return void (await tus.handle(req, res));
      // 404 for an upload of another organisation, exactly as for one that does not exist.
      const row = await mediaForActor(user, id);
      switch (req.method) {
        case "HEAD": {
          let done = row;
          if (row.status === "uploading") {
            const upload = await store.getUpload(id).catch(() => null);
            // Staged completely but not moved yet (the server stopped in between): finish it now.
            if (upload && upload.size !== undefined && upload.offset === upload.size) done = await finish(user, id);
            else return void (await tus.handle(req, res));
          }
          // A finished upload: report it complete, so a client that missed the last answer sees success.
          res.status(200).set({ "Tus-Resumable": "1.0.0", "Upload-Offset": String(done.size), "Upload-Length": String(done.size), "Cache-Control": "no-store" }).end();
          return;
        }
        case "PATCH":
          if (row.status === "complete") return sendStorageError(req, res, new StorageError("storage/invalid-argument", { reason: "already-complete" }));
          return void (await tus.handle(req, res));
        case "DELETE":
          // Cancel: the staged bytes and the record go; the quota is free again.
          await deleteUploadRecord(user, id);
          await store.remove(id).catch(() => undefined);
          res.status(204).set({ "Tus-Resumable": "1.0.0" }).end();
          return;
        default:
          return sendStorageError(req, res, new StorageError("storage/object-not-found"));
      }
    } catch (error) {
      sendStorageError(req, res, error);
    }
  };
  async function sweep(now = Date.now()): Promise<number> {
    const abandoned = await unfinishedUploadIds(new Date(now - UPLOAD_EXPIRY_MS));
    for (const id of abandoned) {
      await store.remove(id).catch(() => undefined);
      await dropUnfinishedUpload(id);
    }
    if (abandoned.length) logger.info({ count: abandoned.length }, "dropped unfinished uploads older than the upload expiry");
    return abandoned.length;
  }
  const sweeper = setInterval(() => void sweep().catch((err) => logger.error({ err }, "sweeping unfinished uploads failed")), SWEEP_INTERVAL_MS);
  sweeper.unref();

  return {
    options: answerOptions,
    handle,
    stagingDir,
    sweep,
    close: () => {
      clearInterval(sweeper);
      void sharedLocker?.close();
      void store.close();
    },
  };
}
