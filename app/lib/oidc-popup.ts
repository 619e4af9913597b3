/**
 * Social sign-in in a pop-up window (decision 012). The window is opened synchronously in the click handler (so
 * pop-up blockers allow it), then sent to the provider. /verify-login?popup=… reports the outcome on a
 * BroadcastChannel (window.opener does not survive the trip through the provider under COOP). A window that closes
 * without an outcome may still have signed in (a busy machine can deliver the message late, or a user can close the
 * window on the success page), so the opener asks the server for the session before calling it "closed by the user".
 */
import type { ErrorCode } from "~/domain/errors";

export const POPUP_CHANNEL = "casus-sign-in-popup";
/** A popup window that closed reports its outcome just before; wait this long for it before calling it closed. */
const CLOSED_GRACE_MS = 800;
const POLL_MS = 250;

export type PopupMessage = { type: "done" } | { type: "error"; code: ErrorCode };
export type PopupOutcome = { ok: true } | { ok: false; code: ErrorCode };

interface PopupStart {
  provider: string;
  callbackURL: string;
  errorCallbackURL: string;
}

/** The HTTP client, loaded when a pop-up sign-in starts (the sign-in page's first load stays within its budget). */
const loadHttp = () => import("~/lib/http");

/** Whether this browser now holds a session: the sign-in page is only shown to signed-out visitors. */
async function signedIn(): Promise<boolean> {
  try {
    const { http } = await loadHttp();
    const response = await http.raw<{ session?: unknown } | null>("/api/auth/get-session", { cache: "no-store" });
    return Boolean(response.ok && response._data?.session);
  } catch {
    return false;
  }
}

/**
 * Returns null when the browser blocked the window (the caller then falls back to the redirect flow), else a
 * promise of the outcome.
 */
export function signInWithPopup(start: PopupStart): Promise<PopupOutcome> | null {
  const popup = window.open("", "casus-sign-in", "popup,width=520,height=680");
  if (!popup) return null;
  return new Promise<PopupOutcome>((resolve) => {
    const channel = new BroadcastChannel(POPUP_CHANNEL);
    let settled = false;
    let closedSince: number | null = null;
    const finish = (outcome: PopupOutcome) => {
      if (settled) return;
      settled = true;
      window.clearInterval(timer);
      channel.close();
      if (!popup.closed) popup.close();
      resolve(outcome);
    };
    channel.onmessage = (event: MessageEvent<PopupMessage>) => {
      finish(event.data.type === "done" ? { ok: true } : { ok: false, code: event.data.code });
    };
    let checking = false;
    const timer = window.setInterval(() => {
      if (!popup.closed || checking) return;
      closedSince ??= Date.now();
      if (Date.now() - closedSince < CLOSED_GRACE_MS) return;
      checking = true;
      void signedIn().then((yes) => finish(yes ? { ok: true } : { ok: false, code: "popup-closed-by-user" }));
    }, POLL_MS);
    loadHttp()
      .then(({ http }) => http.raw<{ url?: string; code?: string }>("/api/auth/sign-in/social", { method: "POST", body: { ...start, disableRedirect: true } }))
      .then((response) => {
        const body = response._data ?? {};
        if (response.status === 429) return finish({ ok: false, code: "too-many-requests" });
        if (response.status === 403 && body.code === "INVALID_CALLBACK_URL") return finish({ ok: false, code: "unauthorized-domain" });
        if (!response.ok || !body.url) return finish({ ok: false, code: "oidc-failed" });
        popup.location.href = body.url;
      })
      .catch(() => finish({ ok: false, code: "network-request-failed" }));
  });
}
