#!/usr/bin/env node
/**
 * Two instances on one PostgreSQL (issue 17 point 7), not part of npm test:
 *
 *   npm run build && node bench/instances.mjs [--clients 1000] [--events 40] [--upload-mib 1024] [--profile DIR]
 *
 * Starts a throw-away PostgreSQL and two production servers (`node server.js`, demo data) on it, sharing one
 * DATA_DIR as a deployment shares a volume (docs/deploying.md).
 *
 * 1. Live events: `--clients` event streams (/api/live, signed in as the demo supervisor) spread evenly over both
 *    instances. The supervisor then posts `--events` messages on a dossier in review, alternately through each
 *    instance, 150 ms apart; every stream should receive every one. Latency is from the event's commit to its
 *    receipt: PostgreSQL's `clock_timestamp()` read as the last statement of the message's transaction would be
 *    closest, but the event row carries `now()` (its transaction's start), so the figure is an upper bound. Prints
 *    p50/p99/max over all receipts and how many were missed. Target: p99 under 250 ms.
 * 2. Upload: `--upload-mib` through the tus endpoint in 16 MiB PATCH requests that alternate between the instances
 *    (each one takes the upload's lock from the other, decision 084), timed until the last PATCH is answered — after
 *    the upload has been stored with its SHA-256 — against a plain disk write of the same bytes in the same run.
 *    Target: at least 0.8 of the disk's rate.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { ensureDebianPackages } from "../scripts/debian-packages.mjs";
import { startPostgres } from "./lib/postgres.mjs";
import { deliverEvents, deliveryLatencies, percentile, readEventTimes } from "./lib/live-delivery.mjs";
import { cpuMs, startCasus } from "./lib/process.mjs";
import { signIn } from "./lib/sign-in.mjs";
import { appCheckHeaders, CHUNK, diskWrite, MiB, patchChunk } from "./lib/upload.mjs";

function parseArgs(argv) {
  const options = { clients: 1000, events: 40, uploadMiB: 1024, profile: null };
  for (let i = 0; i < argv.length; i++) {
    const value = () => Number(argv[++i]);
    if (argv[i] === "--clients") options.clients = value();
    else if (argv[i] === "--events") options.events = value();
    else if (argv[i] === "--upload-mib") options.uploadMiB = value();
    else if (argv[i] === "--profile") options.profile = path.resolve(argv[++i]);
    else throw new Error(`unknown option ${argv[i]}`);
  }
  return options;
}

const options = parseArgs(process.argv.slice(2));
ensureDebianPackages({ postgresql: "the shared database" });
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

async function uploadAlternating(bases, cookie, size) {
  const headers = { "Tus-Resumable": "1.0.0", cookie, ...(await appCheckHeaders(bases[0], cookie)) };
  const metadata = `filetype ${Buffer.from("video/webm").toString("base64")},filename ${Buffer.from("bench.webm").toString("base64")}`;
  const created = await fetch(`${bases[0]}/api/uploads`, { method: "POST", headers: { ...headers, "Upload-Length": String(size), "Upload-Metadata": metadata } });
  if (created.status !== 201) throw new Error(`creating the upload answered ${created.status}: ${await created.text()}`);
  const location = created.headers.get("location");
  const started = performance.now();
  let offset = 0;
  let lastStarted = started;
  const durations = [];
  for (let i = 0; offset < size; i++) {
    lastStarted = performance.now();
    offset = await patchChunk(`${bases[i % 2]}${location}`, headers, offset, size, agent);
    durations.push(performance.now() - lastStarted);
  }
  const slowestBeforeLast = Math.max(...durations.slice(0, -1));
  durations.sort((a, b) => a - b);
  console.log(
    `  (PATCH of ${CHUNK / MiB} MiB: median ${percentile(durations, 50).toFixed(0)} ms, p90 ${percentile(durations, 90).toFixed(0)} ms, max ${durations.at(-1).toFixed(0)} ms, max before the last ${slowestBeforeLast.toFixed(0)} ms)`,
  );
  const ms = performance.now() - started;
  // The last PATCH also moves the upload into the object store and records its SHA-256 before it answers.
  console.log(`  (upload: last PATCH, with the move into the store, ${((performance.now() - lastStarted) / 1000).toFixed(1)} s)`);
  const info = await (await fetch(`${bases[1]}/api/media/${location.split("/").pop()}`, { headers: { cookie } })).json();
  if (info.size !== size || info.status !== "complete") throw new Error(`unexpected result ${JSON.stringify(info)}`);
  return ms;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "casus-bench-instances-"));
const postgres = await startPostgres();
const servers = [];
try {
  console.log(`${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}); ${options.clients} streams, ${options.events} events, ${options.uploadMiB} MiB upload`);
  const shared = path.join(dir, "data");
  // Each instance keeps its own BASE_URL (its address here), so a request sent straight to it passes the
  // same-origin check; sessions, app-check tokens and signed URLs hold on both through the shared AUTH_SECRET.
  const env = { AUTH_SECRET: "bench-instances-secret-0123456789abcdefgh", REMINDER_TIME: "off", SIGN_IN_RATE_LIMIT_PER_MINUTE: "10000", MEDIA_MAX_VIDEO_MB: String(Math.max(1024, options.uploadMiB)) };
  for (let i = 0; i < 2; i++) servers.push(await startCasus({ dataDir: shared, databaseUrl: postgres.url, env, cpuProfileDir: options.profile }));
  const bases = servers.map((s) => s.url);

  // 1. Live events.
  const supervisor = (await signIn(bases[0], "supervisor@casus.test")).cookie;
  const db = new pg.Client({ connectionString: postgres.url });
  await db.connect();
  const [dossier] = (
    await db.query(`select d.id from dossier d join "user" u on u.id = d.reviewer_id where u.email = 'supervisor@casus.test' and d.status = 'in_review' limit 1`)
  ).rows;
  if (!dossier) throw new Error("the demo has no dossier in review by the supervisor");
  await db.end();
  const received = await deliverEvents({ bases, cookie: supervisor, dossierId: dossier.id, clients: options.clients, events: options.events });
  const live = deliveryLatencies(received, await readEventTimes({ databaseUrl: postgres.url, dossierId: dossier.id, count: options.events }), options.clients);
  // The streams are gone: both servers should be idle again before the upload is timed.
  const before = servers.map((s) => cpuMs(s.pid));
  await new Promise((r) => setTimeout(r, 2000));
  console.log(`  (after the streams closed, CPU of the servers over 2 s: ${servers.map((s, i) => `${(cpuMs(s.pid) - before[i]).toFixed(0)} ms`).join(", ")})`);
  console.log(`live events: ${live.receipts} receipts of ${live.events * options.clients}, missed ${live.missed}`);
  console.log(`  commit→receipt p50 ${live.p50.toFixed(0)} ms, p99 ${live.p99.toFixed(0)} ms, max ${live.max.toFixed(0)} ms (target p99 < 250 ms: ${live.p99 < 250 && live.missed === 0 ? "met" : "NOT met"})`);

  // 2. Upload through alternating instances against a plain disk write.
  const size = options.uploadMiB * MiB;
  const diskMs = await diskWrite(dir, size);
  const pro = (await signIn(bases[1], "pro@casus.test")).cookie;
  const cpuBefore = servers.map((s) => cpuMs(s.pid));
  const uploadMs = await uploadAlternating(bases, pro, size);
  console.log(`  (CPU of the servers during the upload: ${servers.map((s, i) => `${(cpuMs(s.pid) - cpuBefore[i]).toFixed(0)} ms`).join(", ")})`);
  const rate = (ms) => (size / MiB / (ms / 1000)).toFixed(0);
  const ratio = diskMs / uploadMs;
  console.log(`disk write ${(diskMs / 1000).toFixed(1)} s, ${rate(diskMs)} MiB/s; upload through alternating instances ${(uploadMs / 1000).toFixed(1)} s, ${rate(uploadMs)} MiB/s`);
  console.log(`  ratio upload/disk ${ratio.toFixed(2)} (target ≥ 0.80: ${ratio >= 0.8 ? "met" : "NOT met"})`);
} finally {
  for (const s of servers) await s.stop();
  await postgres.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
agent.destroy();
