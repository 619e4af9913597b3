/**
 * Reading dossiers for an export (issue 15): the filters as SQL, a keyset cursor over the dossier id in batches
 * (never OFFSET, so batch n costs what batch 1 costs), and each batch's thread, events and media in one query per
 * part. Each row becomes an exported document (app/domain/export/dossier-document.ts), pseudonymised on request.
 * The handle comes from actingAs(actor, "export.run"): only an administrator's export reads here.
 */
import { and, asc, count, eq, gt, gte, inArray, lt, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Actor } from "~/domain/access/actor";
import { dayEnd, dayStart } from "~/domain/calendar-day";
import type { Anamnesis, Reasoning, Review } from "~/domain/dossier/content";
import type { EarSide } from "~/domain/dossier/choices";
import type { DossierStatus } from "~/domain/dossier/lifecycle";
import { DOSSIER_SCHEMA_VERSION, type ExportedDossier, type ExportedMedium, type ExportedPerson } from "~/domain/export/dossier-document";
import type { ExportFilters, ExportPart } from "~/domain/export/options";
import { actingAs } from "../access/actor-db.server";
import type { Database } from "../db/client.server";
import { auditLog, dossier, dossierEvent, dossierMedium, dossierMessage, media, organisation, patient, user } from "../db/schema";
import type { Pseudonymiser } from "./pseudonymise.server";

/**
 * The filters as one SQL condition over `dossier`. `until` is a whole day, inclusive. The days passed the options'
 * schema (calendar-day.ts), so their bounds are instants PostgreSQL takes.
 */
export function filterCondition(filters: ExportFilters): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (filters.organisationIds.length) parts.push(inArray(dossier.organisationId, filters.organisationIds));
  if (filters.statuses.length) parts.push(inArray(dossier.status, filters.statuses));
  if (filters.since) parts.push(gte(dossier.updatedAt, dayStart(filters.since)));
  if (filters.until) parts.push(lt(dossier.updatedAt, dayEnd(filters.until)));
  return and(...parts);
}

/** How many dossiers an export with these filters holds (the page shows it before anything starts). */
export async function countMatching(actor: Actor, filters: ExportFilters): Promise<number> {
  const { db } = actingAs(actor, "export.run");
  const [row] = await db.select({ n: count() }).from(dossier).where(filterCondition(filters));
  return row?.n ?? 0;
}

/** The organisations an administrator may filter on. */
export async function exportOrganisations(actor: Actor): Promise<{ id: string; name: string }[]> {
  const { db } = actingAs(actor, "export.run");
  return db.select({ id: organisation.id, name: organisation.name }).from(organisation).orderBy(asc(organisation.name));
}

const reviewer = alias(user, "reviewer");
const professionalUser = alias(user, "professional_user");

async function readBatch(db: Database, where: SQL | undefined, after: string | null, limit: number) {
  return db
    .select({
      id: dossier.id,
      organisationId: dossier.organisationId,
      organisationName: organisation.name,
      professionalId: dossier.professionalId,
      professionalName: professionalUser.name,
      reviewerId: dossier.reviewerId,
      reviewerName: reviewer.name,
      reviewerRole: reviewer.role,
      patientId: patient.id,
      phone: patient.phone,
      initials: patient.initials,
      birthYear: patient.birthYear,
      sex: patient.sex,
      status: dossier.status,
      earSide: dossier.earSide,
      anamnesis: dossier.anamnesis,
      reasoning: dossier.reasoning,
      review: dossier.review,
      reasoningScore: dossier.reasoningScore,
      createdAt: dossier.createdAt,
      updatedAt: dossier.updatedAt,
      submittedAt: dossier.submittedAt,
      completedAt: dossier.completedAt,
    })
    .from(dossier)
    .innerJoin(organisation, eq(organisation.id, dossier.organisationId))
    .innerJoin(professionalUser, eq(professionalUser.id, dossier.professionalId))
    .leftJoin(reviewer, eq(reviewer.id, dossier.reviewerId))
    .leftJoin(patient, eq(patient.id, dossier.patientId))
    .where(and(where, after === null ? undefined : gt(dossier.id, after)))
    .orderBy(asc(dossier.id))
    .limit(limit);
}
type DossierRow = Awaited<ReturnType<typeof readBatch>>[number];

