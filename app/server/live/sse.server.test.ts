/**
 * GET /api/live over real HTTP with real session cookies: only the signed-in user's visible events arrive, each
 * with its event-log sequence as id, and a reconnect with Last-Event-ID replays exactly what was missed.
 */
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { dossierMedium } from "../db/schema";
import { createOrganisation, createProfessional, createSupervisor } from "../demo/factories.server";
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
  cookies.sup = await signIn("sse-sup@a.test");
  cookies.out = await signIn("sse-out@b.test");
  cookies.pro = await signIn("sse-pro@a.test");
  const app = express();
  app.get("/api/live", (req, res, next) => {
    liveEventsHandler(req, res).catch(next);
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
    expect(replayed.filter((f) => f.event === "dossier").map((f) => JSON.parse(f.data!).kind)).toEqual(["edit", "discard"]);
    const ids = replayed.filter((f) => f.event === "dossier").map((f) => Number(f.id));
    expect(ids[0]).toBeGreaterThan(Number(lastId));
    expect(ids[1]).toBeGreaterThan(ids[0]);
  });
});
