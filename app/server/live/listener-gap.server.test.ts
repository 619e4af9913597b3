/**
 * Live streams never silently miss an event (issue 17): on a real PostgreSQL, the process's listener connection is
 * terminated by the database (pg_terminate_backend) while dossiers change. Changes committed while nobody listens
 * are never announced by NOTIFY; once the bus listens again, every open stream replays them from the event log.
 * Each client receives every event it may see exactly once, in order per dossier.
 */
import type { AddressInfo } from "node:net";
import express from "express";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { startPostgres, type PostgresServer } from "../../../tests/support/postgres";
import { createAuth, installAuth, type Auth } from "../auth/auth.server";
import { type DatabaseHandle, installDatabase, openDatabase } from "../db/client.server";
import { migrateDatabase } from "../db/migrate.server";
import { dossierMedium } from "../db/schema";
import { createAdmin, createOrganisation, createProfessional, createSupervisor } from "../demo/factories.server";
import { insertDemoStill } from "../demo/demo-media.server";
import type { Actor } from "../dossiers/actor.server";
import { createDossier } from "../dossiers/create.server";
import { saveDraft } from "../dossiers/edit.server";
import { transitionDossier } from "../dossiers/transitions.server";
import { installLiveBus, LIVE_LISTENER_NAME, startLiveBus, type LiveBus } from "./bus.server";
import { liveEventsHandler } from "./sse.server";

const password = "een-lang-wachtwoord-2026";
/** Long enough that the changes of the gap surely commit before the listener is back. */
const RECONNECT_MS = 3_000;

let settings: TestDatabase;
let postgres: PostgresServer;
let handle: DatabaseHandle;
let auth: Auth;
let bus: LiveBus;
let server: import("node:http").Server;
let base: string;
let pro: Actor;
const cookies: Record<string, string> = {};

interface Received {
  seqs: number[];
  byDossier: Map<string, number[]>;
  stop(): void;
}