async function readThreads(db: Database, ids: string[]) {
  return db
    .select({ id: dossierMessage.id, dossierId: dossierMessage.dossierId, authorId: dossierMessage.authorId, authorName: user.name, authorRole: user.role, body: dossierMessage.body, at: dossierMessage.at })
    .from(dossierMessage)
    .innerJoin(user, eq(user.id, dossierMessage.authorId))
    .where(inArray(dossierMessage.dossierId, ids))
    .orderBy(asc(dossierMessage.at), asc(dossierMessage.id));
}

async function readEvents(db: Database, ids: string[]) {
  return db
    .select({
      seq: dossierEvent.seq,
      dossierId: dossierEvent.dossierId,
      kind: dossierEvent.kind,
      fromStatus: dossierEvent.fromStatus,
      toStatus: dossierEvent.toStatus,
      actorId: dossierEvent.actorId,
      actorName: user.name,
      actorRole: user.role,
      detail: dossierEvent.detail,
      at: dossierEvent.at,
    })
    .from(dossierEvent)
    .leftJoin(user, eq(user.id, dossierEvent.actorId))
    .where(inArray(dossierEvent.dossierId, ids))
    .orderBy(asc(dossierEvent.seq));
}

async function readMedia(db: Database, ids: string[]) {
  return db
    .select({
      dossierId: dossierMedium.dossierId,
      id: media.id,
      ear: dossierMedium.ear,
      kind: media.kind,
      contentType: media.contentType,
      size: media.size,
      sha256: media.sha256,
      durationMs: media.durationMs,
      createdAt: media.createdAt,
      objectKey: media.objectKey,
    })
    .from(dossierMedium)
    .innerJoin(media, eq(media.id, dossierMedium.mediaId))
    .where(and(inArray(dossierMedium.dossierId, ids), eq(media.status, "complete")))
    .orderBy(asc(dossierMedium.createdAt), asc(media.id));
}
export type MediumRow = Awaited<ReturnType<typeof readMedia>>[number];

function groupBy<T extends { dossierId: string }>(rows: T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const list = out.get(row.dossierId);
    if (list) list.push(row);
    else out.set(row.dossierId, [row]);
  }
  return out;
}

const EXTENSIONS: Record<string, string> = {
  "video/mp4": "mp4",
  "video/webm": "webm",
  "video/quicktime": "mov",
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
};

export interface DocumentContext {
  /** The published schema's URL, named in every document. */
  schemaUrl: string;
  without: readonly ExportPart[];
  pseudonymiser: Pseudonymiser | null;
  /** Zip exports: media get a path inside the archive. */
  mediaInArchive: boolean;
}

/** One exported document with the media rows its bytes come from (a zip adds them under `path`). */
export interface ExportedEntry {
  document: ExportedDossier;
  media: { row: MediumRow; path: string }[];
}

type Role = ExportedPerson["role"];
const asRole = (role: string | null): Role => (role === "admin" || role === "supervisor" ? role : "professional");

/**
 * Reads the matching dossiers after `after` in batches of `batchSize`, each batch as its documents. The caller
 * writes one batch before the next is read, so memory holds one batch whatever the export's size.
 */
