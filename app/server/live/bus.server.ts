/**
 * The live bus of this process: one LISTEN on the live channel, fanned out to in-process subscribers (the SSE
 * streams). On PostgreSQL the LISTEN runs on its own dedicated connection (a pooled connection could be handed to
 * someone else), so every server instance sharing the database hears every committed change. On PGlite (one
 * process by definition) PGlite's own listen does the same.
 *
 * A dropped listener connection is a gap: changes committed until LISTEN runs again are never announced. So the
 * bus keeps the highest event seq it has heard of (its high-water mark, read again after each LISTEN), and once it
 * listens again it tells every subscriber to replay from the mark it had before the gap; the streams' replay
 * (with its margin for late commits) and their memory of sent seqs make every event arrive exactly once.
 */
import pg from "pg";
import { logger } from "../logger.server";
import type { DatabaseHandle } from "../db/client.server";
import { LIVE_CHANNEL, type LiveMessage } from "./channel";

type Subscriber = (message: LiveMessage) => void;
/** Called after a gap in listening, with the seq to replay after. */
type Resync = (after: number) => void;

const RECONNECT_MS = 1_000;

export interface LiveBus {
  subscribe(subscriber: Subscriber, onResync?: Resync): () => void;
  close(): Promise<void>;
}

function parse(payload: string | undefined): LiveMessage | null {
  if (!payload) return null;
  try {
    const value = JSON.parse(payload) as LiveMessage;
    if ("type" in value) {
      if (value.type === "access") return typeof value.userId === "string" ? value : null;
      return value.type === "export" && typeof value.jobId === "string" && typeof value.processed === "number" ? value : null;
    }
    return typeof value.seq === "number" && typeof value.dossierId === "string" ? value : null;
  } catch {
    return null;
  }
}

/** How the listener shows in pg_stat_activity, for operators (and the test that cuts it). */
export const LIVE_LISTENER_NAME = "casus-live-listener";

export async function startLiveBus(handle: DatabaseHandle, connectionString?: string | null, options: { reconnectMs?: number } = {}): Promise<LiveBus> {
  const reconnectMs = options.reconnectMs ?? RECONNECT_MS;
  const subscribers = new Set<Subscriber>();
  const resyncs = new Set<Resync>();
  let highWater = 0;
  const deliver = (payload: string | undefined) => {
    const message = parse(payload);
    if (!message) return;
    // Export progress is not part of the dossier event log: it has no seq to replay from.
    if (!("type" in message)) highWater = Math.max(highWater, message.seq);
    for (const subscriber of subscribers) subscriber(message);
  };
  let closed = false;
  let stop: () => Promise<void> = async () => {};

  if (handle.kind === "pglite" && handle.pglite) {
    const unlisten = await handle.pglite.listen(LIVE_CHANNEL, deliver);
    stop = unlisten;
  } else if (connectionString) {
    let client: pg.Client | null = null;
    let timer: NodeJS.Timeout | null = null;
    let listenedBefore = false;
    const connect = async () => {
      if (closed) return;
      const next = new pg.Client({ connectionString, application_name: LIVE_LISTENER_NAME });
      let lost = false;
      const onLost = (reason: string) => {
        if (lost || closed) return;
        lost = true;
        logger.warn({ err: reason }, "live listener connection lost; reconnecting");
        next.end().catch(() => {});
        if (client === next) client = null;
        if (!closed) timer = setTimeout(connect, reconnectMs);
      };
      next.on("notification", (message) => {
        if (message.channel === LIVE_CHANNEL) deliver(message.payload);
      });
      next.on("error", (error) => onLost(error.message));
      next.on("end", () => onLost("connection ended"));
      try {
        await next.connect();
        await next.query(`LISTEN ${LIVE_CHANNEL}`);
        // Listening from here on; what committed before is in the event log.
        const { rows } = await next.query<{ seq: string }>("select coalesce(max(seq), 0)::text as seq from dossier_event");
        client = next;
        if (listenedBefore) {
          const after = highWater;
          logger.info({ after }, "live listener back; streams replay what committed in the gap");
          for (const resync of resyncs) resync(after);
        }
        listenedBefore = true;
        highWater = Math.max(highWater, Number(rows[0]?.seq ?? 0));
      } catch (error) {
        onLost(`could not listen: ${(error as Error).message}`);
      }
    };
    await connect();
    stop = async () => {
      if (timer) clearTimeout(timer);
      await client?.end().catch(() => {});
    };
  }

  return {
    subscribe(subscriber, onResync) {
      subscribers.add(subscriber);
      if (onResync) resyncs.add(onResync);
      return () => {
        subscribers.delete(subscriber);
        if (onResync) resyncs.delete(onResync);
      };
    },
    async close() {
      closed = true;
      subscribers.clear();
      resyncs.clear();
      await stop();
    },
  };
}

const BUS_KEY = Symbol.for("casus.live-bus");
type BusHolder = { [BUS_KEY]?: LiveBus };

export function installLiveBus(bus: LiveBus): void {
  (globalThis as BusHolder)[BUS_KEY] = bus;
}

export function liveBus(): LiveBus {
  const bus = (globalThis as BusHolder)[BUS_KEY];
  if (!bus) throw new Error("The live bus is not started yet (start-up starts it before serving requests).");
  return bus;
}
