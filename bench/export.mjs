/**
 * Dossier export speed (issue 15): N generated dossiers (default 100,000) on PostgreSQL, exported through the real
 * API of the production server as NDJSON, gzip-compressed NDJSON and (on the first 10,000) zip, each from start to
 * completion. Prints dossiers per second, the server's peak RSS during the export and its growth over the RSS
 * before it, and the ratio to a baseline measured in the same run on the same database: PostgreSQL itself
 * writing every dossier row as JSON (`COPY (SELECT row_to_json …) TO STDOUT`), read by a client that counts the
 * bytes — the floor no exporter that reads the rows can go below.
 *
 *   npm run build && node bench/export.mjs [--dossiers 100000] [--zip 10000]
 *
 * Targets (issue 15): at least 5,000 dossiers/s for NDJSON without media, RSS growth under 300 MB. Beside the wall
 * clock it prints dossiers per CPU-second of the server process: on a shared machine the wall clock measures the
 * neighbours as much as the export.
 * Not part of npm test. Results in docs/performance.md.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { exportSeedStatements } from "./lib/export-seed.mjs";
import { ensureDebianPackages } from "../scripts/debian-packages.mjs";
import { startPostgres } from "./lib/postgres.mjs";
import { cpuMs, memoryMiB, root, startCasus } from "./lib/process.mjs";
import { signIn } from "./lib/sign-in.mjs";

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}
const COUNT = option("dossiers", 100_000);
const ZIP_COUNT = option("zip", 10_000);

/** Runs one export to completion; samples the server's RSS every 50 ms meanwhile. */
async function timeExport(server, cookie, body) {
  const before = memoryMiB(server.pid).rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, memoryMiB(server.pid).rss)), 50);
  const started = performance.now();
  const cpuBefore = cpuMs(server.pid);
  const response = await fetch(`${server.url}/api/exports`, {
    method: "POST",
    headers: { cookie, origin: server.url, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (response.status !== 202) throw new Error(`starting the export answered ${response.status}: ${await response.text()}`);
  const { id } = await response.json();
  let job;
  for (;;) {
    job = await (await fetch(`${server.url}/api/exports/${id}`, { headers: { cookie } })).json();
    if (job.status !== "queued" && job.status !== "running") break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const seconds = (performance.now() - started) / 1000;
  const cpuSeconds = (cpuMs(server.pid) - cpuBefore) / 1000;
  clearInterval(sampler);
  if (job.status !== "completed") throw new Error(`export ended ${job.status}`);
  return { count: job.processed, seconds, perSecond: job.processed / seconds, perCpuSecond: job.processed / cpuSeconds, bytes: job.bytes, rssBefore: before, rssPeak: peak };
}

/** The yardstick: PostgreSQL's own JSON of every dossier row, streamed to a client that counts the bytes. */
async function baseline(url, limit) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  // A cursor in batches as the exporter reads, so neither side holds the whole result.
  await client.query("BEGIN");
  await client.query(`DECLARE rows CURSOR FOR SELECT row_to_json(d)::text AS j FROM (SELECT * FROM dossier ORDER BY id LIMIT ${limit}) d`);
  let count = 0;
  let bytes = 0;
  for (;;) {
    const { rows } = await client.query("FETCH 1000 FROM rows");
    if (rows.length === 0) break;
    count += rows.length;
    for (const row of rows) bytes += row.j.length + 1;
  }
  await client.query("COMMIT");
  await client.end();
  const seconds = (performance.now() - started) / 1000;
  return { count, seconds, perSecond: count / seconds, bytes };
}

const format = (n) => Math.round(n).toLocaleString("en-GB");

async function main() {
  if (!fs.existsSync(path.join(root, "build/server/index.js"))) throw new Error("No build: run npm run build first.");
  ensureDebianPackages({ postgresql: "the exported database" });
  const postgres = await startPostgres();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "casus-bench-export-"));
  let server;
  try {
    server = await startCasus({ dataDir, databaseUrl: postgres.url });
    const seedStart = performance.now();
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    for (const statement of exportSeedStatements(COUNT, "bench")) await client.query(statement);
    await client.query("VACUUM ANALYZE");
    const { rows } = await client.query("SELECT count(*)::int AS n FROM dossier");
    await client.end();
    console.log(`seeded ${format(COUNT)} dossiers with bulk SQL in ${((performance.now() - seedStart) / 1000).toFixed(1)} s (${format(rows[0].n)} in the database)`);
    console.log(`load average before: ${os.loadavg().map((l) => l.toFixed(2)).join(" ")} on ${os.cpus().length} cores`);

    const { cookie } = await signIn(server.url, "admin@casus.test");
    const all = { organisationIds: [], statuses: [] };
    const base = await baseline(postgres.url, rows[0].n);
    console.log(`baseline  PostgreSQL row_to_json, cursor of 1000: ${format(base.perSecond)} rows/s (${format(base.count)} rows, ${(base.bytes / 2 ** 20).toFixed(0)} MiB, ${base.seconds.toFixed(1)} s)`);
    const runs = [
      ["ndjson, no media", { filters: all, without: ["media"], format: "ndjson" }],
      ["ndjson, whole dossier", { filters: all, without: [], format: "ndjson" }],
      ["ndjson-gzip, whole dossier", { filters: all, without: [], format: "ndjson-gzip" }],
      ["ndjson, pseudonymised", { filters: all, without: ["media"], format: "ndjson", pseudonymise: { recipient: "Bench", freeText: "remove" } }],
    ];
    for (const [name, body] of runs) {
      const r = await timeExport(server, cookie, body);
      console.log(
        `${name.padEnd(28)} ${format(r.perSecond).padStart(7)} dossiers/s  (${format(r.count)} in ${r.seconds.toFixed(1)} s, ${(r.bytes / 2 ** 20).toFixed(0)} MiB; ${format(r.perCpuSecond)} per server CPU-second)  ` +
          `RSS ${r.rssBefore.toFixed(0)} → peak ${r.rssPeak.toFixed(0)} MiB (+${(r.rssPeak - r.rssBefore).toFixed(0)})  ratio to baseline ${(r.perSecond / base.perSecond).toFixed(2)}`,
      );
    }
    if (ZIP_COUNT > 0) {
      // The zip on the first ZIP_COUNT dossiers by id: one file per dossier (the generated dossiers have no media).
      const client2 = new pg.Client({ connectionString: postgres.url });
      await client2.connect();
      const { rows: cut } = await client2.query(`SELECT max(updated_at) AS until FROM (SELECT updated_at FROM dossier ORDER BY updated_at DESC LIMIT ${ZIP_COUNT}) d`);
      await client2.end();
      const day = new Date(cut[0].until).toISOString().slice(0, 10);
      const r = await timeExport(server, cookie, { filters: { ...all, since: day }, without: [], format: "zip" });
      console.log(
        `${"zip, changed today".padEnd(28)} ${format(r.perSecond).padStart(7)} dossiers/s  (${format(r.count)} in ${r.seconds.toFixed(1)} s, ${(r.bytes / 2 ** 20).toFixed(0)} MiB)  ` +
          `RSS ${r.rssBefore.toFixed(0)} → peak ${r.rssPeak.toFixed(0)} MiB (+${(r.rssPeak - r.rssBefore).toFixed(0)})`,
      );
    }
    console.log(`load average after: ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`);
  } finally {
    await server?.stop();
    await postgres.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
