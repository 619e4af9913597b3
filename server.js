// Starts Casus: the built app in production (npm start, npm run demo), or Vite's dev server (npm run dev).
// Prints the address, demo accounts and the first-admin setup code; closes the database on SIGTERM/SIGINT.
import fs from "node:fs";
import process from "node:process";
import v8 from "node:v8";
import { fileURLToPath } from "node:url";

const here = (relative) => fileURLToPath(new URL(relative, import.meta.url));

// Settings may also come from a .env file beside this one (see .env.example); real environment variables win.
if (fs.existsSync(here("./.env"))) process.loadEnvFile(here("./.env"));

const development = process.env.NODE_ENV === "development";

// The embedded database (PGlite, when DATABASE_URL is not set) is PostgreSQL compiled to WebAssembly. V8 compiles
// WebAssembly twice by default: a quick baseline for every function at start-up, then optimised code for the hot
// ones, and keeps both. Optimised code only takes about 60 MB off the process for its whole life (idle RSS about
// 300 → 240 MB), for about 1.5 s more start-up on two cores (docs/performance.md, issue 13). Development keeps the
// quick start.
if (!development && !process.env.DATABASE_URL) v8.setFlagsFromString("--no-liftoff");

async function load() {
  if (!development) {
    const { createApp } = await import("./build/server/index.js");
    return createApp({ clientBuildDir: here("./build/client") });
  }
  const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
  const { createApp } = await vite.ssrLoadModule("./server/app.ts");
  return createApp({ devMiddleware: vite.middlewares });
}

let casus;
try {
  casus = await load();
} catch (error) {
  // Settings problems and a data directory in use are for a person to fix: print the message, not a stack trace.
  console.error(error?.name === "ConfigError" || error?.name === "DataDirectoryInUseError" ? error.message : error);
  process.exit(1);
}

const server = casus.app.listen(casus.config.port, casus.config.host, () => {
  const lines = [`Casus is running at ${casus.config.baseUrl} (listening on ${casus.config.host}:${casus.config.port})`, ...casus.startupMessages];
  process.stdout.write(`\n${lines.join("\n")}\n\n`);
});

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  process.stdout.write(`${signal} received, shutting down\n`);
  server.close();
  server.closeAllConnections?.();
  await casus.shutdown();
  process.exit(0);
}
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));
