/**
 * A small load balancer on 127.0.0.1 for the several-instances test: every request goes to the next instance in
 * turn (no stickiness), streamed both ways, so event streams and large uploads pass as they would through a real
 * one. It notes which instance served each request.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface RoundRobinProxy {
  url: string;
  port: number;
  /** Each request so far: method, path and the index of the instance that served it. */
  served: { method: string; path: string; backend: number }[];
  close(): Promise<void>;
}

/** `backends` is read for every request: instances may be added once the proxy (and so its address) exists. */
export async function startRoundRobinProxy(backends: string[]): Promise<RoundRobinProxy> {
  let next = 0;
  const served: RoundRobinProxy["served"] = [];
  const sockets = new Set<import("node:net").Socket>();
  const server = http.createServer((req, res) => {
    const backend = next++ % backends.length;
    served.push({ method: req.method ?? "GET", path: req.url ?? "/", backend });
    const target = new URL(req.url ?? "/", backends[backend]);
    const upstream = http.request(target, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    // A client that goes away mid-request (a dropped upload) drops the request upstream too, as a proxy would.
    req.on("aborted", () => upstream.destroy());
    res.on("close", () => upstream.destroy());
    req.pipe(upstream);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://localhost:${actual}`,
    port: actual,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
