/**
 * The one HTTP client of the browser (ofetch) with the seed's policy: a 15 s timeout; one retry for methods
 * without a body, none for methods with one; retries only on 408, 409, 425, 429, 500, 502, 503, 504. Every request
 * of the browser's code goes through it (a lint rule forbids `fetch` elsewhere; decision 076 names the transports
 * that keep their own: the tus upload client and EventSource). It also tells the online status (online-status.ts)
 * whether the server answered, which drives the "offline — your work is kept" state.
 */
import { type FetchOptions, type FetchResponse, ofetch } from "ofetch";
import { HEALTH_PATH, HTTP_RETRY_COUNT_WITH_BODY, HTTP_RETRY_COUNT_WITHOUT_BODY, HTTP_RETRY_STATUSES, REQUEST_TIMEOUT_MS } from "~/domain/constants";
import { onlineStatus, type OnlineStatus } from "./online-status";

const METHODS_WITH_BODY = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export function retryCountFor(method: string | undefined): number {
  return METHODS_WITH_BODY.has((method ?? "GET").toUpperCase()) ? HTTP_RETRY_COUNT_WITH_BODY : HTTP_RETRY_COUNT_WITHOUT_BODY;
}

type Options = FetchOptions<"json"> | FetchOptions<"blob"> | FetchOptions<"arrayBuffer"> | FetchOptions<"text">;

export interface HttpClient {
  /** Request JSON (or, with `responseType`, text or bytes); errors are ofetch's FetchError with `status` and parsed `data`. */
  <T>(url: string, options?: FetchOptions<"json">): Promise<T>;
  /** The whole response, whatever its status (the caller reads `status`, `headers` and `_data`). */
  raw<T = unknown>(url: string, options?: Options): Promise<FetchResponse<T>>;
}

/** Whether a failed request got no answer at all (rather than being cancelled by its caller). */
function noAnswer(signal: AbortSignal | undefined | null): boolean {
  return !signal?.aborted;
}

/** The client with the seed's policy; only the timeout varies (tests use a short one to see it fire). */
export function createHttpClient({ timeoutMs, status }: { timeoutMs: number; status?: () => OnlineStatus | null }): HttpClient {
  const client = ofetch.create({
    timeout: timeoutMs,
    retryStatusCodes: [...HTTP_RETRY_STATUSES],
    retryDelay: 300,
    credentials: "same-origin",
    onResponse: () => status?.()?.reportAnswer(),
    onRequestError: ({ options }) => {
      if (noAnswer(options.signal as AbortSignal | undefined)) status?.()?.reportFailure();
    },
  });
  const withPolicy = <O extends { method?: string; retry?: number | false }>(options: O): O => ({ ...options, retry: options.retry ?? retryCountFor(options.method) });
  const request = <T>(url: string, options: FetchOptions<"json"> = {}) => client<T>(url, withPolicy(options));
  request.raw = <T>(url: string, options: Options = {}) => client.raw<T>(url, { ignoreResponseError: true, ...withPolicy(options) } as FetchOptions<"json">) as Promise<FetchResponse<T>>;
  return request as HttpClient;
}

/** Whether the server answers within `timeoutMs` (any status is an answer): the online status's check. */
export function probeServer(timeoutMs: number): Promise<boolean> {
  return probeClient
    .raw(HEALTH_PATH, { timeout: timeoutMs, retry: 0, cache: "no-store" })
    .then(() => true)
    .catch(() => false);
}

/** The probe's own client: the same policy, but it does not report to the status it serves. */
const probeClient = createHttpClient({ timeoutMs: REQUEST_TIMEOUT_MS });

/** The one client. */
export const http: HttpClient = createHttpClient({ timeoutMs: REQUEST_TIMEOUT_MS, status: onlineStatus });
