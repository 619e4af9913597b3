/**
 * A page action sent while the server cannot be reached: instead of React Router's error page (which would take
 * the form and everything typed into it off the screen), the page gets `{ error: "network-request-failed" }` as
 * its action data, shows that beside the form, and keeps the input; the online status learns the server is away.
 * Routes where people type clinical text use it as their `clientAction` (issue 16 point 9).
 */
import { data } from "react-router";
import { onlineStatus } from "./online-status";

/** The shape of a refused page action, so pages read it as any other refusal. */
export interface OfflineRefusal {
  ok: false;
  error: "network-request-failed";
  missing?: string[];
  currentVersion?: number;
}

export async function keepInputWhenOffline<T>(serverAction: () => Promise<T>) {
  try {
    return await serverAction();
  } catch (error) {
    // The submission was interrupted (another navigation or submission took over): React Router has already moved
    // on and ignores whatever this returns, but a rejection here would be left unhandled.
    if (error instanceof DOMException && error.name === "AbortError") return null;
    // fetch's TypeError: no answer at all. A 5xx result also stops React Router from reloading the page's data.
    if (error instanceof TypeError) {
      onlineStatus()?.reportFailure();
      return data<OfflineRefusal>({ ok: false, error: "network-request-failed" }, { status: 503 });
    }
    throw error;
  }
}
