/**
 * The dossier export's endpoints (API table entries export*): start, list, status, cancel, the data file and the
 * manifest (both with HTTP Range, so a broken download resumes), and the published JSON Schema. The guard has
 * already refused everyone but administrators with 404 (`{ can: "export.run" }`); the data layer asks again.
 */
import { isoDay, localDayOf } from "~/domain/dossier/working-time";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { Request, Response } from "express";
import { z } from "zod";
import { apiPath } from "~/domain/api-table";
import { AppError } from "~/domain/errors";
import { type DossierSchemaVersion, DOSSIER_SCHEMA_VERSIONS } from "~/domain/export/dossier-document";
import { exportFileName, exportOptionsSchema, type ExportOptions } from "~/domain/export/options";
import { auditedSince, recordAudit, type AuditOrigin } from "../audit/audit.server";
import type { SessionUser } from "../auth/session.server";
import { config } from "../config.server";
import { cancelExport, exportJobFor, recentExports, startExport, type ExportJobView } from "../export/export-jobs.server";
import { exportDir, MANIFEST_FILE } from "../export/files.server";
import { publishedDossierSchema } from "../export/published-schemas.server";
import { parseRange } from "../media/range.server";
import { withActor, withoutActor } from "./api-endpoint.server";

const jobParams = z.object({ id: z.uuid() });
const schemaParams = z.object({ file: z.enum(DOSSIER_SCHEMA_VERSIONS.map((v) => `${v}.json`) as [string, ...string[]]) });
export const EXPORT_START_MAX_BYTES = 64 * 1024;
/** A download is one read of patient data per hour, however many ranges resume it. */
const DOWNLOAD_AUDIT_WINDOW_MS = 60 * 60 * 1000;

function origin(req: Request): AuditOrigin {
  return { requestId: String(req.id ?? ""), ipAddress: req.ip ?? null };
}

function view(job: ExportJobView) {
  return {
    id: job.id,
    status: job.status,
    options: job.options,
    total: job.total,
    processed: job.processed,
    bytes: job.bytes,
    sha256: job.sha256,
    manifestSha256: job.manifestSha256,
    error: job.error,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
    expiresAt: job.expiresAt?.toISOString() ?? null,
    startedBy: job.actorName,
    links: job.status === "completed" && !(job.expiresAt && job.expiresAt.getTime() <= Date.now()) ? { file: apiPath("exportFile", { id: job.id }), manifest: apiPath("exportManifest", { id: job.id }) } : null,
  };
}

export const exportSchemaEndpoint = withoutActor<z.output<typeof schemaParams>>({
  params: schemaParams,
  handle({ res, params }) {
    const version = params.file.replace(/\.json$/, "") as DossierSchemaVersion;
    res.type("application/schema+json").send(JSON.stringify(publishedDossierSchema(version, config().baseUrl), null, 2));
  },
});

export const exportListEndpoint = withActor({
  async handle({ res, actor }) {
    res.json({ exports: (await recentExports(actor)).map(view) });
  },
});

export const exportStartEndpoint = withActor<Record<string, never>, ExportOptions>({
  body: { kind: "json", maxBytes: EXPORT_START_MAX_BYTES, schema: exportOptionsSchema },
  async handle({ req, res, actor, body }) {
    const { id } = await startExport(actor, body, origin(req));
    res.status(202).json(view(await exportJobFor(actor, id)));
  },
});

export const exportStatusEndpoint = withActor<z.output<typeof jobParams>>({
  params: jobParams,
  async handle({ res, actor, params }) {
    res.json(view(await exportJobFor(actor, params.id)));
  },
});

export const exportCancelEndpoint = withActor<z.output<typeof jobParams>>({
  params: jobParams,
  async handle({ req, res, actor, params }) {
    res.json(view(await cancelExport(actor, params.id, origin(req))));
  },
});

/** Sends a completed export's file with Range support; the ETag is the file's SHA-256, so If-Range is exact. */
async function sendExportFile(req: Request, res: Response, actor: SessionUser, jobId: string, part: "file" | "manifest"): Promise<void> {
  const job = await exportJobFor(actor, jobId);
  if (job.status !== "completed" || !job.sha256 || !job.manifestSha256) throw new AppError("export/not-ready");
  // Past its expiry an export has no files any more, even in the hour before the sweep deletes them.
  if (job.expiresAt && job.expiresAt.getTime() <= Date.now()) throw new AppError("export/not-ready");
  const name = part === "file" ? exportFileName(job.options.format) : MANIFEST_FILE;
  const file = path.join(exportDir(job.id), name);
  let size: number;
  try {
    size = fs.statSync(file).size;
  } catch {
    throw new AppError("export/not-ready");
  }
  const etag = `"${part === "file" ? job.sha256 : job.manifestSha256}"`;
  const entry = { action: "export.downloaded" as const, actorId: actor.id, subjectType: "export", subjectId: job.id };
  if (req.method === "GET" && !(await auditedSince(entry, new Date(Date.now() - DOWNLOAD_AUDIT_WINDOW_MS)))) {
    await recordAudit({ ...entry, after: { part: name, grant: "admin" } }, origin(req));
  }
  const ifRange = req.get("if-range");
  const range = ifRange && ifRange !== etag ? null : parseRange(req.get("range"), size);
  if (range === "unsatisfiable") {
    res.set("Content-Range", `bytes */${size}`);
    throw new AppError("export/range-not-satisfiable");
  }
  const type = name.endsWith(".zip") ? "application/zip" : name.endsWith(".gz") ? "application/gzip" : name.endsWith(".json") ? "application/json" : "application/x-ndjson";
  // The clinic's day, as on every page (a UTC date would name yesterday for an export made just after midnight).
  const day = isoDay(localDayOf(job.createdAt));
  res.set({
    "Content-Type": type,
    "Content-Disposition": `attachment; filename="casus-export-${day}-${job.id.slice(0, 8)}-${name}"`,
    "Accept-Ranges": "bytes",
    ETag: etag,
    "Last-Modified": (job.finishedAt ?? job.createdAt).toUTCString(),
  });
  const start = range ? range.start : 0;
  const end = range ? range.end : size - 1;
  if (range) {
    res.status(206).set("Content-Range", `bytes ${start}-${end}/${size}`);
  } else {
    res.status(200);
  }
  res.set("Content-Length", String(size === 0 ? 0 : end - start + 1));
  if (req.method === "HEAD" || size === 0) {
    res.end();
    return;
  }
  await pipeline(fs.createReadStream(file, { start, end }), res).catch(() => {
    // The client went away mid-download: it resumes with a Range.
  });
}

export const exportFileEndpoint = withActor<z.output<typeof jobParams>>({
  params: jobParams,
  handle: ({ req, res, actor, params }) => sendExportFile(req, res, actor, params.id, "file"),
});

export const exportManifestEndpoint = withActor<z.output<typeof jobParams>>({
  params: jobParams,
  handle: ({ req, res, actor, params }) => sendExportFile(req, res, actor, params.id, "manifest"),
});
