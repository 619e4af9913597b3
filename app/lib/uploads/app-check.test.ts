/**
 * The browser's app-check token against a real loopback server whose clock differs from the device's: the token
 * is fetched again five minutes before the server lets it expire, on whichever clock the device keeps.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { APP_CHECK_REFRESH_BEFORE_MS, APP_CHECK_TTL_MS } from "~/domain/constants";
import { appCheckToken, forgetAppCheckToken } from "./app-check";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let server: http.Server | undefined;
afterEach(async () => {
  forgetAppCheckToken();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A server whose clock runs `ahead` ms ahead of this process's; each token is named by its request's number. */
async function serverAhead(ahead: number) {
  let requests = 0;
  server = http.createServer((_req, res) => {
    requests++;
    const now = Date.now() + ahead;
    res.sendDate = false;
    res.writeHead(200, { "content-type": "application/json", date: new Date(now).toUTCString(), connection: "close" });
    res.end(JSON.stringify({ token: `token-${requests}`, expiresAt: now + APP_CHECK_TTL_MS }));
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/app-check`, requests: () => requests };
}

describe("the app-check token on a device whose clock is off", () => {
  for (const [name, ahead] of [
    ["right", 0],
    ["three hours behind the server", 3 * HOUR],
    ["a day ahead of the server", -24 * HOUR],
  ] as const) {
    it(`is kept until five minutes before the server lets it expire, then fetched again (device clock ${name})`, async () => {
      const { url, requests } = await serverAhead(ahead);
      const start = Date.now();
      expect(await appCheckToken(start, url)).toBe("token-1");
      const renewAt = start + APP_CHECK_TTL_MS - APP_CHECK_REFRESH_BEFORE_MS;
      expect(await appCheckToken(renewAt - MINUTE, url)).toBe("token-1");
      expect(await appCheckToken(renewAt + MINUTE, url)).toBe("token-2");
      expect(requests()).toBe(2);
    });
  }
});
