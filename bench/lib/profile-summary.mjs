#!/usr/bin/env node
/**
 * Summarises a V8 .cpuprofile (node --cpu-prof; `npm run bench -- --profile DIR` writes one per server):
 *   node bench/lib/profile-summary.mjs FILE [top=25] [filter]
 * Prints the functions with the most self time and with the most total (inclusive) time, as shares of the
 * profile, with the file they are in. Recursion is counted once. `filter` limits the inclusive list to names
 * containing it (e.g. "Route").
 */
import fs from "node:fs";
import path from "node:path";

const [file, topArg = "25", filter = ""] = process.argv.slice(2);
const profile = JSON.parse(fs.readFileSync(file, "utf8"));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

// Self time per node from the samples and their time deltas.
const self = new Map();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...self.values()].reduce((a, b) => a + b, 0);

const label = (n) => {
  const f = n.callFrame;
  const where = f.url ? `${path.basename(f.url)}:${f.lineNumber + 1}` : "";
  return `${f.functionName || "(anonymous)"} ${where}`.trim();
};

const selfByLabel = new Map();
for (const [id, t] of self) selfByLabel.set(label(byId.get(id)), (selfByLabel.get(label(byId.get(id))) ?? 0) + t);

// Inclusive: each sample counts once for every distinct function on its stack.
const inclusive = new Map();
profile.samples.forEach((id, i) => {
  const seen = new Set();
  for (let n = id; n !== undefined; n = parent.get(n)) {
    const l = label(byId.get(n));
    if (seen.has(l)) continue;
    seen.add(l);
    inclusive.set(l, (inclusive.get(l) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
});

const top = Number(topArg);
const show = (title, map, keep = () => true) => {
  console.log(`\n${title}`);
  for (const [l, t] of [...map].filter(([l]) => keep(l)).sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${((100 * t) / total).toFixed(1).padStart(5)}%  ${l}`);
};
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`);
show("self time", selfByLabel);
show("total time", inclusive, (l) => !filter || l.includes(filter));
