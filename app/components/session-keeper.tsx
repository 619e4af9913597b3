/**
 * Keeps the signed-in session alive and ends it visibly (seed §9; the schedule is app/domain/session-keeper.ts).
 * It refreshes through Better Auth's get-session, which extends the session in the database. When the session is
 * over (expired, or ended on the server: signed out elsewhere, user disabled) it sends the user to sign in with
 * the reason and this page as redirectTo, so signing in again returns here. Renders nothing.
 */
import { useEffect } from "react";
import { useLocation } from "react-router";
import { clockOffset, clockOffsetFromDateHeader, onDeviceClock } from "~/domain/device-clock";
import { afterRefresh, keeperStart, nextStep, type KeeperState, type RefreshOutcome } from "~/domain/session-keeper";
import { localizePath } from "~/domain/locales";
import { clearClinicalCopies } from "~/lib/device/clinical-copies";
import { useLocale } from "~/lib/use-locale";

/** The HTTP client, loaded at the first refresh rather than with every page (the root renders this component). */
const loadHttp = () => import("~/lib/http");

/** setTimeout cannot wait longer (about 24.8 days); longer waits are re-planned when the timer fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Asks the server for the session, which extends it. The expiry comes back on the device's clock, with the offset
 * read again from the answer's Date header (the last one kept when there is none).
 */
async function refresh(offset: number): Promise<{ outcome: RefreshOutcome; offset: number }> {
  try {
    const { http } = await loadHttp();
    const response = await http.raw<{ session?: { expiresAt?: string } } | null>("/api/auth/get-session", { cache: "no-store" });
    if (!response.ok) return { outcome: { type: "failed" }, offset };
    const latest = clockOffsetFromDateHeader(response.headers.get("date"), Date.now(), offset);
    const body = response._data ?? null;
    const expiresAt = body?.session?.expiresAt ? Date.parse(body.session.expiresAt) : NaN;
    return { outcome: Number.isFinite(expiresAt) ? { type: "session", expiresAt: onDeviceClock(expiresAt, latest) } : { type: "signed-out" }, offset: latest };
  } catch {
    return { outcome: { type: "failed" }, offset };
  }
}

/**
 * The offset between the clocks, read once for each `checkedAt` (the server's time when it read `expiresAt`), when
 * that page data first reaches the keeper. A layout's data stays the same over navigations that do not load it
 * again, and reading the offset from it then would count the data's age as clock difference. Module-wide, so a
 * keeper mounted again with the same data keeps it too.
 */
let deviceClock: { checkedAt: string; offset: number } | null = null;

export function SessionKeeper({ expiresAt, checkedAt }: { expiresAt: string; checkedAt: string }) {
  const locale = useLocale();
  const location = useLocation();
  const here = location.pathname + location.search;
  useEffect(() => {
    if (deviceClock?.checkedAt !== checkedAt) deviceClock = { checkedAt, offset: clockOffset(Date.parse(checkedAt), Date.now()) };
    const clock = deviceClock;
    let state: KeeperState | null = keeperStart(onDeviceClock(Date.parse(expiresAt), clock.offset));
    let timer: number | undefined;
    let stopped = false;
    const expire = async () => {
      stopped = true;
      // A session that ends takes the user's clinical copies with it (a shared tablet shows the next user nothing).
      await clearClinicalCopies();
      // The browser counts the session as over 30 s early: end it on the server too, so sign-in starts afresh.
      await loadHttp()
        .then(({ http }) => http.raw("/api/auth/sign-out", { method: "POST" }))
        .catch(() => undefined);
      window.location.assign(`${localizePath("/", locale)}?redirectTo=${encodeURIComponent(here)}&reason=token-expired`);
    };
    const plan = () => {
      window.clearTimeout(timer);
      if (stopped) return;
      if (!state) return void expire();
      const step = nextStep(state, Date.now());
      const wait = step.at - Date.now();
      if (wait > MAX_TIMER_MS) timer = window.setTimeout(plan, MAX_TIMER_MS);
      else timer = window.setTimeout(step.kind === "expire" ? () => void expire() : () => void attempt(), Math.max(0, wait));
    };
    const attempt = async () => {
      const answer = await refresh(clock.offset);
      clock.offset = answer.offset;
      if (stopped || !state) return;
      state = afterRefresh(state, answer.outcome, Date.now());
      plan();
    };
    // Timers sleep in background tabs; coming back checks at once whether the session still exists.
    const onVisible = () => {
      if (document.visibilityState === "visible") void attempt();
    };
    document.addEventListener("visibilitychange", onVisible);
    plan();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [expiresAt, checkedAt, locale, here]);
  return null;
}
