/**
 * Dossier export end to end over real HTTP (the API table's router on PGlite, issue 15 point 7): every document of
 * 1,000 generated dossiers (plus the demo's) validates against the published schema; a round trip compares each
 * line with the database; the filters; pseudonymisation (no phone, initials or name anywhere in the bytes, stable
 * per recipient, different across recipients); zip with media and manifest; cancel; Range resume; access; audit;
 * expiry.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import { gunzipSync } from "node:zlib";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { eq, sql } from "drizzle-orm";
import yauzl from "yauzl";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dossierSchemaPath, type ExportedDossier } from "~/domain/export/dossier-document";
import type { ExportOptions } from "~/domain/export/options";
import { signInCookie, startMediaServer, type MediaTestServer } from "../../../tests/support/media-server";
import { insertGeneratedDossiers } from "../../../tests/support/export-data";
import { createTestDatabase, queryRows, type TestDatabase } from "../../../tests/support/test-database";
import { auditLog, dossier, dossierMessage, exportJob, patient, user } from "../db/schema";
import { seedDemoData, type DemoData } from "../demo/seed-demo.server";
import { expireExports } from "../jobs/export-sweep.server";
import { loadSessionUser } from "../auth/session.server";
import { exportSettled, startExport } from "./export-jobs.server";
import { exportDir } from "./files.server";
import { installLiveBus, startLiveBus, type LiveBus } from "../live/bus.server";

let database: TestDatabase;
let server: MediaTestServer;
let demo: DemoData;
let bus: LiveBus;
const cookies = {} as Record<"admin" | "supervisor" | "pro", string>;
const GENERATED = 1000;

beforeAll(async () => {
  database = await createTestDatabase({ MFA_REQUIRED_ROLES: "" });
  // The object store first, so the demo's stills have bytes for the zip.
  server = await startMediaServer(database.dataDir);
  // The live stream (/api/live) carries the exports' progress.
  bus = await startLiveBus(database.handle);
  installLiveBus(bus);
  demo = await seedDemoData();
  await insertGeneratedDossiers(database.handle.db, GENERATED);
  cookies.admin = await signInCookie(database, "admin@casus.test");
  cookies.supervisor = await signInCookie(database, "supervisor@casus.test");
  cookies.pro = await signInCookie(database, "pro@casus.test");
}, 120_000);

afterAll(async () => {
  await bus?.close();
  await server?.close();
  await database?.close();
});

const base: Omit<ExportOptions, "format"> = { filters: { organisationIds: [], statuses: [] }, without: [], pseudonymise: null };

async function api(path: string, init: RequestInit & { cookie?: string } = {}): Promise<Response> {
  const { cookie = cookies.admin, headers, ...rest } = init;
  try {
    return await fetch(`${server.url}${path}`, { ...rest, headers: { cookie, ...(headers as Record<string, string>) } });
  } catch (error) {
    // Keep-alive race of the test client: after a few seconds of in-process work, fetch may reuse a socket the
    // server is just closing as idle (Node's 5 s keepAliveTimeout), and does not retry a POST itself. The server
    // never read that request, so sending it again is safe.
    if ((error as { cause?: { code?: string } }).cause?.code !== "ECONNRESET") throw error;
    return fetch(`${server.url}${path}`, { ...rest, headers: { cookie, ...(headers as Record<string, string>) } });
  }
}

/** Starts an export over the API, waits for it, and returns its status and files. */
async function runExport(options: Partial<ExportOptions> & Pick<ExportOptions, "format">) {
  const response = await api("/api/exports", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ ...base, ...options }) });
  expect(response.status).toBe(202);
  const { id } = (await response.json()) as { id: string };
  expect(await exportSettled(id)).toBe("completed");
  const status = (await (await api(`/api/exports/${id}`)).json()) as { status: string; processed: number; total: number; sha256: string; manifestSha256: string };
  const file = Buffer.from(await (await api(`/api/exports/${id}/file`)).arrayBuffer());
  const manifestBytes = Buffer.from(await (await api(`/api/exports/${id}/manifest.json`)).arrayBuffer());
  return { id, status, file, manifestBytes, manifest: JSON.parse(manifestBytes.toString("utf8")) as Record<string, any> };
}

