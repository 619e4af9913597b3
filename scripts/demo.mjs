#!/usr/bin/env node
/**
 * `npm run demo`: build when the sources changed since the last build (quietly: the bundler's output is shown only
 * if the build fails), then start the production server in demo mode. The console then shows the address and the
 * demo accounts; request log lines appear only at LOG_LEVEL=debug (app/server/http/request-log.server.ts).
 */
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { buildIsCurrent, sourceHash, writeStamp } from "./build-stamp.mjs";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

if (buildIsCurrent(root)) {
  console.log("The build is up to date with the sources.");
} else {
  // Hash before building: a source edited during the build then makes the next start build again.
  const hash = sourceHash(root);
  process.stdout.write("Building Casus (about a minute the first time)… ");
  const started = Date.now();
  const result = spawnSync("npx", ["react-router", "build"], { cwd: root, env: { ...process.env, NODE_ENV: "production" }, encoding: "utf8" });
  if (result.status !== 0) {
    console.log("failed:\n");
    process.stdout.write(result.stdout ?? "");
    process.stderr.write(result.stderr ?? "");
    process.exit(result.status ?? 1);
  }
  writeStamp(root, hash);
  console.log(`done in ${Math.round((Date.now() - started) / 1000)} s.`);
}

const server = spawn(process.execPath, ["server.js"], { cwd: root, stdio: "inherit", env: { ...process.env, NODE_ENV: "production", DEMO: "on" } });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
