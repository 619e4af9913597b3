/**
 * GET /api/live over real HTTP with real session cookies: only the signed-in user's visible events arrive, each
 * with its event-log sequence as id, and a reconnect with Last-Event-ID replays exactly what was missed.
 */
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, queryRows, type TestDatabase } from "../../../tests/support/test-database";
import { eq, sql } from "drizzle-orm";
import { dossierEvent, dossierMedium, supervisorOrganisation } from "../db/schema";
import { createAdmin, createOrganisation, createProfessional, createSupervisor } from "../demo/factories.server";
import { unassignSupervisor } from "../people/organisations.server";
import { setUserDisabled } from "../people/users.server";
import { LIVE_CHANNEL, type LiveEvent } from "./channel";
import type { Actor } from "../dossiers/actor.server";
import { createDossier } from "../dossiers/create.server";
import { saveDraft } from "../dossiers/edit.server";
import { transitionDossier } from "../dossiers/transitions.server";
import { installLiveBus, startLiveBus, type LiveBus } from "./bus.server";
import { liveEventsHandler } from "./sse.server";
import { insertDemoStill } from "../demo/demo-media.server";

const password = "een-lang-wachtwoord-2026";
let database: TestDatabase;
let bus: LiveBus;
let server: import("node:http").Server;
let base: string;
let pro: Actor;
let goneSupervisorId: string;
let adminId: string;
const admin = (): Actor => ({ id: adminId, role: "admin", organisationId: null, supervisedOrganisationIds: [] });
const cookies: Record<string, string> = {};

async function signIn(email: string): Promise<string> {
  const response = await database.auth.api.signInEmail({ body: { email, password }, asResponse: true });
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Reads SSE frames from a streaming response until `count` dossier events arrived (or the time runs out). */
async function readEvents(response: Response, count: number, ms = 5_000) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const frames: { id?: string; event?: string; data?: string }[] = [];
  let buffer = "";
  const deadline = Date.now() + ms;
  while (frames.filter((f) => f.event === "dossier").length < count && Date.now() < deadline) {
    const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), deadline - Date.now()))]);
    if (!chunk || chunk.done) break;
    buffer += decoder.decode(chunk.value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const frame: { id?: string; event?: string; data?: string } = {};
      for (const line of buffer.slice(0, end).split("\n")) {
        const [field, ...rest] = line.split(": ");
        if (field === "id" || field === "event" || field === "data") frame[field] = rest.join(": ");
      }
      buffer = buffer.slice(end + 2);
      if (frame.event) frames.push(frame);
    }
  }
  await reader.cancel();
  return frames;
}

function open(who: string, lastEventId?: string) {
  const headers: Record<string, string> = { cookie: cookies[who] };
  if (lastEventId) headers["last-event-id"] = lastEventId;
  return fetch(`${base}/api/live`, { headers });
}