export async function* exportBatches(
  actor: Actor,
  filters: ExportFilters,
  context: DocumentContext,
  options: { batchSize: number; after?: string | null },
): AsyncGenerator<{ entries: ExportedEntry[]; cursor: string }> {
  const { db } = actingAs(actor, "export.run");
  const where = filterCondition(filters);
  const read = (after: string | null) => {
    const batch = readBatch(db, where, after, options.batchSize);
    // Awaited below; a consumer that stops early must not leave an unhandled rejection behind.
    batch.catch(() => {});
    return batch;
  };
  let next = read(options.after ?? null);
  for (;;) {
    const rows = await next;
    if (rows.length === 0) return;
    // The next batch's rows are read while this one's parts are read and written (the pool has connections to spare).
    next = rows.length < options.batchSize ? Promise.resolve([]) : read(rows[rows.length - 1].id);
    const ids = rows.map((r) => r.id);
    const [threads, events, mediaRows] = await Promise.all([
      context.without.includes("thread") ? [] : readThreads(db, ids),
      context.without.includes("events") ? [] : readEvents(db, ids),
      context.without.includes("media") ? [] : readMedia(db, ids),
    ]);
    const threadsBy = groupBy(threads);
    const eventsBy = groupBy(events);
    const mediaBy = groupBy(mediaRows);
    const entries = rows.map((row) => toEntry(row, context, { thread: threadsBy.get(row.id) ?? [], events: eventsBy.get(row.id) ?? [], media: mediaBy.get(row.id) ?? [] }));
    yield { entries, cursor: rows[rows.length - 1].id };
  }
}

interface Parts {
  thread: Awaited<ReturnType<typeof readThreads>>;
  events: Awaited<ReturnType<typeof readEvents>>;
  media: MediumRow[];
}

function toEntry(row: DossierRow, context: DocumentContext, parts: Parts): ExportedEntry {
  const p = context.pseudonymiser;
  const patientKey = row.patientId ?? row.id;
  const at = (date: Date) => (p ? p.shift(date, patientKey) : date).toISOString();
  const atOrNull = (date: Date | null) => (date ? at(date) : null);
  const person = (id: string, name: string | null, role: string | null): ExportedPerson => {
    const r = asRole(role);
    if (!p) return { id, role: r, name: name ?? "" };
    const pseudonym = p.id("user", id);
    return { id: pseudonym, role: r, name: `${r} ${pseudonym.slice(0, 8)}` };
  };
  const removeText = p?.freeText === "remove";
  const text = (value: string | undefined) => (removeText ? undefined : value);
  const mediumId = (id: string) => (p ? p.id("medium", id) : id);

  const media: { row: MediumRow; path: string }[] = [];
  const documentMedia: ExportedMedium[] = parts.media.map((m) => {
    const exportedId = mediumId(m.id);
    const path = context.mediaInArchive ? `media/${exportedId}.${EXTENSIONS[m.contentType] ?? "bin"}` : null;
    if (path) media.push({ row: m, path });
    return {
      id: exportedId,
      ear: m.ear === "right" ? "right" : "left",
      kind: m.kind === "video" ? "video" : "image",
      contentType: m.contentType,
      size: m.size,
      sha256: m.sha256,
      durationMs: m.durationMs,
      createdAt: at(m.createdAt),
      path,
    };
  });

  const document: ExportedDossier = {
    $schema: context.schemaUrl,
    schemaVersion: DOSSIER_SCHEMA_VERSION,
    id: p ? p.id("dossier", row.id) : row.id,
    pseudonymised: p !== null,
    organisation: { id: row.organisationId, name: row.organisationName },
    professional: person(row.professionalId, row.professionalName, "professional"),
    supervisor: row.reviewerId ? person(row.reviewerId, row.reviewerName, row.reviewerRole) : null,
    patient: row.patientId
      ? p
        ? { id: p.id("patient", row.patientId), birthYearBand: p.birthYearBand(row.birthYear), sex: row.sex }
        : { id: row.patientId, phone: row.phone ?? undefined, initials: row.initials, birthYear: row.birthYear, sex: row.sex }
      : null,
    status: row.status as DossierStatus,
    earSide: row.earSide as EarSide,
    createdAt: at(row.createdAt),
    updatedAt: at(row.updatedAt),
    submittedAt: atOrNull(row.submittedAt),
    completedAt: atOrNull(row.completedAt),
    anamnesis: removeText ? withoutAnamnesisText(row.anamnesis) : row.anamnesis,
    reasoning: removeText ? withoutReasoningText(row.reasoning) : row.reasoning,
    review: row.review ? reviewFor(row.review, removeText, mediumId) : null,
    reasoningScore: row.reasoningScore ?? null,
  };
  if (!context.without.includes("thread")) {
    document.thread = parts.thread.map((m) => ({ id: p ? p.id("message", m.id) : m.id, author: person(m.authorId, m.authorName, m.authorRole), body: text(m.body), at: at(m.at) }));
  }
  if (!context.without.includes("events")) {
    document.events = parts.events.map((e) => ({
      kind: e.kind,
      fromStatus: e.fromStatus,
      toStatus: e.toStatus,
      actor: e.actorId ? person(e.actorId, e.actorName, e.actorRole) : null,
      // Details may name people or media by their real ids: left out of a pseudonymised set.
      detail: !p && e.detail && typeof e.detail === "object" && !Array.isArray(e.detail) ? (e.detail as Record<string, unknown>) : null,
      at: at(e.at),
    }));
  }
  if (!context.without.includes("media")) document.media = documentMedia;
  return { document, media };
}

