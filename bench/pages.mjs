#!/usr/bin/env node
/**
 * The page benchmark (issue 13), not part of npm test:
 *
 *   npm run bench [-- --dossiers 10000] [--db pglite,postgres] [--duration 10] [--connections 20]
 *                 [--pages sign-in,home,my-dossiers,queue,review,floor,profile,reporting,case-handling,unfinished,supervisors] [--gzip both|on|off] [--no-build]
 *                 [--profile DIR] [--statements] [--no-browser] [--navigation] [--warm-up 30] [--out FILE]
 *                 [--live-clients 1000] [--live-events 20]
 *
 * Builds, then for each database (embedded PGlite, and a throw-away PostgreSQL started here) starts the production
 * server (`node server.js`, demo data plus --dossiers bulk dossiers, BENCH_STATS=on) and loads each page with
 * autocannon, with and without `Accept-Encoding: gzip`. A bare Node HTTP server is measured in the same run (before
 * each database), and throughput is reported as a ratio to it, so figures from different machines and days compare.
 * Per page and database: requests/s, p50/p99 latency, CPU-ms per request of the server process and of its event
 * loop's thread alone (from /proc),
 * database statements per request (one request on a quiet server, and averaged over
 * 4 × connections requests at full concurrency), HTML bytes, table rows and the JavaScript the
 * page loads (gzip); per database: idle and peak RSS, and the sign-in page's time to first byte and to hydration in
 * headless Chromium (bench/lib/browser-timing.mjs; --no-browser skips it), and live-event delivery: --live-clients
 * event streams (1,000) open as the supervisor while --live-events messages are posted on a dossier in the queue,
 * commit→receipt p50/p99 (bench/lib/live-delivery.mjs; 0 skips it). Everything also goes to a JSON file (default bench/results/pages-<time>.json); --statements adds
 * each page's SQL to it, --profile writes a CPU profile per server (read it with bench/lib/profile-summary.mjs).
 * Before anything is timed, every page (and variant) is loaded for --warm-up seconds in all, so the figures are the
 * server's steady state and not its JIT compiling the code paths of the first page measured (0 skips it).
 * --navigation also loads each page's data as a navigation inside the app asks for it (React Router's single
 * fetch, `<path>.data`: every loader, no render), which is what most page changes of a signed-in user cost.
 * docs/performance.md says how to read it.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { ensureDebianPackages } from "../scripts/debian-packages.mjs";
import autocannon from "autocannon";
import { browserTiming } from "./lib/browser-timing.mjs";
import { deliverEvents, deliveryLatencies, readEventTimes } from "./lib/live-delivery.mjs";
import { startPostgres } from "./lib/postgres.mjs";
import { cpuMs, memoryMiB, root, startBare, startCasus } from "./lib/process.mjs";
import { seedDossiers } from "./lib/seed.mjs";
import { signIn } from "./lib/sign-in.mjs";

function parseArgs(argv) {
  const options = {
    dossiers: 100,
    db: ["pglite", "postgres"],
    duration: 10,
    connections: 20,
    pages: ["sign-in", "home", "my-dossiers", "queue", "review", "floor"],
    build: true,
    profile: null,
    out: null,
    gzip: [false, true],
    showStatements: false,
    browser: true,
    navigation: false,
    warmUp: 30,
    liveClients: 1000,
    liveEvents: 20,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => argv[++i];
    if (arg === "--dossiers") options.dossiers = Number(value());
    else if (arg === "--db") options.db = value().split(",");
    else if (arg === "--duration") options.duration = Number(value());
    else if (arg === "--connections") options.connections = Number(value());
    else if (arg === "--pages") options.pages = value().split(",");
    else if (arg === "--no-build") options.build = false;
    else if (arg === "--statements") options.showStatements = true;
    else if (arg === "--no-browser") options.browser = false;
    else if (arg === "--navigation") options.navigation = true;
    else if (arg === "--warm-up") options.warmUp = Number(value());
    else if (arg === "--live-clients") options.liveClients = Number(value());
    else if (arg === "--live-events") options.liveEvents = Number(value());
    else if (arg === "--profile") options.profile = path.resolve(value());
    else if (arg === "--out") options.out = path.resolve(value());
    else if (arg === "--gzip") options.gzip = { on: [true], off: [false], both: [false, true] }[value()];
    else throw new Error(`unknown option ${arg}`);
  }
  return options;
}

/** The pages, each with who looks at it and how to find its address on the demo data. */
const PAGES = {
  "sign-in": { as: null, path: () => "/en" },
  home: { as: "pro", path: (c) => `/en/pro/${c.proId}` },
  "my-dossiers": { as: "pro", path: (c) => `/en/pro/${c.proId}/mijn-dossiers` },
  queue: { as: "supervisor", path: () => "/en/supervisor" },
  review: { as: "supervisor", path: (c) => `/en/supervisor/case/${c.caseId}` },
  // A signed-in page with little on it (the account page): what session, guard and layout cost on their own.
  profile: { as: "pro", path: (c) => `/en/pro/${c.proId}/profiel` },
  // The floor of any signed-in request: the account page's data as a navigation fetches it (the session, the guard
  // and the page's loaders through Express and React Router, no HTML rendered). A signed-in page costs about this
  // plus its render.
  floor: { as: "pro", path: (c) => `/en/pro/${c.proId}/profiel.data`, data: true },
  // The data pages (issue 14): a year of every organisation, aggregated in SQL.
  reporting: { as: "admin", path: () => "/en/reporting?period=year" },
  "case-handling": { as: "admin", path: () => "/en/admin/data-insights/case-behandeling?period=year" },
  // The admin's lists that grow with the data: the unfinished dossiers (the bulk dossiers are mostly stale) and the
  // supervisors (issue 13: every list paged).
  unfinished: { as: "admin", path: () => "/en/admin/unfinished-dossiers" },
  supervisors: { as: "admin", path: () => "/en/admin/supervisors" },
};