async function submit(owner: Actor) {
  const { id } = await createDossier(owner, { phone: "0612345678", earSide: "left" });
  await saveDraft(owner, id, 1, {
    anamnesis: { complaints: ["itch"], onset: "gradual", durationDays: 9, history: [], question: "Eczeem?" },
    reasoning: { left: { canal: ["red-swollen"], eardrum: ["normal"], diagnosis: "otitis-externa", differential: [], confidence: 2, plan: ["ear-drops"], argument: "Schilfering." } },
  });
  await database.handle.db.insert(dossierMedium).values({ dossierId: id, mediaId: await insertDemoStill({ id: owner.id, organisationId: owner.organisationId! }, { db: database.handle.db, storeBytes: false }), ear: "left" });
  await transitionDossier(owner, id, "submit");
  return id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  bus = await startLiveBus(database.handle);
  installLiveBus(bus);
  const org = await createOrganisation({ name: "Praktijk Live" });
  const other = await createOrganisation({ name: "Elders" });
  pro = {
    id: (await createProfessional({ email: "sse-pro@a.test", name: "Pro", password, organisationId: org.id })).id,
    role: "professional",
    organisationId: org.id,
    supervisedOrganisationIds: [],
  };
  await createSupervisor({ email: "sse-sup@a.test", name: "Sup", password, organisationIds: [org.id] });
  await createSupervisor({ email: "sse-out@b.test", name: "Out", password, organisationIds: [other.id] });
  goneSupervisorId = (await createSupervisor({ email: "sse-gone@a.test", name: "Gone", password, organisationIds: [org.id] })).id;
  adminId = (await createAdmin({ email: "sse-admin@casus.test", name: "Admin", password })).id;
  cookies.gone = await signIn("sse-gone@a.test");
  cookies.sup = await signIn("sse-sup@a.test");
  cookies.out = await signIn("sse-out@b.test");
  cookies.pro = await signIn("sse-pro@a.test");
  const app = express();
  app.get("/api/live", (req, res, next) => {
    liveEventsHandler(req, res, { sessionCheckMs: 150 }).catch(next);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  server?.closeAllConnections();
  server?.close();
  await bus?.close();
  await database?.close();
});

describe("GET /api/live", () => {
  it("refuses a visitor without a session", async () => {
    const response = await fetch(`${base}/api/live`);
    expect(response.status).toBe(401);
  });

  it("streams a submitted dossier to its organisation's supervisor, not to another organisation's", async () => {
    const [mine, theirs] = await Promise.all([open("sup"), open("out")]);
    expect(mine.headers.get("content-type")).toContain("text/event-stream");
    await new Promise((r) => setTimeout(r, 100));
    const id = await submit(pro);
    const [received, notReceived] = await Promise.all([readEvents(mine, 1), readEvents(theirs, 1, 800)]);
    const event = JSON.parse(received.find((f) => f.event === "dossier")!.data!);
    expect(event).toMatchObject({ dossierId: id, kind: "submit", status: "submitted" });
    // Drafts and edits before submit are the professional's own: the supervisor heard only the submit.
    expect(received.filter((f) => f.event === "dossier")).toHaveLength(1);
    expect(notReceived.filter((f) => f.event === "dossier")).toEqual([]);
  });

  it("replays what was missed after Last-Event-ID, in order, then continues live", async () => {
    const first = await open("pro");
    await new Promise((r) => setTimeout(r, 100));
    const a = await createDossier(pro, { phone: "0687654321", earSide: "right" });
    const seen = await readEvents(first, 1);
    const lastId = seen.find((f) => f.event === "dossier")!.id!;
    // While disconnected: two more changes.
    await saveDraft(pro, a.id, 1, { earSide: "left" });
    await transitionDossier(pro, a.id, "discard");
    const again = await open("pro", lastId);
    const replayed = await readEvents(again, 2);
    // Events written just before Last-Event-ID may come again (they might have committed late); never the last one.
    const dossierFrames = replayed.filter((f) => f.event === "dossier");
    const after = dossierFrames.filter((f) => Number(f.id) > Number(lastId));
    expect(after.map((f) => JSON.parse(f.data!).kind)).toEqual(["edit", "discard"]);
    expect(Number(after[1].id)).toBeGreaterThan(Number(after[0].id));
    expect(dossierFrames.map((f) => f.id)).not.toContain(lastId);
  });

  it("still delivers an event whose seq is lower than one already sent (its transaction committed later), live and on replay", async () => {
    const db = database.handle.db;
    const live = await open("pro");
    await new Promise((r) => setTimeout(r, 100));
    // A transaction takes seq n, another takes n + 1 and commits first; then the first commits.
    const [{ n }] = await queryRows<{ n: number }>(db.execute(sql`select nextval(pg_get_serial_sequence('dossier_event', 'seq'))::int as n`));
    const reading = readEvents(live, 2);
    const { id } = await createDossier(pro, { phone: "0655554444", earSide: "left" });
    await new Promise((r) => setTimeout(r, 200));
    const late: LiveEvent = { seq: n, dossierId: id, organisationId: pro.organisationId!, professionalId: pro.id, kind: "edit", status: "draft" };
    await db.transaction(async (tx) => {
      await tx.insert(dossierEvent).values({ seq: n, dossierId: id, organisationId: late.organisationId, professionalId: pro.id, actorId: pro.id, kind: "edit", detail: { sections: ["anamnesis"] } });
      await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(late)})`);
    });
    // The stream that already sent the higher seq sends n too.
    const ids = (await reading).filter((f) => f.event === "dossier").map((f) => Number(f.id));
    expect(ids).toHaveLength(2);
    const higher = ids[0];
    expect(ids).toEqual([higher, n]);
    expect(higher).toBeGreaterThan(n);
    // A client that saw n + 1 and then reconnected gets n from the replay.
    const replayed = await readEvents(await open("pro", String(higher)), 1);
    expect(replayed.filter((f) => f.event === "dossier").map((f) => Number(f.id))).toContain(n);
  });

  it("replays an event with the dossier's status at the time: a draft's edit does not reach supervisors after its submit", async () => {
    const before = await open("sup");
    await new Promise((r) => setTimeout(r, 100));
    const id = await submit(pro);
    const lastSeen = (await readEvents(before, 1)).find((f) => f.event === "dossier")!;
    expect(JSON.parse(lastSeen.data!)).toMatchObject({ dossierId: id, kind: "submit" });
    // Replay from before the dossier existed: its create and edit were a draft's, only the submit was shared.
    const [{ start }] = await queryRows<{ start: number }>(database.handle.db.execute(sql`select min(seq)::int - 1 as start from dossier_event where dossier_id = ${id}`));
    const replayed = await readEvents(await open("sup", String(start)), 1, 1_500);
    expect(replayed.filter((f) => f.event === "dossier" && JSON.parse(f.data!).dossierId === id).map((f) => JSON.parse(f.data!).kind)).toEqual(["submit"]);
  });

  it("stops sending a supervisor an organisation's events once removed from it (checked with the session)", async () => {
    const stream = await open("gone");
    await new Promise((r) => setTimeout(r, 100));
    await database.handle.db.delete(supervisorOrganisation).where(eq(supervisorOrganisation.supervisorId, goneSupervisorId));
    await new Promise((r) => setTimeout(r, 400));
    await submit(pro);
    expect((await readEvents(stream, 1, 800)).filter((f) => f.event === "dossier")).toEqual([]);
  });
});

describe("GET /api/live when access changes (decision 094: at once, not at the next periodic check)", () => {
  /** A stream whose periodic check would come only after the test: what happens is the announced check's doing. */
  const openSlow = (who: string) => fetch(`${slowBase}/api/live`, { headers: { cookie: cookies[who] } });
  let slowServer: import("node:http").Server;
  let slowBase: string;
  let org: string;
  let removedId: string;
  let disabledId: string;

  beforeAll(async () => {
    org = pro.organisationId!;
    removedId = (await createSupervisor({ email: "sse-removed@a.test", name: "Removed", password, organisationIds: [org] })).id;
    disabledId = (await createSupervisor({ email: "sse-disabled@a.test", name: "Disabled", password, organisationIds: [org] })).id;
    cookies.removed = await signIn("sse-removed@a.test");
    cookies.disabled = await signIn("sse-disabled@a.test");
    const app = express();
    app.get("/api/live", (req, res, next) => {
      liveEventsHandler(req, res, { sessionCheckMs: 3_600_000 }).catch(next);
    });
    slowServer = app.listen(0, "127.0.0.1");
    await new Promise((r) => slowServer.once("listening", r));
    slowBase = `http://127.0.0.1:${(slowServer.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    slowServer?.closeAllConnections();
    slowServer?.close();
  });

  it("a supervisor removed from the organisation hears nothing of it that commits after the removal", async () => {
    const stream = await openSlow("removed");
    await new Promise((r) => setTimeout(r, 100));
    await unassignSupervisor(admin(), org, removedId, {});
    await submit(pro);
    expect((await readEvents(stream, 1, 1_500)).filter((f) => f.event === "dossier")).toEqual([]);
  });

  it("a disabled user's stream is told it is signed out, and ends", async () => {
    const stream = await openSlow("disabled");
    await new Promise((r) => setTimeout(r, 100));
    await setUserDisabled(admin(), disabledId, true, {});
    await submit(pro);
    const frames = await readEvents(stream, 1, 1_500);
    expect(frames.map((f) => f.event)).toContain("signed-out");
    expect(frames.filter((f) => f.event === "dossier")).toEqual([]);
  });
});
