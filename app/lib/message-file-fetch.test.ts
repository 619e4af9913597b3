/**
 * The message files' fetch against a real loopback server that hangs up on the first requests without an answer,
 * as a phone's connection does when it drops for a moment.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { MESSAGE_FILE_ATTEMPTS } from "~/domain/constants";
import { messageFileFetch, messageFileRetryDelay } from "./message-file-fetch";

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A server that drops the connection of the first `drops` requests, then answers `status`. */
async function flakyServer(drops: number, status = 200) {
  let requests = 0;
  server = http.createServer((req, res) => {
    requests++;
    if (requests <= drops) {
      req.socket.destroy();
      return;
    }
    res.writeHead(status, { "content-type": "application/json", connection: "close" });
    res.end(JSON.stringify({ title: "Mijn profiel" }));
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/locales/nl/account.json`, requests: () => requests };
}

describe("fetching a message file", () => {
  it("waits 0.5, 1 and 2 s before the second, third and fourth attempt", () => {
    expect(MESSAGE_FILE_ATTEMPTS).toBe(4);
    expect([1, 2, 3].map(messageFileRetryDelay)).toEqual([500, 1_000, 2_000]);
  });

  it("tries again when the connection drops, and gets the file", { timeout: 20_000 }, async () => {
    const { url, requests } = await flakyServer(2);
    const response = await messageFileFetch(url);
    expect(await response.json()).toEqual({ title: "Mijn profiel" });
    expect(requests()).toBe(3);
  });

  it("gives up after its attempts, with the fetch's own error", { timeout: 20_000 }, async () => {
    const { url, requests } = await flakyServer(10);
    await expect(messageFileFetch(url)).rejects.toThrow(TypeError);
    expect(requests()).toBe(MESSAGE_FILE_ATTEMPTS);
  });

  it("passes on an answer as it came, even an error status (the backend decides on those)", async () => {
    const { url, requests } = await flakyServer(0, 404);
    expect((await messageFileFetch(url)).status).toBe(404);
    expect(requests()).toBe(1);
  });

  it("does not try again once the caller has cancelled", async () => {
    const { url, requests } = await flakyServer(10);
    const controller = new AbortController();
    controller.abort();
    await expect(messageFileFetch(url, { signal: controller.signal })).rejects.toThrow();
    expect(requests()).toBe(0);
  });
});
