/**
 * Whether the browser can reach the server, for the "offline — your work is kept" state (issue 16 point 9).
 *
 * `navigator.onLine` only knows whether there is a network at all; a dead Wi-Fi or a captive portal says "online".
 * So a request that fails without an answer (the HTTP client and the page actions report it) also counts, and while
 * offline the server is asked every ONLINE_CHECK_TIMEOUT_MS (the seed's 10 s) whether it answers again, each ask
 * given that long. Any answer — even an error status — means the server is reachable.
 */
import { ONLINE_CHECK_TIMEOUT_MS } from "~/domain/constants";

type Listener = (online: boolean) => void;

export interface OnlineStatus {
  online(): boolean;
  subscribe(listener: Listener): () => void;
  /** A request got no answer at all (network down, server unreachable). */
  reportFailure(): void;
  /** A request got an answer. */
  reportAnswer(): void;
  /** Stops the checks and the browser events (tests). */
  stop(): void;
}

export interface OnlineStatusOptions {
  /** Asks the server once; resolves true when it answered. */
  probe: (timeoutMs: number) => Promise<boolean>;
  intervalMs?: number;
  /** Where the browser's online/offline events come from (none on the server). */
  events?: Pick<Window, "addEventListener" | "removeEventListener"> | null;
  initiallyOnline?: boolean;
}

export function createOnlineStatus({ probe, intervalMs = ONLINE_CHECK_TIMEOUT_MS, events = null, initiallyOnline = true }: OnlineStatusOptions): OnlineStatus {
  let online = initiallyOnline;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let checking = false;
  const listeners = new Set<Listener>();

  const set = (next: boolean) => {
    if (next === online) return;
    online = next;
    for (const listener of listeners) listener(online);
  };
  const schedule = () => {
    if (timer || online) return;
    timer = setTimeout(() => {
      timer = null;
      void check();
    }, intervalMs);
  };
  const check = async () => {
    if (checking) return;
    checking = true;
    const answered = await probe(intervalMs).catch(() => false);
    checking = false;
    if (answered) set(true);
    else {
      set(false);
      schedule();
    }
  };
  const goneOffline = () => {
    set(false);
    schedule();
  };
  const maybeBack = () => void check();
  events?.addEventListener("offline", goneOffline);
  events?.addEventListener("online", maybeBack);
  if (!online) schedule();

  return {
    online: () => online,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reportFailure: goneOffline,
    reportAnswer() {
      if (timer) clearTimeout(timer);
      timer = null;
      set(true);
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
      events?.removeEventListener("offline", goneOffline);
      events?.removeEventListener("online", maybeBack);
      listeners.clear();
    },
  };
}

let browserStatus: OnlineStatus | null = null;

/**
 * The browser's online status (null on the server, where there is nothing to be offline from). The probe, and
 * with it the HTTP client, is loaded only when there is something to check: the banner that every page carries
 * stays small (the sign-in page's weight budget).
 */
export function onlineStatus(): OnlineStatus | null {
  if (typeof window === "undefined") return null;
  browserStatus ??= createOnlineStatus({
    probe: (timeoutMs) => import("./http").then(({ probeServer }) => probeServer(timeoutMs)),
    events: window,
    initiallyOnline: navigator.onLine,
  });
  return browserStatus;
}

