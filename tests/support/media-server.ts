/**
 * A real HTTP server with the API table's routes (tus uploads, the media API and the rest) on the test database,
 * as server/app.ts mounts them. `restart()` closes the listener (dropping open connections) and starts a fresh upload server on
 * the same staging directory and port: what a process restart leaves behind is exactly the staged files.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import express from "express";
import { apiRouter } from "~/server/api/api-router.server";
import { createUploadServer } from "~/server/media/upload-server.server";
import { issueAppCheckToken } from "~/server/media/app-check.server";
import { APP_CHECK_HEADER } from "~/domain/constants";
import { DiskObjectStore } from "~/server/storage/disk-store.server";
import type { ObjectStore } from "~/server/storage/object-store.server";
import { installObjectStore } from "~/server/storage/storage.server";
import { DEMO_PASSWORD } from "~/server/demo/seed-demo.server";
import type { TestDatabase } from "./test-database";

export interface MediaTestServer {
  url: string;
  stagingDir: string;
  restart(): Promise<void>;
  sweep(now?: number): Promise<number>;
  close(): Promise<void>;
}

let uploads: ReturnType<typeof createUploadServer>;

function listen(port = 0): Promise<http.Server> {
  const app = express();
  uploads?.close();
  uploads = createUploadServer();
  app.use(apiRouter({ buildId: "test", uploads, trustedOrigins: [] }));
  const server = http.createServer(app);
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

async function stop(server: http.Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** `store`: the object store finished uploads go to (default: disk under DATA_DIR/objects). */
export async function startMediaServer(dataDir: string, store?: ObjectStore): Promise<MediaTestServer> {
  installObjectStore(store ?? new DiskObjectStore(path.join(dataDir, "objects")));
  let server = await listen();
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    stagingDir: path.join(dataDir, "uploads"),
    async restart() {
      await stop(server);
      // Let clients see their pooled connections closed, as they would across a real restart.
      await new Promise((resolve) => setTimeout(resolve, 200));
      server = await listen(port);
    },
    sweep: (now) => uploads.sweep(now),
    close: () => {
      uploads.close();
      return stop(server);
    },
  };
}

/** The Cookie header of a demo user signed in with the demo password, for requests to the media server. */
export async function signInCookie(database: TestDatabase, email: string): Promise<string> {
  const response = await database.auth.api.signInEmail({ body: { email, password: DEMO_PASSWORD }, asResponse: true });
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Headers with a valid app-check token, as a page of the app sends with every storage request. */
export function appCheckHeaders(): Record<string, string> {
  return { [APP_CHECK_HEADER]: issueAppCheckToken().token };
}
