/**
 * Request log lines over real HTTP: `npm start` writes one per request at info; the demo keeps its console for the
 * address and accounts (its lines are debug, so LOG_LEVEL=debug shows them), but a server error is always written.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "../logger.server";
import { createRequestLog } from "./request-log.server";

const servers: http.Server[] = [];
afterEach(() => Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve)))));

async function serve(demo: boolean, level: string) {
  const lines: { level: number; res?: { statusCode: number }; req?: { url: string } }[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = express();
  app.use(createRequestLog({ demo, logger: createLogger(destination, level) }));
  app.get("/ok", (_req, res) => void res.send("ok"));
  app.get("/missing", (_req, res) => void res.status(404).send("no"));
  app.get("/broken", (_req, res) => void res.status(500).send("broken"));
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    lines,
    async get(path: string) {
      await (await fetch(`${base}${path}`)).text();
      // pino-http writes when the response has finished; give the stream its turn.
      await new Promise((resolve) => setTimeout(resolve, 20));
    },
  };
}

describe("request log lines", () => {
  it("npm start: every request at info, a 404 at warn, a 500 at error", async () => {
    const log = await serve(false, "info");
    for (const path of ["/ok", "/missing", "/broken"]) await log.get(path);
    expect(log.lines.map((l) => [l.req?.url, l.level])).toEqual([
      ["/ok", 30],
      ["/missing", 40],
      ["/broken", 50],
    ]);
  });

  it("demo at the default level: only the server error reaches the console", async () => {
    const log = await serve(true, "info");
    for (const path of ["/ok", "/missing", "/broken"]) await log.get(path);
    expect(log.lines.map((l) => [l.req?.url, l.level])).toEqual([["/broken", 50]]);
  });

  it("demo at LOG_LEVEL=debug: every request again", async () => {
    const log = await serve(true, "debug");
    for (const path of ["/ok", "/missing", "/broken"]) await log.get(path);
    expect(log.lines.map((l) => [l.req?.url, l.level])).toEqual([
      ["/ok", 20],
      ["/missing", 20],
      ["/broken", 50],
    ]);
  });
});
