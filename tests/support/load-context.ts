/**
 * The load context a page loader or action gets from server/app.ts, for tests that run route modules directly
 * (a made-up nonce and request id, no request log).
 */
import type { AppLoadContext } from "react-router";

export function testLoadContext(): AppLoadContext {
  return {
    nonce: "test-nonce",
    requestId: "test-request",
    log: undefined as never,
    publicConfig: { buildId: "test", versionPollMs: 60_000, testPages: true, defaultLocale: "nl", offlineCacheBytes: 40 * 1024 * 1024, clinicTimeZone: "Europe/Amsterdam" },
    clientIp: "127.0.0.1",
    refusedStatus: null,
  };
}
