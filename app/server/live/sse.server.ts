/**
 * GET /api/live: Server-Sent Events of dossier changes the signed-in user may see. Each event's id is its
 * dossier_event seq, so a browser that reconnects (EventSource sends Last-Event-ID itself) first gets what it
 * missed from the event log, then the live feed. The session is checked again periodically, and at once when the
 * database announces a change to the user's access (decision 094): a signed-out, disabled or expired user's stream
 * ends, and a changed role or set of organisations applies from then on.
 *
 * Seqs are taken when an event is inserted, not when its transaction commits, so an event with a lower seq can
 * commit (and be announced) after one with a higher seq. Events only tell clients to refresh: a duplicate is
 * harmless, a lost one is not. So the stream remembers the set of seqs it sent (not the highest), and a replay
 * also re-reads the events written shortly before the Last-Event-ID (decision 046). When the process's listener
 * loses its database connection, the bus asks every open stream to replay in the same way from the last seq it
 * had heard before the gap, so nothing committed meanwhile is missed and nothing is sent twice.
 */
import { can } from "~/domain/access/permissions";
import { AppError } from "~/domain/errors";
import { sendApiError } from "../http/api-error.server";
import { withActor } from "../api/api-endpoint.server";
import { fromNodeHeaders } from "better-auth/node";
import type { Request, Response } from "express";
import { requestActor } from "../access/request-actor.server";
import { loadSessionUser, type SessionUser } from "../auth/session.server";
import type { LiveEvent, LiveMessage } from "./channel";
import { liveBus } from "./bus.server";
import { mayReceive } from "./visibility.server";
import { missedEvents } from "../access/dossier-event-scope.server";

export const LIVE_HEARTBEAT_MS = 25_000;
export const LIVE_SESSION_CHECK_MS = 60_000;
/** More missed events than this: the client is told to reload its data instead of replaying them one by one. */
export const LIVE_REPLAY_LIMIT = 500;
/**
 * A replay after Last-Event-ID n also re-reads events with seq in (n − LIVE_REPLAY_MARGIN, n] written at most
 * LIVE_LATE_COMMIT_MS before event n: a transaction that took its seq before n but committed after it. Our
 * transactions are short, so a minute is ample; the client may receive a few events twice.
 */
export const LIVE_REPLAY_MARGIN = 1_000;
export const LIVE_LATE_COMMIT_MS = 60_000;
/** How many sent seqs one stream remembers to skip duplicates (the oldest are forgotten first). */
export const LIVE_SENT_MEMORY = 2_000;

function lastEventId(req: Request): number | null {
  const raw = req.header("last-event-id") ?? (typeof req.query.lastEventId === "string" ? req.query.lastEventId : null);
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  return Number(raw);
}

function write(res: Response, event: LiveEvent): void {
  res.write(`id: ${event.seq}\nevent: dossier\ndata: ${JSON.stringify(event)}\n\n`);
}

/** The compression middleware buffers; flushing makes an event leave now. */
function flush(res: Response): void {
  (res as Response & { flush?: () => void }).flush?.();
}

export interface LiveStreamOptions {
  /** How often the session (and the user's role and organisations) is checked again; tests shorten it. */
  sessionCheckMs?: number;
}