/**
 * The address a navigation inside the app fetches for `address` (React Router 7's single fetch without the
 * trailing-slash-aware future flag): `.data` after the path, `/_root.data` for `/`, the query kept.
 */
function navigationAddress(address) {
  const [pathname, query] = address.split("?");
  const data = pathname === "/" ? "/_root.data" : `${pathname}.data`;
  return query === undefined ? data : `${data}?${query}`;
}

/** The last `n` items (none for n = 0, unlike slice(-0)). */
function lastOf(items, n) {
  return n > 0 ? items.slice(-n) : [];
}

async function stats(url) {
  return (await fetch(`${url}/__bench/stats`)).json();
}

async function get(url, cookie) {
  const response = await fetch(url, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  const html = await response.text();
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  return html;
}

/** List rows in the HTML (table body rows and the queue's items): what "a bounded list" is checked by. */
function tableRows(html) {
  const tableBodyRows = (html.match(/<tr[\s>]/g) ?? []).length - (html.match(/<thead/g) ?? []).length;
  return tableBodyRows + (html.match(/data-testid="queue-item"/g) ?? []).length;
}

/**
 * The JavaScript a page makes the browser load before it is interactive: every /assets/*.js its HTML names (module
 * preloads, the entry, the route manifest), raw and gzipped. Chunks imported later (on a click) are not counted.
 */
async function javascriptOf(baseUrl, html, cache) {
  const files = [...new Set(html.match(/\/assets\/[\w.-]+\.js/g) ?? [])];
  let bytes = 0;
  let gzipBytes = 0;
  for (const file of files) {
    if (!cache.has(file)) {
      const body = Buffer.from(await (await fetch(`${baseUrl}${file}`)).arrayBuffer());
      cache.set(file, { bytes: body.length, gzipBytes: zlib.gzipSync(body).length });
    }
    bytes += cache.get(file).bytes;
    gzipBytes += cache.get(file).gzipBytes;
  }
  return { files: files.length, bytes, gzipBytes };
}

async function load(url, headers, options) {
  // A generous timeout: a page that takes seconds (an unbounded list) should be measured, not dropped.
  const result = await autocannon({ url, connections: options.connections, duration: options.duration, headers, timeout: 60 });
  return {
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** Exactly `amount` requests over `connections` connections; resolves when every one is answered. */
async function loadAmount(url, headers, connections, amount) {
  const result = await autocannon({ url, connections, amount, headers, timeout: 60 });
  return { requests: result.requests.total };
}

/**
 * Every page and variant the run measures, under full load, before any is timed: a server just started runs its
 * code interpreted until V8 has compiled it, and the first page measured paid for that (10.9 CPU-ms a request on
 * the account page in its first 6 s against 6.0–7.3 in the next four runs, 2026-11-27). Shared code (the renderer,
 * React Router, the session) warms on every page, so each gets an equal share of the time.
 */
async function warmUpServer(baseUrl, options, context, cookies) {
  if (!(options.warmUp > 0)) return;
  const variants = [];
  for (const name of options.pages) {
    const page = PAGES[name];
    if (name === "review" && !context.caseId) continue;
    const cookie = page.as ? cookies[page.as] : null;
    for (const gzip of options.gzip) variants.push({ url: `${baseUrl}${page.path(context)}`, headers: { ...(cookie ? { cookie } : {}), ...(gzip ? { "accept-encoding": "gzip" } : {}) } });
    if (options.navigation && !page.data) variants.push({ url: `${baseUrl}${navigationAddress(page.path(context))}`, headers: cookie ? { cookie } : {} });
  }
  const seconds = Math.max(1, Math.round(options.warmUp / Math.max(1, variants.length)));
  for (const variant of variants) await autocannon({ url: variant.url, connections: options.connections, duration: seconds, headers: variant.headers, timeout: 60 });
}

/**
 * One timed run of `url`, printed after `label`: requests per second, latency, CPU-ms and statements per request.
 * The statements are counted over a fixed number of requests at full concurrency first, all answered before it
 * returns, so they are exact (a timed run leaves up to one request per connection unanswered but running).
 */
async function timedRun(server, url, headers, options, label) {
  const statementsBefore = (await stats(server.url)).statements;
  const counted = await loadAmount(url, headers, options.connections, options.connections * 4);
  const statementsPerRequest = ((await stats(server.url)).statements - statementsBefore) / Math.max(1, counted.requests);
  const cpuBefore = cpuMs(server.pid);
  const loopBefore = cpuMs(server.pid, server.pid);
  const run = await load(url, headers, options);
  const cpu = (cpuMs(server.pid) - cpuBefore) / Math.max(1, run.requests);
  // The event loop's own thread: what bounds one process's throughput. The rest is Node's helper threads, and on
  // PGlite the database's thread (decision 095), which runs beside it as PostgreSQL's processes do.
  const loopCpu = (cpuMs(server.pid, server.pid) - loopBefore) / Math.max(1, run.requests);
  console.log(
    `  ${label} ${run.rps.toFixed(1).padStart(7)} req/s  p50 ${String(run.p50).padStart(4)} ms  p99 ${String(run.p99).padStart(5)} ms  ${cpu.toFixed(2).padStart(6)} CPU-ms/req (event loop ${loopCpu.toFixed(2)})  ${statementsPerRequest.toFixed(1)} statements/req${run.non2xx || run.errors ? `  (${run.non2xx} non-2xx, ${run.errors} errors)` : ""}`,
  );
  return { ...run, cpuMsPerRequest: cpu, loopCpuMsPerRequest: loopCpu, statementsPerRequest };
}

async function measureBare(options) {
  const bare = await startBare();
  try {
    await load(bare.url, {}, { ...options, duration: 1 });
    const before = cpuMs(bare.pid);
    const run = await load(bare.url, {}, options);
    return { ...run, cpuMsPerRequest: (cpuMs(bare.pid) - before) / Math.max(1, run.requests) };
  } finally {
    await bare.stop();
  }
}

/** The sign-in page in headless Chromium, beside the bare Node page (served only for this). */
async function signInPageInBrowser(url) {
  const bare = await startBare();
  try {
    const timing = await browserTiming({ url: `${url}${PAGES["sign-in"].path()}`, bareUrl: bare.url });
    console.log(`  sign-in page in Chromium: first byte ${timing.cold.ttfbMs.toFixed(1)} ms (bare ${timing.bare.ttfbMs.toFixed(1)} ms), hydrated ${timing.cold.hydratedMs.toFixed(0)} ms cold, ${timing.warm.hydratedMs.toFixed(0)} ms warm`);
    return timing;
  } finally {
    await bare.stop();
  }
}

async function benchDatabase(kind, options) {
  // The yardstick again for each database: on a shared machine the load changes within a run, and a ratio is only
  // as good as the bare figure measured closest to it.
  const bare = await measureBare(options);
  console.log(`  bare Node ${bare.rps.toFixed(0)} req/s (before ${kind})`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "casus-bench-data-"));
  const postgres = kind === "postgres" ? await startPostgres() : null;
  const databaseUrl = postgres?.url ?? null;
  let server = null;
  try {
    // First start: migrations and demo data; then the bulk dossiers with the server stopped; then the measured start.
    server = await startCasus({ dataDir, databaseUrl });
    await server.stop();
    const seedStarted = performance.now();
    await seedDossiers({ databaseUrl, dataDir, count: options.dossiers });
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    server = await startCasus({ dataDir, databaseUrl, cpuProfileDir: options.profile ? path.join(options.profile, kind) : null });
    const pro = await signIn(server.url, "pro@casus.test");
    const supervisor = await signIn(server.url, "supervisor@casus.test");
    const admin = options.pages.some((name) => PAGES[name].as === "admin") ? await signIn(server.url, "admin@casus.test") : null;
    const proId = /\/pro\/([^/?]+)/.exec(pro.location)?.[1];
    if (!proId) throw new Error(`the professional's sign-in went to ${pro.location}`);
    const queueHtml = await get(`${server.url}/en/supervisor`, supervisor.cookie);
    const caseId = /\/supervisor\/case\/([^/"?]+)/.exec(queueHtml)?.[1];
    const context = { proId, caseId };
    const cookies = { pro: pro.cookie, supervisor: supervisor.cookie, admin: admin?.cookie };
    await new Promise((r) => setTimeout(r, 2000));
    const idle = memoryMiB(server.pid);
    const browser = options.browser ? await signInPageInBrowser(server.url) : null;
    await warmUpServer(server.url, options, context, cookies);
    const pages = {};
    const javascriptCache = new Map();
    for (const name of options.pages) {
      const page = PAGES[name];
      if (name === "review" && !caseId) {
        console.log(`  ${name}: no dossier in the supervisor's queue, skipped`);
        continue;
      }
      const url = `${server.url}${page.path(context)}`;
      const cookie = page.as ? cookies[page.as] : null;
      await get(url, cookie);
      const before = await stats(server.url);
      const singleStarted = performance.now();
      const html = await get(url, cookie);
      const singleMs = performance.now() - singleStarted;
      const after = await stats(server.url);
      // The stats request itself sends no statement; the page request's statements are the difference.
      const result = {
        path: page.path(context).replace(proId, ":proId").replace(caseId ?? "\0", ":caseId"),
        statements: after.statements - before.statements,
        // One request on an otherwise idle server: its latency and CPU time, and the statements it sent.
        singleMs,
        singleCpuMs: (after.cpuMicros - before.cpuMicros) / 1000,
        ...(options.showStatements ? { statementTexts: lastOf(after.recentStatements ?? [], after.statements - before.statements) } : {}),
        htmlBytes: Buffer.byteLength(html),
        gzipBytes: zlib.gzipSync(html).length,
        rows: tableRows(html),
        javascript: await javascriptOf(server.url, html, javascriptCache),
      };
      for (const gzip of options.gzip) {
        const headers = { ...(cookie ? { cookie } : {}), ...(gzip ? { "accept-encoding": "gzip" } : {}) };
        result[gzip ? "gzip" : "plain"] = await timedRun(server, url, headers, options, `${kind.padEnd(8)} ${name.padEnd(11)} ${gzip ? "gzip " : "plain"}`);
      }
      if (options.navigation && !page.data) {
        const dataUrl = `${server.url}${navigationAddress(page.path(context))}`;
        const headers = cookie ? { cookie } : {};
        const check = await fetch(dataUrl, { headers, redirect: "manual" });
        await check.arrayBuffer();
        if (check.status !== 200) throw new Error(`GET ${dataUrl} answered ${check.status}`);
        result.navigation = await timedRun(server, dataUrl, headers, options, `${kind.padEnd(8)} ${name.padEnd(11)} .data`);
      }
      pages[name] = result;
    }
    // The peak under the pages' load, as before live delivery was measured (its 1,000 streams hold memory of their own).
    const peak = memoryMiB(server.pid).peak;
    // Live delivery last: its messages change the dossier the review page shows. A failure there is reported
    // with the run, whose pages are measured by then.
    let live = null;
    try {
      const received = options.liveClients > 0 && caseId ? await deliverEvents({ bases: [server.url], cookie: supervisor.cookie, dossierId: caseId, clients: options.liveClients, events: options.liveEvents }) : null;
      await server.stop();
      // Read after the server stopped: a PGlite directory is never open in two processes.
      live = received && deliveryLatencies(received, await readEventTimes({ databaseUrl, dataDir, dossierId: caseId, count: options.liveEvents }), options.liveClients);
    } catch (error) {
      live = { error: String(error?.message ?? error) };
    }
    if (live?.error) console.log(`  ${kind.padEnd(8)} live events: failed, ${live.error}`);
    else if (live) console.log(`  ${kind.padEnd(8)} live events: ${live.streams} streams × ${live.events} events, ${live.missed} missed, commit→receipt p50 ${live.p50.toFixed(0)} ms, p99 ${live.p99.toFixed(0)} ms`);
    return { dossiers: options.dossiers, seedSeconds, idleRssMiB: idle.rss, peakRssMiB: peak, bare, browser, pages, live };
  } finally {
    await server?.stop();
    await postgres?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function pct(value, base) {
  return `${((100 * value) / base).toFixed(2)}%`;
}

function report(results) {
  const lines = [];
  for (const [kind, db] of Object.entries(results.databases)) {
    const bare = db.bare ?? results.bare;
    lines.push("");
    lines.push(`${kind} (${db.dossiers} bulk dossiers): idle RSS ${db.idleRssMiB.toFixed(0)} MiB, peak RSS ${db.peakRssMiB.toFixed(0)} MiB`);
    lines.push(`bare Node before it: ${bare.rps.toFixed(0)} req/s, p50 ${bare.p50} ms, p99 ${bare.p99} ms, ${bare.cpuMsPerRequest.toFixed(3)} CPU-ms/req`);
    if (db.live?.error) lines.push(`live events (SSE): failed, ${db.live.error}`);
    else if (db.live) lines.push(`live events (SSE): ${db.live.streams} streams, ${db.live.events} events, ${db.live.receipts} receipts, ${db.live.missed} missed; commit→receipt p50 ${db.live.p50.toFixed(0)} ms, p99 ${db.live.p99.toFixed(0)} ms, max ${db.live.max.toFixed(0)} ms`);
    if (db.browser) {
      const { bare: b, cold, warm } = db.browser;
      lines.push(
        `sign-in page in Chromium (medians of ${cold.samples}): first byte ${cold.ttfbMs.toFixed(1)} ms cold, ${warm.ttfbMs.toFixed(1)} ms warm (${(cold.ttfbMs / b.ttfbMs).toFixed(1)}× bare Node's ${b.ttfbMs.toFixed(1)} ms); hydrated ${cold.hydratedMs.toFixed(0)} ms cold, ${warm.hydratedMs.toFixed(0)} ms warm`,
      );
    }
    lines.push("page         statements rows  html kB  js kB gz single ms | plain: % of bare  p50  p99  CPU-ms  loop | gzip: % of bare  p50  p99  CPU-ms  loop | gzip cost");
    for (const [name, page] of Object.entries(db.pages)) {
      const part = (run) =>
        run
          ? `${pct(run.rps, bare.rps).padStart(8)} ${String(run.p50).padStart(5)} ${String(run.p99).padStart(5)} ${run.cpuMsPerRequest.toFixed(1).padStart(6)} ${run.loopCpuMsPerRequest.toFixed(1).padStart(5)}`
          : "        -     -     -      -     -";
      const cost = page.plain && page.gzip ? `${(100 * (1 - page.gzip.rps / page.plain.rps)).toFixed(0)}%` : "-";
      lines.push(`${name.padEnd(12)} ${String(page.statements).padStart(10)} ${String(page.rows).padStart(4)} ${(page.htmlBytes / 1024).toFixed(1).padStart(8)} ${(page.javascript ? (page.javascript.gzipBytes / 1024).toFixed(0) : "-").padStart(8)} ${page.singleMs.toFixed(0).padStart(9)} | ${part(page.plain)}        | ${part(page.gzip)}       | ${cost}`);
    }
    const floor = db.pages.floor?.plain ?? db.pages.floor?.gzip;
    if (floor) {
      // Issue 13's 0.6% of bare Node, as event-loop time per request at this run's bare Node rate, beside what a
      // signed-in request costs before any HTML is rendered.
      const budget = 1000 / (0.006 * bare.rps);
      lines.push(`signed-in floor (account page's .data, no HTML): ${pct(floor.rps, bare.rps)} of bare Node, event loop ${floor.loopCpuMsPerRequest.toFixed(1)} CPU-ms/request; 0.6% of bare Node leaves ${budget.toFixed(1)} ms a request`);
    }
    const navigations = Object.entries(db.pages).filter(([, page]) => page.navigation);
    if (navigations.length) {
      lines.push("navigation (.data) | % of bare  p50  p99  CPU-ms  loop  statements");
      for (const [name, page] of navigations) {
        const run = page.navigation;
        lines.push(`${name.padEnd(18)} | ${pct(run.rps, bare.rps).padStart(9)} ${String(run.p50).padStart(4)} ${String(run.p99).padStart(4)} ${run.cpuMsPerRequest.toFixed(1).padStart(7)} ${run.loopCpuMsPerRequest.toFixed(1).padStart(5)} ${run.statementsPerRequest.toFixed(1).padStart(11)}`);
      }
    }
  }
  return lines.join("\n");
}

const options = parseArgs(process.argv.slice(2));
ensureDebianPackages({ ...(options.db.includes("postgres") ? { postgresql: "the PostgreSQL runs" } : {}), ...(options.browser ? { chromium: "the browser timings (--no-browser skips them)" } : {}) });
if (options.build) {
  console.log("Building (NODE_ENV=production react-router build)…");
  const build = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, NODE_ENV: "production" } });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const started = new Date();
console.log(`${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}, Node ${process.version}; ${options.connections} connections, ${options.duration} s per run`);
const results = { started: started.toISOString(), machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version, loadAverage: os.loadavg() }, options, databases: {} };
for (const kind of options.db) results.databases[kind] = await benchDatabase(kind, options);
console.log(`\n${report(results)}`);
const out = options.out ?? path.join(root, "bench", "results", `pages-${started.toISOString().replace(/[:.]/g, "-")}.json`);
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
console.log(`\nResults: ${path.relative(process.cwd(), out)}`);
