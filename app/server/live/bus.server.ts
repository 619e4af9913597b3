/**
 * The live bus of this process: one LISTEN on the live channel, fanned out to in-process subscribers (the SSE
 * streams). On PostgreSQL the LISTEN runs on its own dedicated connection (a pooled connection could be handed to
 * someone else), so every server instance sharing the database hears every committed change. On PGlite (one
 * process by definition) PGlite's own listen does the same.
 */
import pg from "pg";
import { logger } from "../logger.server";
import type { DatabaseHandle } from "../db/client.server";
import { LIVE_CHANNEL, type LiveMessage } from "./channel";

type Subscriber = (message: LiveMessage) => void;

const RECONNECT_MS = 1_000;

export interface LiveBus {
  subscribe(subscriber: Subscriber): () => void;
  close(): Promise<void>;
}

function parse(payload: string | undefined): LiveMessage | null {
  if (!payload) return null;
  try {
    const value = JSON.parse(payload) as LiveMessage;
    if ("type" in value) return value.type === "export" && typeof value.jobId === "string" && typeof value.processed === "number" ? value : null;
    return typeof value.seq === "number" && typeof value.dossierId === "string" ? value : null;
  } catch {
    return null;
  }
}

export async function startLiveBus(handle: DatabaseHandle, connectionString?: string | null): Promise<LiveBus> {
  const subscribers = new Set<Subscriber>();
  const deliver = (payload: string | undefined) => {
    const event = parse(payload);
    if (!event) return;
    for (const subscriber of subscribers) subscriber(event);
  };
  let closed = false;
  let stop: () => Promise<void> = async () => {};

  if (handle.kind === "pglite" && handle.pglite) {
    const unlisten = await handle.pglite.listen(LIVE_CHANNEL, deliver);
    stop = unlisten;
  } else if (connectionString) {
    let client: pg.Client | null = null;
    let timer: NodeJS.Timeout | null = null;
    const connect = async () => {
      if (closed) return;
      const next = new pg.Client({ connectionString });
      next.on("notification", (message) => {
        if (message.channel === LIVE_CHANNEL) deliver(message.payload);
      });
      next.on("error", (error) => {
        logger.warn({ err: error.message }, "live listener connection lost; reconnecting");
        next.end().catch(() => {});
        if (client === next) client = null;
        if (!closed) timer = setTimeout(connect, RECONNECT_MS);
      });
      try {
        await next.connect();
        await next.query(`LISTEN ${LIVE_CHANNEL}`);
        client = next;
      } catch (error) {
        logger.warn({ err: (error as Error).message }, "live listener could not connect; retrying");
        next.end().catch(() => {});
        if (!closed) timer = setTimeout(connect, RECONNECT_MS);
      }
    };
    await connect();
    stop = async () => {
      if (timer) clearTimeout(timer);
      await client?.end().catch(() => {});
    };
  }

  return {
    subscribe(subscriber) {
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
    async close() {
      closed = true;
      subscribers.clear();
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