export async function liveEventsHandler(req: Request, res: Response, options: LiveStreamOptions = {}): Promise<void> {
  const headers = fromNodeHeaders(req.headers);
  const user: SessionUser | null = await requestActor(req);
  if (!user) return sendApiError(req, res, new AppError("unauthenticated"));
  // Who receives what is decided with the latest known facts about the user (refreshed by the session check).
  let actor: SessionUser = user;
  res.status(200);
  res.setHeader("Content-Type", "text/event-stream; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("X-Accel-Buffering", "no");
  res.flushHeaders();
  // Tell EventSource how long to wait before reconnecting after a dropped connection.
  res.write("retry: 3000\n\n");

  // Events that arrive while a replay runs are held back and sent after it, in order, without duplicates.
  // Replays run one at a time (chained below), so one flag covers the one in progress.
  let replaying = false;
  const held: LiveEvent[] = [];
  const sent = new Set<number>();
  const send = (event: LiveEvent) => {
    if (sent.has(event.seq)) return;
    sent.add(event.seq);
    // A Set iterates in insertion order: forget the oldest seq once the memory is full.
    if (sent.size > LIVE_SENT_MEMORY) sent.delete(sent.values().next().value!);
    write(res, event);
    flush(res);
  };
  /** Sends what the event log holds after `after` that this stream may receive, then what was held meanwhile. */
  const replay = async (after: number) => {
    replaying = true;
    try {
      const { events, truncated } = await missedEvents(actor, after, { margin: LIVE_REPLAY_MARGIN, lateCommitMs: LIVE_LATE_COMMIT_MS, limit: LIVE_REPLAY_LIMIT });
      if (truncated) res.write(`event: reset\ndata: {}\n\n`);
      for (const event of events) send(event);
    } finally {
      replaying = false;
    }
    for (const event of held.splice(0).sort((a, b) => a.seq - b.seq)) send(event);
    flush(res);
  };
  // Replays run one after another (a gap may come while the first replay still runs).
  let replays = Promise.resolve();
  const replayInTurn = (after: number) => {
    replays = replays.then(() => replay(after)).catch(() => {
      // The database is unreachable: the client reloads its data rather than trust a stream with a hole in it.
      res.write(`event: reset\ndata: {}\n\n`);
      flush(res);
    });
    return replays;
  };
  /**
   * The session and the user's facts, read again: a signed-out, disabled or expired user's stream ends; a changed
   * role or set of organisations applies from now on. Periodically, and at once when the database announces a change
   * to this user's access (decision 094).
   */
  let ended = false;
  const checkSession = async () => {
    const still = await loadSessionUser(headers).catch(() => null);
    if (ended) return;
    if (!still || still.id !== user.id) {
      ended = true;
      res.write(`event: signed-out\ndata: {}\n\n`);
      res.end();
      return;
    }
    // Same user: a supervisor removed from an organisation (or a professional moved) stops hearing of it now.
    actor = still;
  };
  /** A message from the bus, decided with the actor as it is now. */
  const deliver = (message: LiveMessage) => {
    if (ended || ("type" in message && message.type === "access")) return;
    if ("type" in message) {
      // Export progress: no id (it is not part of the dossier event log a reconnect replays), for those who may export.
      if (can(actor, "export.run")) {
        res.write(`event: export\ndata: ${JSON.stringify(message)}\n\n`);
        flush(res);
      }
      return;
    }
    const event = message;
    if (!mayReceive(actor, event)) return;
    if (replaying) held.push(event);
    else send(event);
  };
  // While a check announced by the database runs, what arrives after the announcement waits for its answer: a
  // change committed after the access change is decided by the new facts, not sent on the old ones.
  let checking: Promise<void> | null = null;
  let checkAgain = false;
  const waiting: LiveMessage[] = [];
  const checkNow = () => {
    if (checking) {
      checkAgain = true;
      return;
    }
    checking = (async () => {
      do {
        checkAgain = false;
        await checkSession();
      } while (checkAgain && !ended);
    })().finally(() => {
      checking = null;
      for (const message of waiting.splice(0)) deliver(message);
    });
  };
  const unsubscribe = liveBus().subscribe(
    (message) => {
      if ("type" in message && message.type === "access") {
        if (message.userId === user.id) checkNow();
      } else if (checking) waiting.push(message);
      else deliver(message);
    },
    (after) => void replayInTurn(after),
  );

  const after = lastEventId(req);
  if (after !== null) {
    await replayInTurn(after);
  } else {
    res.write(`event: ready\ndata: {}\n\n`);
    flush(res);
  }

  const heartbeat = setInterval(() => {
    res.write(": keep-alive\n\n");
    flush(res);
  }, LIVE_HEARTBEAT_MS);
  const sessionCheck = setInterval(() => void checkSession(), options.sessionCheckMs ?? LIVE_SESSION_CHECK_MS);
  const cleanup = () => {
    ended = true;
    clearInterval(heartbeat);
    clearInterval(sessionCheck);
    unsubscribe();
  };
  res.on("close", cleanup);
}

/** The API table's `live` entry: the guard has checked the session; the stream checks it again as it runs. */
export const liveEndpoint = withActor({
  handle: ({ req, res }) => liveEventsHandler(req, res),
});