/** Reads a stream's dossier frames until stopped. */
async function listen(who: string): Promise<Received> {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/live`, { headers: { cookie: cookies[who] }, signal: controller.signal });
  expect(response.status).toBe(200);
  const received: Received = { seqs: [], byDossier: new Map(), stop: () => controller.abort() };
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let ready: () => void = () => {};
  const isReady = new Promise<void>((resolve) => (ready = resolve));
  void (async () => {
    let buffer = "";
    try {
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) return;
        buffer += decoder.decode(chunk.value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const lines = buffer.slice(0, end).split("\n");
          buffer = buffer.slice(end + 2);
          if (lines.includes("event: ready")) ready();
          if (!lines.includes("event: dossier")) continue;
          const event = JSON.parse(lines.find((l) => l.startsWith("data: "))!.slice(6)) as { seq: number; dossierId: string };
          received.seqs.push(event.seq);
          received.byDossier.set(event.dossierId, [...(received.byDossier.get(event.dossierId) ?? []), event.seq]);
        }
      }
    } catch {
      // stopped
    }
  })();
  await isReady;
  return received;
}

async function signIn(email: string): Promise<string> {
  const response = await auth.api.signInEmail({ body: { email, password }, asResponse: true });
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function listenerPids(): Promise<number[]> {
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>("select pid from pg_stat_activity where application_name = $1", [LIVE_LISTENER_NAME]);
    return rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

async function until(check: () => boolean | Promise<boolean>, ms = 15_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A draft with everything a submit needs. */
async function readyDraft(owner: Actor, phone: string): Promise<string> {
  const { id } = await createDossier(owner, { phone, earSide: "left" });
  await saveDraft(owner, id, 1, {
    anamnesis: { complaints: ["itch"], onset: "gradual", durationDays: 9, history: [], question: "Eczeem?" },
    reasoning: { left: { canal: ["red-swollen"], eardrum: ["normal"], diagnosis: "otitis-externa", differential: [], confidence: 2, plan: ["ear-drops"], argument: "Schilfering." } },
  });
  await handle.db.insert(dossierMedium).values({ dossierId: id, mediaId: await insertDemoStill({ id: owner.id, organisationId: owner.organisationId! }, { db: handle.db, storeBytes: false }), ear: "left" });
  return id;
}

beforeAll(async () => {
  settings = await createTestDatabase();
  postgres = await startPostgres();
  handle = await openDatabase({ url: postgres.url });
  await migrateDatabase(handle);
  installDatabase(handle);
  auth = createAuth(handle.db, settings.config);
  installAuth(auth);
  bus = await startLiveBus(handle, postgres.url, { reconnectMs: RECONNECT_MS });
  installLiveBus(bus);
  const org = await createOrganisation({ name: "Praktijk Gat" });
  pro = {
    id: (await createProfessional({ email: "gap-pro@a.test", name: "Pro", password, organisationId: org.id })).id,
    role: "professional",
    organisationId: org.id,
    supervisedOrganisationIds: [],
  };
  await createSupervisor({ email: "gap-sup@a.test", name: "Sup", password, organisationIds: [org.id] });
  await createAdmin({ email: "gap-admin@a.test", name: "Admin", password });
  for (const who of ["pro", "sup", "admin"]) cookies[who] = await signIn(`gap-${who}@a.test`);
  const app = express();
  app.get("/api/live", (req, res, next) => {
    liveEventsHandler(req, res).catch(next);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  server?.closeAllConnections();
  server?.close();
  await bus?.close();
  await handle?.close();
  await postgres?.stop();
  await settings?.close();
});

describe("a live stream across a lost listener connection", () => {
  it("receives what committed while nobody listened, exactly once, in order per dossier", async () => {
    const [proStream, supStream, adminStream] = await Promise.all([listen("pro"), listen("sup"), listen("admin")]);
    const [listener] = await listenerPids();
    expect(listener).toBeTypeOf("number");

    // Before the gap: heard live.
    const before = await readyDraft(pro, "0611111111");
    await transitionDossier(pro, before, "submit");

    // The database drops the listener; these changes commit while nobody listens.
    const terminate = new pg.Client({ connectionString: postgres.url });
    await terminate.connect();
    await terminate.query("select pg_terminate_backend($1)", [listener]);
    await terminate.end();
    await until(async () => (await listenerPids()).length === 0);
    const during = await readyDraft(pro, "0622222222");
    await transitionDossier(pro, during, "submit");
    // The gap was real: the listener was still away when the last of these committed.
    expect(await listenerPids()).toEqual([]);

    // The listener is back (a new connection); changes after it are heard live again.
    await until(async () => (await listenerPids()).length === 1, 20_000);
    const after = await readyDraft(pro, "0633333333");
    await transitionDossier(pro, after, "submit");

    const events = await handle.pool!.query<{ seq: string; kind: string; dossier_id: string }>(
      "select seq::text, kind, dossier_id from dossier_event where dossier_id = any($1) and kind <> 'view' order by seq",
      [[before, during, after]],
    );
    const all = events.rows.map((r) => Number(r.seq));
    // The professional and the admin see every event of these dossiers; the supervisor only from the submit on.
    const submits = events.rows.filter((r) => r.kind === "submit").map((r) => Number(r.seq));
    expect(submits).toHaveLength(3);
    const expected = { pro: all, admin: all, sup: submits };
    const streams = { pro: proStream, admin: adminStream, sup: supStream };
    for (const [who, stream] of Object.entries(streams)) {
      await until(() => expected[who as keyof typeof expected].every((seq) => stream.seqs.includes(seq)), 20_000).catch(() => undefined);
      const mine = stream.seqs.filter((seq) => all.includes(seq));
      expect([...mine].sort((a, b) => a - b), who).toEqual(expected[who as keyof typeof expected]);
      // Exactly once: no seq twice.
      expect(new Set(stream.seqs).size, who).toBe(stream.seqs.length);
      // In order per dossier.
      for (const [dossierId, seqs] of stream.byDossier) expect(seqs, `${who} ${dossierId}`).toEqual([...seqs].sort((a, b) => a - b));
      stream.stop();
    }
  }, 120_000);
});
