/**
 * GET /api/live: Server-Sent Events of dossier changes the signed-in user may see. Each event's id is its
 * dossier_event seq, so a browser that reconnects (EventSource sends Last-Event-ID itself) first gets what it
 * missed from the event log, then the live feed. The session is checked again periodically: a signed-out,
 * disabled or expired user's stream ends.
 */
import { fromNodeHeaders } from "better-auth/node";
import type { Request, Response } from "express";
import { and, asc, eq, gt, inArray, ne, type SQL } from "drizzle-orm";
import { systemDb } from "../db/client.server";
import { dossier, dossierEvent } from "../db/schema";
import { loadSessionUser, type SessionUser } from "../auth/session.server";
import type { Actor } from "../dossiers/actor.server";
import type { LiveEvent } from "./channel";
import { liveBus } from "./bus.server";
import { mayReceive } from "./visibility.server";

export const LIVE_HEARTBEAT_MS = 25_000;
export const LIVE_SESSION_CHECK_MS = 60_000;
/** More missed events than this: the client is told to reload its data instead of replaying them one by one. */
export const LIVE_REPLAY_LIMIT = 500;

function lastEventId(req: Request): number | null {
  const raw = req.header("last-event-id") ?? (typeof req.query.lastEventId === "string" ? req.query.lastEventId : null);
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  return Number(raw);
}

function scope(actor: Actor): SQL | null {
  if (actor.role === "admin") return null;
  if (actor.role === "professional") return eq(dossierEvent.professionalId, actor.id);
  if (actor.supervisedOrganisationIds.length === 0) return eq(dossierEvent.organisationId, "");
  return inArray(dossierEvent.organisationId, [...actor.supervisedOrganisationIds]);
}

async function missedEvents(actor: Actor, after: number): Promise<{ events: LiveEvent[]; truncated: boolean }> {
  const conditions: SQL[] = [gt(dossierEvent.seq, after), ne(dossierEvent.kind, "view")];
  const scoped = scope(actor);
  if (scoped) conditions.push(scoped);
  const rows = await systemDb()
    .select({
      seq: dossierEvent.seq,
      dossierId: dossierEvent.dossierId,
      organisationId: dossierEvent.organisationId,
      professionalId: dossierEvent.professionalId,
      kind: dossierEvent.kind,
      toStatus: dossierEvent.toStatus,
      currentStatus: dossier.status,
    })
    .from(dossierEvent)
    .innerJoin(dossier, eq(dossier.id, dossierEvent.dossierId))
    .where(and(...conditions))
    .orderBy(asc(dossierEvent.seq))
    .limit(LIVE_REPLAY_LIMIT + 1);
  const events = rows.slice(0, LIVE_REPLAY_LIMIT).map((r) => ({
    seq: r.seq,
    dossierId: r.dossierId,
    organisationId: r.organisationId,
    professionalId: r.professionalId,
    kind: r.kind,
    status: r.toStatus ?? r.currentStatus,
  }));
  return { events: events.filter((e) => mayReceive(actor, e)), truncated: rows.length > LIVE_REPLAY_LIMIT };
}

function write(res: Response, event: LiveEvent): void {
  res.write(`id: ${event.seq}\nevent: dossier\ndata: ${JSON.stringify(event)}\n\n`);
}

export async function liveEventsHandler(req: Request, res: Response): Promise<void> {
  const headers = fromNodeHeaders(req.headers);
  const user: SessionUser | null = await loadSessionUser(headers);
  if (!user) {
    res.status(401).json({ code: "unauthenticated" });
    return;
  }
  res.status(200);
  res.setHeader("Content-Type", "text/event-stream; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("X-Accel-Buffering", "no");
  res.flushHeaders();
  // Tell EventSource how long to wait before reconnecting after a dropped connection.
  res.write("retry: 3000\n\n");

  // Events that arrive while the replay runs are held back and sent after it, in order, without duplicates.
  let replaying = true;
  const held: LiveEvent[] = [];
  let lastSent = lastEventId(req) ?? 0;
  const send = (event: LiveEvent) => {
    if (event.seq <= lastSent) return;
    lastSent = event.seq;
    write(res, event);
    // compression buffers; flush so the event leaves now.
    (res as Response & { flush?: () => void }).flush?.();
  };
  const unsubscribe = liveBus().subscribe((event) => {
    if (!mayReceive(user, event)) return;
    if (replaying) held.push(event);
    else send(event);
  });

  const after = lastEventId(req);
  if (after !== null) {
    const { events, truncated } = await missedEvents(user, after);
    if (truncated) res.write(`event: reset\ndata: {}\n\n`);
    for (const event of events) send(event);
  } else {
    res.write(`event: ready\ndata: {}\n\n`);
  }
  replaying = false;
  for (const event of held.sort((a, b) => a.seq - b.seq)) send(event);
  (res as Response & { flush?: () => void }).flush?.();

  const heartbeat = setInterval(() => {
    res.write(": keep-alive\n\n");
    (res as Response & { flush?: () => void }).flush?.();
  }, LIVE_HEARTBEAT_MS);
  const sessionCheck = setInterval(async () => {
    const still = await loadSessionUser(headers).catch(() => null);
    if (!still || still.id !== user.id) {
      res.write(`event: signed-out\ndata: {}\n\n`);
      res.end();
    }
  }, LIVE_SESSION_CHECK_MS);
  const cleanup = () => {
    clearInterval(heartbeat);
    clearInterval(sessionCheck);
    unsubscribe();
  };
  res.on("close", cleanup);
}
