import { describe, expect, it } from "vitest";
import { clockOffset, onDeviceClock } from "./device-clock";
import { afterRefresh, effectiveExpiry, keeperStart, nextStep, retryDelay } from "./session-keeper";

const S = 1000;
const MIN = 60 * S;
const T0 = Date.UTC(2026, 0, 1);

describe("session keeper schedule (seed §9)", () => {
  it("refreshes 5 minutes before expiry and counts the session as expired 30 s early", () => {
    const state = keeperStart(T0 + 60 * MIN);
    expect(nextStep(state, T0)).toEqual({ kind: "refresh", at: T0 + 55 * MIN });
    expect(effectiveExpiry(T0 + 60 * MIN)).toBe(T0 + 60 * MIN - 30 * S);
    expect(nextStep(state, T0 + 60 * MIN - 30 * S)).toEqual({ kind: "expire", at: T0 + 60 * MIN - 30 * S });
    expect(nextStep(state, T0 + 60 * MIN - 31 * S).kind).toBe("refresh");
  });

  it("backs off from 30 s, doubling, to at most 16 minutes", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(retryDelay)).toEqual([30 * S, 60 * S, 2 * MIN, 4 * MIN, 8 * MIN, 16 * MIN, 16 * MIN, 16 * MIN]);
  });

  it("retries a failed refresh after the back-off, and a successful one starts over from the new expiry", () => {
    let state = keeperStart(T0 + 10 * 60 * MIN);
    let now = T0 + 10 * 60 * MIN - 5 * MIN;
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      state = afterRefresh(state, { type: "failed" }, now)!;
      const step = nextStep(state, now);
      waits.push(step.at - now);
      now = step.at;
    }
    expect(waits).toEqual([30 * S, 60 * S, 2 * MIN]);
    state = afterRefresh(state, { type: "session", expiresAt: now + 12 * 60 * MIN }, now)!;
    expect(state.failures).toBe(0);
    expect(nextStep(state, now)).toEqual({ kind: "refresh", at: now + 12 * 60 * MIN - 5 * MIN });
  });

  it("a refresh that does not extend the session counts as a failure; the back-off never passes the expiry", () => {
    const expiresAt = T0 + 2 * MIN;
    let state = keeperStart(expiresAt);
    expect(nextStep(state, T0)).toEqual({ kind: "refresh", at: T0 });
    state = afterRefresh(state, { type: "session", expiresAt }, T0)!;
    expect(nextStep(state, T0)).toEqual({ kind: "refresh", at: T0 + 30 * S });
    state = afterRefresh(state, { type: "failed" }, T0 + 30 * S)!;
    state = afterRefresh(state, { type: "failed" }, T0 + 60 * S)!;
    // The next retry (2 min later) would come after the effective expiry, so the step is the expiry itself.
    expect(nextStep(state, T0 + 60 * S)).toEqual({ kind: "expire", at: expiresAt - 30 * S });
  });

  it("a session gone on the server (signed out, disabled) ends at once", () => {
    expect(afterRefresh(keeperStart(T0 + MIN), { type: "signed-out" }, T0)).toBeNull();
  });

  it("plans on the device's clock, however far it is off: a session of 12 hours is refreshed after 11 h 55 min", () => {
    const DAY = 24 * 60 * MIN;
    const serverNow = T0;
    const expiresAt = T0 + 12 * 60 * MIN;
    for (const off of [10 * DAY, 13 * 60 * MIN, 0, -3 * 60 * MIN, -10 * DAY]) {
      const deviceNow = serverNow + off;
      const state = keeperStart(onDeviceClock(expiresAt, clockOffset(serverNow, deviceNow)));
      expect(nextStep(state, deviceNow)).toEqual({ kind: "refresh", at: deviceNow + 12 * 60 * MIN - 5 * MIN });
    }
    // Compared as it stands, a clock 13 hours ahead would end the session at once, and one 3 hours behind would
    // refresh 2 h 55 min after the server had ended it.
    expect(nextStep(keeperStart(expiresAt), serverNow + 13 * 60 * MIN).kind).toBe("expire");
    expect(nextStep(keeperStart(expiresAt), serverNow - 3 * 60 * MIN)).toEqual({ kind: "refresh", at: expiresAt - 5 * MIN });
  });
});
