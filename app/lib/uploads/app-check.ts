/**
 * The browser's app-check token for storage requests (decision 051): fetched from the server, kept in memory,
 * and fetched again APP_CHECK_REFRESH_BEFORE_MS before it expires, so every request carries a valid one.
 */
import { APP_CHECK_HEADER, APP_CHECK_PATH, APP_CHECK_REFRESH_BEFORE_MS } from "~/domain/constants";
import { http } from "~/lib/http";

let current: { token: string; expiresAt: number } | null = null;
let pending: Promise<string> | null = null;

export async function appCheckToken(now = Date.now()): Promise<string> {
  if (current && current.expiresAt - APP_CHECK_REFRESH_BEFORE_MS > now) return current.token;
  pending ??= (async () => {
    try {
      const response = await http.raw<{ token: string; expiresAt: number }>(APP_CHECK_PATH, { cache: "no-store" });
      if (!response.ok || !response._data) throw Object.assign(new Error(`app check ${response.status}`), { status: response.status });
      current = response._data;
      return current.token;
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
