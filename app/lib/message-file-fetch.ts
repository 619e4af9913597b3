/**
 * How i18next's fetch backend asks for a message file: like `fetch`, but a request that got no answer at all is
 * tried again, MESSAGE_FILE_ATTEMPTS times in all with doubling waits. A phone that loses its connection for a
 * moment during a navigation would otherwise get no texts for the new page: the backend gives up on such a request
 * (it retries 5xx answers only), and the page then shows the keys of its texts instead of its words.
 *
 * Not the one HTTP client (app/lib/http.ts): the sign-in page loads this before it hydrates, and its JavaScript
 * budget (150 KB gzip, page-weight.spec.ts) has no room for ofetch; decision 076 names it among the transports that
 * keep their own policy.
 */
import { MESSAGE_FILE_ATTEMPTS, MESSAGE_FILE_FIRST_RETRY_MS } from "~/domain/constants";

/** The wait before each new attempt, doubling: 0.5, 1 and 2 s before the second, third and fourth. */
export function messageFileRetryDelay(attempt: number): number {
  return MESSAGE_FILE_FIRST_RETRY_MS * 2 ** (attempt - 1);
}

export async function messageFileFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(input, init);
    } catch (error) {
      // An answer of any status is returned above; only a request with no answer, not cancelled, is tried again.
      if (attempt >= MESSAGE_FILE_ATTEMPTS || init?.signal?.aborted) throw error;
      await new Promise((resolve) => setTimeout(resolve, messageFileRetryDelay(attempt)));
    }
  }
}
