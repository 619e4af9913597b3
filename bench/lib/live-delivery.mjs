/**
 * Live-event delivery for the benchmarks (issue 13's "SSE delivery p50/p99 with 1,000 clients", issue 17's two
 * instances): many event streams (`GET /api/live`) open as one signed-in user, messages posted on a dossier they
 * may see, and the time from each event's commit to its arrival in every stream.
 *
 * Latency runs from the event row's `at` (`now()`: the start of the transaction that commits it, so an upper bound)
 * to the chunk's arrival in the client. The rows are read after the run (`readEventTimes`), from PostgreSQL or, with
 * the server stopped, from its PGlite directory (one directory is never open in two processes).
 */
import http from "node:http";
import path from "node:path";
import pg from "pg";

/** One event stream; calls `onEvent(seq, receivedAtMs)` for each dossier event. Resolves once the stream is ready. */
export function openStream(base, cookie, onEvent, agent) {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}/api/live`, { agent, headers: { cookie, accept: "text/event-stream" } }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`stream answered ${response.statusCode}`));
      response.setEncoding("utf8");
      let buffer = "";
      response.on("data", (chunk) => {
        const at = performance.timeOrigin + performance.now();
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (frame.includes("event: ready")) resolve(request);
          const id = /^id: (\d+)$/m.exec(frame);
          if (id && frame.includes("event: dossier")) onEvent(Number(id[1]), at);
        }
      });
    });
    request.on("error", reject);
  });
}

export function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
}

/**
 * `clients` streams spread evenly over `bases`, then `events` messages posted by the same user on `dossierId`,
 * through each base in turn, `gapMs` apart. Returns each event's receipt times by its sequence number, once the
 * streams are closed again.
 */
export async function deliverEvents({ bases, cookie, dossierId, clients, events, gapMs = 150 }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const received = new Map();
  const streams = [];
  try {
    for (let i = 0; i < clients; i++) {
      streams.push(
        await openStream(
          bases[i % bases.length],
          cookie,
          (seq, at) => {
            let times = received.get(seq);
            if (!times) received.set(seq, (times = []));
            times.push(at);
          },
          agent,
        ),
      );
    }
    for (let i = 0; i < events; i++) {
      const base = bases[i % bases.length];
      const response = await fetch(`${base}/supervisor/case/${dossierId}`, {
        method: "POST",
        headers: { cookie, origin: base, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "message", body: `Bench-bericht ${i + 1}` }),
        redirect: "manual",
      });
      if (response.status >= 400) throw new Error(`posting a message answered ${response.status}`);
      await response.arrayBuffer();
      await new Promise((r) => setTimeout(r, gapMs));
    }
    await new Promise((r) => setTimeout(r, 2000));
  } finally {
    for (const s of streams) s.destroy();
    agent.destroy();
  }
  return received;
}

/** The last `count` message events of `dossierId` (`seq`, and `at` in epoch milliseconds). */
export async function readEventTimes({ databaseUrl, dataDir, dossierId, count }) {
  const text = `select seq, extract(epoch from at) * 1000 as at from dossier_event where dossier_id = $1 and kind = 'message' order by seq desc limit $2`;
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query(text, [dossierId, count])).rows.map((r) => ({ seq: Number(r.seq), at: Number(r.at) }));
    } finally {
      await client.end();
    }
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const db = await PGlite.create(path.join(dataDir, "pglite"));
  try {
    return (await db.query(text, [dossierId, count])).rows.map((r) => ({ seq: Number(r.seq), at: Number(r.at) }));
  } finally {
    await db.close();
  }
}

/** Commit→receipt latencies over every stream and event: receipts, missed, p50, p99 and max in milliseconds. */
export function deliveryLatencies(received, eventRows, clients) {
  const latencies = [];
  let missed = 0;
  for (const e of eventRows) {
    const times = received.get(e.seq) ?? [];
    missed += clients - times.length;
    for (const t of times) latencies.push(t - e.at);
  }
  latencies.sort((a, b) => a - b);
  return {
    streams: clients,
    events: eventRows.length,
    receipts: latencies.length,
    missed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? NaN,
  };
}
