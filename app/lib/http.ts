/**
 * The one HTTP client of the browser (ofetch) with the seed's policy: a 15 s timeout; one retry for methods
 * without a body, none for methods with one; retries only on 408, 409, 425, 429, 500, 502, 503, 504.
 */
import { ofetch, type FetchOptions } from "ofetch";
import { HTTP_RETRY_COUNT_WITH_BODY, HTTP_RETRY_COUNT_WITHOUT_BODY, HTTP_RETRY_STATUSES, REQUEST_TIMEOUT_MS } from "~/domain/constants";

const METHODS_WITH_BODY = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export function retryCountFor(method: string | undefined): number {
  return METHODS_WITH_BODY.has((method ?? "GET").toUpperCase()) ? HTTP_RETRY_COUNT_WITH_BODY : HTTP_RETRY_COUNT_WITHOUT_BODY;
}

export type HttpClient = <T>(url: string, options?: FetchOptions<"json">) => Promise<T>;

/** The client with the seed's policy; only the timeout varies (tests use a short one to see it fire). */
export function createHttpClient({ timeoutMs }: { timeoutMs: number }): HttpClient {
  const client = ofetch.create({
    timeout: timeoutMs,
    retryStatusCodes: [...HTTP_RETRY_STATUSES],
    retryDelay: 300,
    credentials: "same-origin",
  });
  return <T>(url: string, options: FetchOptions<"json"> = {}) => client<T>(url, { ...options, retry: options.retry ?? retryCountFor(options.method) });
}

/** Request JSON (or text) from the server; errors are ofetch's FetchError with `status` and parsed `data`. */
export const http: HttpClient = createHttpClient({ timeoutMs: REQUEST_TIMEOUT_MS });