const lines = (bytes: Buffer) =>
  bytes
    .toString("utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ExportedDossier);
const sha = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const files = new Map<string, Buffer>();
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err);
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c)).on("end", () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on("end", () => resolve(files));
      zip.readEntry();
    });
  });
}

describe("dossier export", () => {
  it("writes documents that all validate against the published schema (1,000 generated dossiers and the demo's)", async () => {
    const schemaResponse = await fetch(`${server.url}${dossierSchemaPath()}`);
    expect(schemaResponse.status).toBe(200);
    expect(schemaResponse.headers.get("content-type")).toContain("application/schema+json");
    expect((await fetch(`${server.url}/schemas/dossier/9-9-9.json`)).status).toBe(404);
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const validate = ajv.compile(await schemaResponse.json());
    for (const pseudonymise of [null, { recipient: "Universiteit Utrecht", freeText: "remove" as const }]) {
      const { file, status } = await runExport({ format: "ndjson", pseudonymise });
      const documents = lines(file);
      expect(documents.length).toBeGreaterThanOrEqual(GENERATED);
      expect(status.processed).toBe(documents.length);
      for (const document of documents) {
        const { id } = document;
        if (!validate(document)) throw new Error(`${id}: ${JSON.stringify(validate.errors)}`);
        expect(document.$schema).toBe(`${database.config.baseUrl}${dossierSchemaPath()}`);
      }
    }
  });

  it("round trip: every line is the dossier as stored, in id order, with its thread, events and media", async () => {
    const { file, manifest, status } = await runExport({ format: "ndjson" });
    const documents = lines(file);
    const rows = await database.handle.db.select().from(dossier).orderBy(dossier.id);
    expect(rows.length).toBeGreaterThan(GENERATED);
    expect(documents.map((d) => d.id)).toEqual(rows.map((r) => r.id));
    const messageCounts = new Map((await queryRows<{ id: string; n: number }>(database.handle.db.execute(sql`select dossier_id as id, count(*)::int as n from dossier_message group by 1`))).map((r) => [r.id, r.n]));
    const eventCounts = new Map((await queryRows<{ id: string; n: number }>(database.handle.db.execute(sql`select dossier_id as id, count(*)::int as n from dossier_event group by 1`))).map((r) => [r.id, r.n]));
    const patients = new Map((await database.handle.db.select().from(patient)).map((p) => [p.id, p]));
    for (const [i, document] of documents.entries()) {
      const row = rows[i];
      expect(document.status).toBe(row.status);
      expect(document.organisation.id).toBe(row.organisationId);
      expect(document.professional.id).toBe(row.professionalId);
      expect(document.anamnesis).toEqual(row.anamnesis);
      expect(document.reasoning).toEqual(row.reasoning);
      expect(document.review).toEqual(row.review ?? null);
      expect(document.reasoningScore ?? null).toBe(row.reasoningScore ?? null);
      expect(document.updatedAt).toBe(row.updatedAt.toISOString());
      expect(document.thread?.length).toBe(messageCounts.get(row.id) ?? 0);
      expect(document.events?.length).toBe(eventCounts.get(row.id) ?? 0);
      if (row.patientId) expect(document.patient?.phone).toBe(patients.get(row.patientId)!.phone);
    }
    expect(documents.some((d) => (d.media?.length ?? 0) > 0 && d.media![0].sha256 && d.media![0].path === null)).toBe(true);
    // A completed review's reasoning score travels with its dossier.
    expect(documents.some((d) => typeof d.reasoningScore === "number")).toBe(true);
    // The manifest: count, the part's hash, the discarded dossiers of the period.
    expect(manifest.count).toBe(documents.length);
    expect(manifest.parts).toEqual([{ path: "dossiers.ndjson", sha256: sha(file), bytes: file.byteLength }]);
    expect(status.sha256).toBe(sha(file));
    const discarded = await queryRows<{ id: string }>(database.handle.db.execute(sql`select distinct dossier_id as id from dossier_event where kind = 'discard'`));
    expect(discarded.length).toBeGreaterThan(0);
    expect([...manifest.removed.discarded].sort()).toEqual(discarded.map((r) => r.id).sort());
    expect(manifest.removed.deleted).toEqual([]);
  });

  it("applies the filters: organisations, statuses, the period of last change, and the parts left out", async () => {
    const first = demo.organisations[0].id;
    const byOrganisation = lines((await runExport({ format: "ndjson", filters: { organisationIds: [first], statuses: [] } })).file);
    const [{ n: inFirst }] = await queryRows<{ n: number }>(database.handle.db.execute(sql`select count(*)::int as n from dossier where organisation_id = ${first}`));
    expect(byOrganisation.length).toBe(inFirst);
    expect(byOrganisation.every((d) => d.organisation.id === first)).toBe(true);

    const statuses = lines((await runExport({ format: "ndjson", filters: { organisationIds: [], statuses: ["completed", "returned"] } })).file);
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((d) => d.status === "completed" || d.status === "returned")).toBe(true);

    // Generated dossiers changed g minutes ago: move 100 of them to a day of their own and ask for that day only.
    await database.handle.db.execute(sql`update dossier set updated_at = timestamptz '2025-03-10 12:00:00+00' where id in (select id from dossier order by id limit 100)`);
    await database.handle.db.execute(sql`update dossier set updated_at = timestamptz '2025-03-11 00:00:00+00' where id in (select id from dossier order by id offset 100 limit 5)`);
    const day = lines((await runExport({ format: "ndjson", filters: { organisationIds: [], statuses: [], since: "2025-03-10", until: "2025-03-10" } })).file);
    expect(day.length).toBe(100);
    const until = lines((await runExport({ format: "ndjson", filters: { organisationIds: [], statuses: [], until: "2025-03-11" } })).file);
    expect(until.length).toBe(105);

    const slim = lines(gunzipSync((await runExport({ format: "ndjson-gzip", without: ["thread", "events", "media"] })).file));
    expect(slim.length).toBeGreaterThan(GENERATED);
    expect(slim.every((d) => d.thread === undefined && d.events === undefined && d.media === undefined)).toBe(true);
  });

  it("refuses reversed periods and malformed options with a 400, never a 500", async () => {
    const post = (body: unknown) => api("/api/exports", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    expect((await post({ ...base, format: "ndjson", filters: { since: "2025-02-01", until: "2025-01-01" } })).status).toBe(400);
    expect((await post({ ...base, format: "csv" })).status).toBe(400);
    expect((await post({ ...base, format: "ndjson", filters: { organisationIds: ["not-an-id"] } })).status).toBe(400);
    expect((await post({ ...base, format: "ndjson", pseudonymise: { recipient: "", freeText: "keep" } })).status).toBe(400);
    // Days JavaScript takes but PostgreSQL does not, for themselves or for the day after `until` (the security review's 500s).
    for (const filters of [{ until: "9999-12-31" }, { since: "0000-01-01" }, { since: "275760-09-13" }, { until: "-271821-04-20" }]) {
      const refused = await post({ format: "ndjson", filters });
      expect([refused.status, await refused.json()], JSON.stringify(filters)).toEqual([400, { code: "invalid-argument" }]);
    }
    expect((await api("/api/exports/not-an-id")).status).toBe(404);
    expect((await api("/api/exports/00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });

  it("pseudonymises: no phone, initials or real name in the bytes; stable per recipient, different across recipients", async () => {
    // Reviewed dossiers: they carry every kind of person, free text and drawing notes.
    const filters = { organisationIds: [], statuses: ["completed" as const, "returned" as const, "in_review" as const] };
    const a1 = await runExport({ format: "zip", filters, pseudonymise: { recipient: "Onderzoeksgroep A", freeText: "remove" } });
    const a2 = await runExport({ format: "ndjson", filters, pseudonymise: { recipient: "  onderzoeksgroep   a ", freeText: "remove" } });
    const b = await runExport({ format: "ndjson", filters, pseudonymise: { recipient: "Onderzoeksgroep B", freeText: "remove" } });
    const files = await unzip(a1.file);
    // The text of the export as a recipient reads it: every JSON inside the zip, the manifest beside it, and the two
    // NDJSON files. (The zip's own bytes are compressed, and the media are pictures: short strings such as initials
    // occur in such bytes by chance, so they are scanned once unpacked.)
    const texts = [...files.entries()].filter(([name]) => name.endsWith(".json")).map(([, bytes]) => bytes);
    expect(texts.length).toBeGreaterThan(10);
    const everything = Buffer.concat([...texts, a1.manifestBytes, a2.file, b.file]).toString("utf8");
    const patients = await database.handle.db.select({ phone: patient.phone, initials: patient.initials }).from(patient);
    const users = await database.handle.db.select({ id: user.id, name: user.name, email: user.email }).from(user);
    const messages = await database.handle.db.select({ body: dossierMessage.body }).from(dossierMessage);
    const forbidden = [
      ...patients.flatMap((p) => [p.phone, p.phone.slice(3), p.initials].filter((v): v is string => !!v)),
      ...users.flatMap((u) => [u.name, u.email, u.id]),
      ...messages.map((m) => m.body),
      "Vraag over oor",
      "Redenering ",
    ];
    for (const value of forbidden) expect(everything.includes(value), value).toBe(false);
    // Real dossier and patient ids appear nowhere either.
    const ids = (await database.handle.db.select({ id: dossier.id, patientId: dossier.patientId }).from(dossier)).slice(0, 50);
    for (const { id, patientId } of ids) {
      expect(everything.includes(id)).toBe(false);
      if (patientId) expect(everything.includes(patientId)).toBe(false);
    }
    const docs = (zip: Map<string, Buffer>) =>
      [...zip.entries()]
        .filter(([name]) => name.startsWith("dossiers/"))
        .map(([, bytes]) => JSON.parse(bytes.toString("utf8")) as ExportedDossier)
        .sort((x, y) => x.createdAt.localeCompare(y.createdAt) || x.id.localeCompare(y.id));
    const first = docs(files);
    const again = lines(a2.file);
    const other = lines(b.file);
    expect(first.map((d) => d.id).sort()).toEqual(again.map((d) => d.id).sort());
    expect(new Set(first.map((d) => d.patient?.id)).size).toBe(new Set(again.map((d) => d.patient?.id)).size);
    const otherIds = new Set(other.flatMap((d) => [d.id, d.patient?.id, d.professional.id]));
    for (const d of first) {
      expect(otherIds.has(d.id)).toBe(false);
      if (d.patient) expect(otherIds.has(d.patient.id)).toBe(false);
      expect(d.patient?.phone).toBeUndefined();
      expect(d.patient?.initials).toBeUndefined();
      expect(d.patient?.birthYear).toBeUndefined();
      if (d.patient?.birthYearBand) expect(d.patient.birthYearBand).toMatch(/^(\d{4})-(\d{4})$/);
      expect(d.professional.name).toMatch(/^professional [0-9a-f]{8}$/);
      expect(d.anamnesis.question).toBeUndefined();
      for (const m of d.thread ?? []) expect(m.body).toBeUndefined();
    }
    // Dates move by one offset per patient: the interval between creation and last change is kept.
    const stored = new Map((await database.handle.db.select({ createdAt: dossier.createdAt, updatedAt: dossier.updatedAt, id: dossier.id }).from(dossier)).map((r) => [r.updatedAt.getTime() - r.createdAt.getTime(), true]));
    for (const d of first.slice(0, 50)) expect(stored.has(Date.parse(d.updatedAt) - Date.parse(d.createdAt))).toBe(true);
  });

  it("zip: one JSON per dossier, the media bytes at their path, and a manifest with each file's hash", async () => {
    const { file, manifest, manifestBytes, id } = await runExport({ format: "zip", filters: { organisationIds: [demo.organisations[0].id], statuses: [] } });
    const files = await unzip(file);
    const inside = JSON.parse(files.get("manifest.json")!.toString("utf8")) as { parts: { path: string; sha256: string; bytes: number }[]; count: number };
    expect(inside.count).toBe(manifest.count);
    expect(inside.parts.length).toBe(files.size - 1);
    for (const part of inside.parts) expect(sha(files.get(part.path)!)).toBe(part.sha256);
    const mediaFiles = [...files.keys()].filter((name) => name.startsWith("media/"));
    expect(mediaFiles.length).toBeGreaterThan(0);
    const documents = [...files.entries()].filter(([n]) => n.startsWith("dossiers/")).map(([, b]) => JSON.parse(b.toString("utf8")) as ExportedDossier);
    for (const medium of documents.flatMap((d) => d.media ?? [])) expect(sha(files.get(medium.path!)!)).toBe(medium.sha256);
    expect(manifest.archive).toEqual({ path: "dossiers.zip", sha256: sha(file), bytes: file.byteLength });
    // The audit event names the actor, the filters and options, the count and the manifest's hash.
    const [event] = await database.handle.db.select().from(auditLog).where(eq(auditLog.subjectId, id)).then((rows) => rows.filter((r) => r.action === "export.completed"));
    expect(event.actorId).toBe(demo.adminId);
    expect(event.after).toMatchObject({ count: manifest.count, manifestSha256: sha(manifestBytes), format: "zip", filters: { organisationIds: [demo.organisations[0].id] } });
  });

  it("resumes a broken download with Range, to the same bytes", async () => {
    const { id, file } = await runExport({ format: "ndjson" });
    const head = await api(`/api/exports/${id}/file`, { method: "HEAD" });
    expect(head.headers.get("accept-ranges")).toBe("bytes");
    const etag = head.headers.get("etag")!;
    const cut = Math.floor(file.byteLength / 3);
    const part1 = await api(`/api/exports/${id}/file`, { headers: { Range: `bytes=0-${cut - 1}` } });
    expect(part1.status).toBe(206);
    const part2 = await api(`/api/exports/${id}/file`, { headers: { Range: `bytes=${cut}-`, "If-Range": etag } });
    expect(part2.status).toBe(206);
    expect(part2.headers.get("content-range")).toBe(`bytes ${cut}-${file.byteLength - 1}/${file.byteLength}`);
    const joined = Buffer.concat([Buffer.from(await part1.arrayBuffer()), Buffer.from(await part2.arrayBuffer())]);
    expect(joined.equals(file)).toBe(true);
    // A stale validator gets the whole file again; a range past the end is 416.
    expect((await api(`/api/exports/${id}/file`, { headers: { Range: `bytes=${cut}-`, "If-Range": '"other"' } })).status).toBe(200);
    const beyond = await api(`/api/exports/${id}/file`, { headers: { Range: `bytes=${file.byteLength + 10}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe(`bytes */${file.byteLength}`);
  });

  it("cancels a running export: no files stay, the download is refused, the cancel is audited", async () => {
    const admin = (await loadSessionUser(new Headers({ cookie: cookies.admin })))!;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { id } = await startExport(admin, { ...base, format: "ndjson" }, {}, { batchSize: 100, beforeBatch: (n) => (n === 2 ? held : Promise.resolve()) });
    for (let i = 0; i < 100 && !fs.existsSync(exportDir(id)); i++) await new Promise((r) => setTimeout(r, 20));
    const cancelling = api(`/api/exports/${id}/cancel`, { method: "POST" });
    await new Promise((r) => setTimeout(r, 50));
    release();
    const cancelled = await cancelling;
    expect(cancelled.status).toBe(200);
    expect(((await cancelled.json()) as { status: string }).status).toBe("cancelled");
    expect(fs.existsSync(exportDir(id))).toBe(false);
    expect((await api(`/api/exports/${id}/file`)).status).toBe(409);
    expect((await api(`/api/exports/${id}/cancel`, { method: "POST" })).status).toBe(409);
    const actions = (await database.handle.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.subjectId, id))).map((r) => r.action).sort();
    expect(actions).toEqual(["export.cancelled", "export.started"]);
  });

  it("is completed only together with its audit row: if the row cannot be written, the export is not ready", async () => {
    const admin = (await loadSessionUser(new Headers({ cookie: cookies.admin })))!;
    const db = database.handle.db;
    // The database refuses the completion's audit row (as a full disk or a lost connection would at that moment).
    await db.execute(sql`create function refuse_export_completed() returns trigger language plpgsql as $$
      begin if new.action = 'export.completed' then raise exception 'audit refused'; end if; return new; end $$`);
    await db.execute(sql`create trigger refuse_export_completed before insert on audit_log for each row execute function refuse_export_completed()`);
    try {
      const { id } = await startExport(admin, { ...base, filters: { ...base.filters, statuses: ["completed"] }, format: "ndjson" }, {});
      await exportSettled(id);
      const [job] = await db.select({ status: exportJob.status }).from(exportJob).where(eq(exportJob.id, id));
      expect(job.status).toBe("failed");
      expect((await api(`/api/exports/${id}/file`)).status).toBe(409);
      const actions = (await db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.subjectId, id))).map((r) => r.action);
      expect(actions).toEqual(["export.started"]);
    } finally {
      await db.execute(sql`drop trigger refuse_export_completed on audit_log`);
      await db.execute(sql`drop function refuse_export_completed()`);
    }
  });

  it("sends progress live to administrators over /api/live, and to nobody else", async () => {
    /** The `export` frames a stream receives until `done` (or the time runs out). */
    const frames = async (cookie: string, done: (data: { status: string }[]) => boolean, ms = 8_000) => {
      const response = await api("/api/live", { cookie });
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let text = "";
      const out: { jobId: string; status: string; processed: number; total: number }[] = [];
      const deadline = Date.now() + ms;
      const opened = new Promise<void>((resolve) => setTimeout(resolve, 100));
      const reading = (async () => {
        while (Date.now() < deadline && !done(out)) {
          const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), Math.max(0, deadline - Date.now())))]);
          if (!chunk || chunk.done) break;
          text += decoder.decode(chunk.value, { stream: true });
          for (const match of text.matchAll(/event: export\ndata: (.+)\n\n/g)) out.push(JSON.parse(match[1]));
          text = text.slice(text.lastIndexOf("\n\n") + 2);
        }
        await reader.cancel();
        return out;
      })();
      return { opened, reading };
    };
    const admin = await frames(cookies.admin, (data) => data.some((d) => d.status === "completed"));
    const supervisor = await frames(cookies.supervisor, () => false, 3_000);
    await Promise.all([admin.opened, supervisor.opened]);
    const { id } = await runExport({ format: "ndjson" });
    const seen = (await admin.reading).filter((d) => d.jobId === id);
    expect(seen.at(-1)).toMatchObject({ status: "completed", processed: seen.at(-1)!.total });
    expect(seen.some((d) => d.status === "running")).toBe(true);
    expect(await supervisor.reading).toEqual([]);
  });

  it("answers only administrators: 404 for the others, 401 signed out, for the API and the files", async () => {
    const { id } = await runExport({ format: "ndjson", filters: { organisationIds: [], statuses: ["draft"] } });
    for (const cookie of [cookies.supervisor, cookies.pro]) {
      for (const path of ["/api/exports", `/api/exports/${id}`, `/api/exports/${id}/file`, `/api/exports/${id}/manifest.json`]) expect((await api(path, { cookie })).status, path).toBe(404);
      expect((await api(`/api/exports/${id}/cancel`, { method: "POST", cookie })).status).toBe(404);
      expect((await api("/api/exports", { method: "POST", cookie, headers: { "Content-Type": "application/json" }, body: JSON.stringify({ ...base, format: "ndjson" }) })).status).toBe(404);
    }
    expect((await api(`/api/exports/${id}/file`, { cookie: "" })).status).toBe(401);
  });

  it("offers no file past its expiry, before the sweep has deleted it", async () => {
    const { id } = await runExport({ format: "ndjson", filters: { organisationIds: [], statuses: ["submitted"] } });
    expect((await api(`/api/exports/${id}/file`)).status).toBe(200);
    await database.handle.db.update(exportJob).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(exportJob.id, id));
    expect(fs.existsSync(exportDir(id))).toBe(true);
    for (const part of ["file", "manifest.json"]) expect((await api(`/api/exports/${id}/${part}`)).status, part).toBe(409);
  });

  it("deletes the files of exports past their expiry", async () => {
    const { id } = await runExport({ format: "ndjson", filters: { organisationIds: [], statuses: ["submitted"] } });
    const [job] = await database.handle.db.select().from(exportJob).where(eq(exportJob.id, id));
    expect(job.expiresAt!.getTime() - job.finishedAt!.getTime()).toBe(7 * 24 * 60 * 60 * 1000);
    expect(await expireExports(new Date(Date.now() + 6 * 24 * 60 * 60 * 1000))).not.toContain(id);
    expect(await expireExports(new Date(Date.now() + 8 * 24 * 60 * 60 * 1000))).toContain(id);
    expect(fs.existsSync(exportDir(id))).toBe(false);
    expect((await api(`/api/exports/${id}/file`)).status).toBe(409);
  });
});
