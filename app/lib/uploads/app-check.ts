/**
 * The browser's app-check token for storage requests (decision 051): fetched from the server, kept in memory,
 * and fetched again APP_CHECK_REFRESH_BEFORE_MS before it expires, so every request carries a valid one. Its expiry
 * is kept on the device's clock (device-clock.ts): on a clock an hour behind, the server's expiry taken as it stands
 * would keep a token the server refuses for that hour.
 */
import { APP_CHECK_HEADER, APP_CHECK_PATH, APP_CHECK_REFRESH_BEFORE_MS } from "~/domain/constants";
import { clockOffsetFromDateHeader, onDeviceClock } from "~/domain/device-clock";
import { http } from "~/lib/http";

let current: { token: string; expiresAt: number } | null = null;
let pending: Promise<string> | null = null;

/** `path` is the server's endpoint; a test passes a whole URL of its own server. */
export async function appCheckToken(now = Date.now(), path = APP_CHECK_PATH): Promise<string> {
  if (current && current.expiresAt - APP_CHECK_REFRESH_BEFORE_MS > now) return current.token;
  pending ??= (async () => {
    try {
      const response = await http.raw<{ token: string; expiresAt: number }>(path, { cache: "no-store" });
      if (!response.ok || !response._data) throw Object.assign(new Error(`app check ${response.status}`), { status: response.status });
      const { token, expiresAt } = response._data;
      current = { token, expiresAt: onDeviceClock(expiresAt, clockOffsetFromDateHeader(response.headers.get("date"), Date.now(), 0)) };
      return token;
    } finally {
      pending = null;
    }
  })();
  return pending;
}

/** Forgets the token (the server refused it, e.g. after a new build): the next request fetches a fresh one. */
export function forgetAppCheckToken(): void {
  current = null;
}

export async function appCheckHeaders(): Promise<Record<string, string>> {
  return { [APP_CHECK_HEADER]: await appCheckToken() };
}