function withoutAnamnesisText(a: Anamnesis): Anamnesis {
  const { otherComplaint: _o, medication: _m, allergies: _a, question: _q, ...rest } = a;
  return rest;
}

function withoutReasoningText(r: Reasoning): Reasoning {
  const out: Reasoning = {};
  for (const ear of ["left", "right"] as const) {
    const e = r[ear];
    if (!e) continue;
    const { otherDiagnosis: _d, argument: _a, ...rest } = e;
    out[ear] = rest;
  }
  return out;
}

/** The review, with drawing notes keyed by the exported media ids; free text (and text notes) gone when asked. */
function reviewFor(review: Review, removeText: boolean, mediumId: (id: string) => string): Review {
  const { drawings, advisedPlan, feedback, ...rest } = review;
  const out: Review = { ...rest };
  if (!removeText) {
    if (advisedPlan !== undefined) out.advisedPlan = advisedPlan;
    if (feedback !== undefined) out.feedback = feedback;
  }
  if (drawings) {
    out.drawings = Object.fromEntries(Object.entries(drawings).map(([id, strokes]) => [mediumId(id), removeText ? strokes.filter((s) => s.kind !== "text") : strokes]));
  }
  return out;
}

/**
 * The deletion feed of the manifest: dossiers discarded in the period (a `discard` event), and dossiers deleted in
 * it (an audit row `dossier.deleted`; nothing in Casus deletes a dossier today, so this stays empty until
 * something does). Within the export's organisations; regardless of the status filter.
 */
export async function removedInPeriod(actor: Actor, filters: ExportFilters): Promise<{ discarded: string[]; deleted: string[] }> {
  const { db } = actingAs(actor, "export.run");
  const since = filters.since ? dayStart(filters.since) : null;
  const until = filters.until ? dayEnd(filters.until) : null;
  const discarded = await db
    .selectDistinct({ id: dossierEvent.dossierId })
    .from(dossierEvent)
    .where(
      and(
        eq(dossierEvent.kind, "discard"),
        filters.organisationIds.length ? inArray(dossierEvent.organisationId, filters.organisationIds) : undefined,
        since ? gte(dossierEvent.at, since) : undefined,
        until ? lt(dossierEvent.at, until) : undefined,
      ),
    )
    .orderBy(asc(dossierEvent.dossierId));
  const deleted = await db
    .selectDistinct({ id: auditLog.subjectId })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, "dossier.deleted"),
        eq(auditLog.subjectType, "dossier"),
        filters.organisationIds.length ? inArray(auditLog.organisationId, filters.organisationIds) : undefined,
        since ? gte(auditLog.at, since) : undefined,
        until ? lt(auditLog.at, until) : undefined,
      ),
    );
  return { discarded: discarded.map((r) => r.id), deleted: deleted.map((r) => r.id).filter((id): id is string => id !== null) };
}
