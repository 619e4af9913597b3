// The bare Node HTTP server the benchmark measures Casus against: the least a Node server can do per request.
import http from "node:http";

const body = "<!doctype html><title>bare</title><p>Hello</p>";
http
  .createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": Buffer.byteLength(body) });
    res.end(body);
  })
  .listen(Number(process.argv[2]), "127.0.0.1");
process.on("SIGTERM", () => process.exit(0));
