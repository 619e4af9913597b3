/** The one HTTP client against a real local HTTP server: what is retried, what is not, and the timeout. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { FetchError } from "ofetch";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { HTTP_RETRY_STATUSES, REQUEST_TIMEOUT_MS } from "~/domain/constants";
import { createHttpClient, http, retryCountFor } from "./http";

let server: Server;
let base: string;
/** Requests seen per path, as "METHOD path". */
let seen: string[];
/** Paths whose first request fails with 503 before succeeding. */
const flaky = new Set<string>();

function handle(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url!, "http://x");
  seen.push(`${req.method} ${url.pathname}`);
  const status = /^\/status\/(\d{3})$/.exec(url.pathname);
  if (status) {
    res.writeHead(Number(status[1]), { "content-type": "application/json" }).end(JSON.stringify({ code: "status" }));
    return;
  }
  if (url.pathname === "/hang") return; // Never answers.
  if (url.pathname.startsWith("/flaky/")) {
    if (!flaky.has(url.pathname)) {
      flaky.add(url.pathname);
      res.writeHead(503).end();
      return;
    }
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ ok: true }));
    return;
  }
  res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ path: url.pathname }));
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen = [];
});

async function statusOf(promise: Promise<unknown>): Promise<number | undefined> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(FetchError);
    return (error as FetchError).status;
  }
  throw new Error("the request should have failed");
}

describe("retryCountFor", () => {
  it("retries once without a body, never with one", () => {
    for (const method of [undefined, "GET", "get", "HEAD", "OPTIONS"]) expect(retryCountFor(method)).toBe(1);
    for (const method of ["POST", "post", "PUT", "PATCH", "DELETE"]) expect(retryCountFor(method)).toBe(0);
  });
});

describe("http against a real server", () => {
  it("returns parsed JSON", async () => {
    await expect(http<{ path: string }>(`${base}/hello`)).resolves.toEqual({ path: "/hello" });
    expect(seen).toEqual(["GET /hello"]);
  });

  it("retries on exactly the seed's statuses", () => {
    expect([...HTTP_RETRY_STATUSES]).toEqual([408, 409, 425, 429, 500, 502, 503, 504]);
  });

  it.each([...HTTP_RETRY_STATUSES])("retries a GET exactly once on %i", async (status) => {
    expect(await statusOf(http(`${base}/status/${status}`))).toBe(status);
    expect(seen).toEqual([`GET /status/${status}`, `GET /status/${status}`]);
  });

  it("succeeds when the one retry succeeds", async () => {
    await expect(http<{ ok: boolean }>(`${base}/flaky/a`)).resolves.toEqual({ ok: true });
    expect(seen).toEqual(["GET /flaky/a", "GET /flaky/a"]);
  });

  it.each([400, 401, 403, 404, 410, 422, 501, 505])("does not retry a GET on %i", async (status) => {
    expect(await statusOf(http(`${base}/status/${status}`))).toBe(status);
    expect(seen).toEqual([`GET /status/${status}`]);
  });

  it.each(["POST", "PUT", "PATCH", "DELETE"])("never retries a %s, even on a retryable status", async (method) => {
    expect(await statusOf(http(`${base}/status/503`, { method, body: { a: 1 } }))).toBe(503);
    expect(seen).toEqual([`${method} /status/503`]);
  });

  it("never retries a POST, even when the first attempt would have succeeded the second time", async () => {
    expect(await statusOf(http(`${base}/flaky/post`, { method: "POST", body: {} }))).toBe(503);
    expect(seen).toEqual(["POST /flaky/post"]);
  });
});

describe("timeout", () => {
  it("is the seed's 15 s for the one client", async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(15_000);
    const setTimeoutSpy = vi.spyOn(globalThis, "setTimeout");
    await http(`${base}/timer`);
    expect(setTimeoutSpy.mock.calls.map(([, delay]) => delay)).toContain(15_000);
  });

  it("aborts a request that takes longer than the timeout", async () => {
    const quick = createHttpClient({ timeoutMs: 150 });
    const started = Date.now();
    const error = await quick(`${base}/hang`).catch((e: unknown) => e);
    const elapsed = Date.now() - started;
    expect(error).toBeInstanceOf(FetchError);
    expect(String((error as FetchError).message)).toMatch(/timeout/i);
    expect(seen[0]).toBe("GET /hang");
    // (ofetch 1.5 reuses the aborted signal for its retry, so a timed-out GET reaches the server only once.)
    expect(elapsed).toBeGreaterThanOrEqual(140);
    expect(elapsed).toBeLessThan(5_000);
  });

  it("aborts a POST that takes longer without retrying it", async () => {
    const quick = createHttpClient({ timeoutMs: 150 });
    const error = await quick(`${base}/hang`, { method: "POST", body: {} }).catch((e: unknown) => e);
    expect(String((error as FetchError).message)).toMatch(/timeout/i);
    expect(seen).toEqual(["POST /hang"]);
  });
});

describe("what the client tells the online status", () => {
  const status = () => {
    const seen: string[] = [];
    return { seen, status: { online: () => true, subscribe: () => () => {}, reportFailure: () => seen.push("failure"), reportAnswer: () => seen.push("answer"), stop: () => {} } };
  };

  it("an answer, also an error status, means the server is reachable", async () => {
    const { seen, status: s } = status();
    const client = createHttpClient({ timeoutMs: 1_000, status: () => s });
    await client(`${base}/ok`);
    await client(`${base}/status/404`).catch(() => undefined);
    expect(seen).toEqual(["answer", "answer"]);
  });

  it("no answer at all (nothing listening) means it is not", async () => {
    const { seen, status: s } = status();
    const client = createHttpClient({ timeoutMs: 1_000, status: () => s });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(client(`http://127.0.0.1:${port}/x`, { method: "POST", body: {} })).rejects.toBeInstanceOf(FetchError);
    expect(seen).toEqual(["failure"]);
  });

  it("a request its caller cancels says nothing", async () => {
    const { seen, status: s } = status();
    const client = createHttpClient({ timeoutMs: 5_000, status: () => s });
    const controller = new AbortController();
    const pending = client(`${base}/hang`, { method: "POST", body: {}, signal: controller.signal }).catch(() => undefined);
    setTimeout(() => controller.abort(), 50);
    await pending;
    expect(seen).toEqual([]);
  });

  it("raw gives the whole response whatever its status", async () => {
    const response = await http.raw<{ code: string }>(`${base}/status/418`);
    expect(response.status).toBe(418);
    expect(response._data).toEqual({ code: "status" });
  });
});

