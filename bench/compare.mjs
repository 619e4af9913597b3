#!/usr/bin/env node
/**
 * Two page-benchmark results side by side (JSON files written by `npm run bench`), as a Markdown table:
 *   node bench/compare.mjs BEFORE.json AFTER.json [plain|gzip]
 * Throughput is compared as each run's share of its own bare Node server, so runs on busier or quieter moments
 * (or other machines) still compare; CPU-ms, statements, rows and HTML size are absolute. The event loop's CPU-ms
 * appears only in results written since it was measured (2026-11-27, decision 095).
 */
import fs from "node:fs";

const [beforeFile, afterFile, variant = "plain"] = process.argv.slice(2);
if (!beforeFile || !afterFile) {
  console.error("usage: node bench/compare.mjs BEFORE.json AFTER.json [plain|gzip]");
  process.exit(1);
}
const before = JSON.parse(fs.readFileSync(beforeFile, "utf8"));
const after = JSON.parse(fs.readFileSync(afterFile, "utf8"));

const share = (run, bare) => (run ? `${((100 * run.rps) / bare.rps).toFixed(2)}%` : "–");
const ms = (value, digits = 0) => (value === undefined || value === null ? "–" : value.toFixed(digits));
const pair = (a, b) => `${a} → ${b}`;

for (const [kind, db] of Object.entries(after.databases)) {
  const old = before.databases[kind];
  if (!old) continue;
  console.log(`\n**${kind}**, ${db.dossiers} bulk dossiers, ${variant}: idle RSS ${pair(ms(old.idleRssMiB), ms(db.idleRssMiB))} MiB, peak RSS ${pair(ms(old.peakRssMiB), ms(db.peakRssMiB))} MiB`);
  // Live delivery is in results written since 2026-12-02.
  if (old.live || db.live) console.log(`live events (SSE), commit→receipt: p50 ${pair(ms(old.live?.p50), ms(db.live?.p50))} ms, p99 ${pair(ms(old.live?.p99), ms(db.live?.p99))} ms, missed ${pair(old.live?.missed ?? "–", db.live?.missed ?? "–")}`);
  console.log("");
  console.log("| page | % of bare Node | p50 ms | p99 ms | CPU-ms/request | event loop CPU-ms | statements | rows | HTML kB | one request ms |");
  console.log("|---|---|---|---|---|---|---|---|---|---|");
  for (const [name, page] of Object.entries(db.pages)) {
    const was = old.pages[name];
    if (!was) continue;
    const a = was[variant];
    const b = page[variant];
    console.log(
      `| ${name} | ${pair(share(a, old.bare ?? before.bare), share(b, db.bare ?? after.bare))} | ${pair(ms(a?.p50), ms(b?.p50))} | ${pair(ms(a?.p99), ms(b?.p99))} | ${pair(ms(a?.cpuMsPerRequest, 1), ms(b?.cpuMsPerRequest, 1))} | ${pair(ms(a?.loopCpuMsPerRequest, 1), ms(b?.loopCpuMsPerRequest, 1))} | ${pair(was.statements, page.statements)} | ${pair(was.rows, page.rows)} | ${pair(ms(was.htmlBytes / 1024, 1), ms(page.htmlBytes / 1024, 1))} | ${pair(ms(was.singleMs), ms(page.singleMs))} |`,
    );
  }
}
