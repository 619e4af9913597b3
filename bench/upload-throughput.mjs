#!/usr/bin/env node
/**
 * Upload throughput through /api/uploads against plain disk writes on the same machine (not part of npm test):
 *   npm run build && node bench/upload-throughput.mjs [sizeMiB=1024]
 *
 * 1. Disk: writes the same number of bytes to a file in a temporary directory in 16 MiB writes, then fsync.
 * 2. Upload: starts the production server (node server.js, demo data, PGlite, disk object store in a temporary
 *    DATA_DIR), signs in as the demo professional and sends the bytes with the tus protocol in 16 MiB PATCH
 *    requests, as the browser client does (UPLOAD_CHUNK_BYTES). The time runs until the last PATCH is answered,
 *    which is after the upload has been moved into the object store and its SHA-256 recorded.
 * Prints both rates and the ratio upload/disk. The bytes are generated, so the file never exists in memory.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { signIn } from "./lib/sign-in.mjs";
import { appCheckHeaders, CHUNK, diskWrite, MiB, patchChunk } from "./lib/upload.mjs";

const SIZE = Number(process.argv[2] ?? 1024) * MiB;
const root = path.resolve(import.meta.dirname, "..");

function mibPerSecond(bytes, ms) {
  return bytes / MiB / (ms / 1000);
}

function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startServer(dataDir) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["server.js"], {
    cwd: root,
    env: { PATH: process.env.PATH, NODE_ENV: "production", DEMO: "on", PORT: String(port), HOST: "127.0.0.1", BASE_URL: url, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 400; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, child };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  child.kill();
  throw new Error("the server did not start");
}

async function upload(url, cookie) {
  const check = await appCheckHeaders(url, cookie);
  const metadata = ["filetype", "video/webm", "filename", "bench.webm"];
  const created = await fetch(`${url}/api/uploads`, {
    method: "POST",
    headers: {
      "Tus-Resumable": "1.0.0",
      "Upload-Length": String(SIZE),
      "Upload-Metadata": `${metadata[0]} ${Buffer.from(metadata[1]).toString("base64")},${metadata[2]} ${Buffer.from(metadata[3]).toString("base64")}`,
      cookie,
      ...check,
    },
  });
  if (created.status !== 201) throw new Error(`creating the upload answered ${created.status}: ${await created.text()}`);
  const location = created.headers.get("location");
  const started = performance.now();
  let offset = 0;
  while (offset < SIZE) offset = await patchChunk(`${url}${location}`, { cookie, ...check }, offset, SIZE);
  const ms = performance.now() - started;
  const info = await (await fetch(`${url}/api/media/${location.split("/").pop()}`, { headers: { cookie } })).json();
  if (info.size !== SIZE || info.status !== "complete") throw new Error(`unexpected result ${JSON.stringify(info)}`);
  return ms;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "casus-bench-"));
try {
  console.log(`Size ${SIZE / MiB} MiB, ${CHUNK / MiB} MiB writes/requests, on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"})`);
  const diskMs = await diskWrite(dir, SIZE);
  console.log(`disk write:   ${(diskMs / 1000).toFixed(1)} s  ${mibPerSecond(SIZE, diskMs).toFixed(0)} MiB/s`);
  const server = await startServer(path.join(dir, "data"));
  try {
    const { cookie } = await signIn(server.url, "pro@casus.test");
    const uploadMs = await upload(server.url, cookie);
    console.log(`tus upload:   ${(uploadMs / 1000).toFixed(1)} s  ${mibPerSecond(SIZE, uploadMs).toFixed(0)} MiB/s (until stored in the object store with its SHA-256)`);
    console.log(`ratio upload/disk: ${(diskMs / uploadMs).toFixed(2)}`);
  } finally {
    server.child.kill("SIGTERM");
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
