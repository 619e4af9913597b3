/**
 * The online status behind the "offline — your work is kept" state: a request without an answer or the browser's
 * offline event makes it offline; it then asks the server every 10 s (the seed's online check), each ask given
 * 10 s, and is online again at the first answer — or at once when any request is answered.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ONLINE_CHECK_TIMEOUT_MS } from "~/domain/constants";
import { createOnlineStatus, type OnlineStatus } from "./online-status";

let status: OnlineStatus | null = null;
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  status?.stop();
  vi.useRealTimers();
});

function withProbe(answers: boolean[]) {
  const asked: number[] = [];
  const probe = vi.fn(async (timeoutMs: number) => {
    asked.push(timeoutMs);
    return answers.shift() ?? false;
  });
  return { probe, asked };
}

describe("the online status", () => {
  it("is the seed's 10 s check", () => {
    expect(ONLINE_CHECK_TIMEOUT_MS).toBe(10_000);
  });

  it("goes offline when a request gets no answer, checks every 10 s, and comes back at the first answer", async () => {
    const { probe, asked } = withProbe([false, false, true]);
    status = createOnlineStatus({ probe });
    const seen: boolean[] = [];
    status.subscribe((online) => seen.push(online));
    expect(status.online()).toBe(true);

    status.reportFailure();
    expect(status.online()).toBe(false);
    expect(probe).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(9_999);
    expect(probe).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(probe).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(probe).toHaveBeenCalledTimes(2);
    expect(status.online()).toBe(false);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(probe).toHaveBeenCalledTimes(3);
    expect(status.online()).toBe(true);
    expect(asked).toEqual([10_000, 10_000, 10_000]);
    expect(seen).toEqual([false, true]);

    // Online: no more checks.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(probe).toHaveBeenCalledTimes(3);
  });

  it("is online again as soon as any request is answered", async () => {
    const { probe } = withProbe([]);
    status = createOnlineStatus({ probe });
    status.reportFailure();
    status.reportAnswer();
    expect(status.online()).toBe(true);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(probe).not.toHaveBeenCalled();
  });

  it("follows the browser's offline event, and checks at once on its online event", async () => {
    const events = new EventTarget();
    const { probe } = withProbe([true]);
    status = createOnlineStatus({ probe, events: events as unknown as Window });
    events.dispatchEvent(new Event("offline"));
    expect(status.online()).toBe(false);
    events.dispatchEvent(new Event("online"));
    await vi.advanceTimersByTimeAsync(0);
    expect(probe).toHaveBeenCalledTimes(1);
    expect(status.online()).toBe(true);
  });

  it("starts offline when the browser says so, and a probe that throws counts as no answer", async () => {
    const probe = vi.fn(async () => {
      throw new Error("network");
    });
    status = createOnlineStatus({ probe, initiallyOnline: false });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(probe).toHaveBeenCalledTimes(2);
    expect(status.online()).toBe(false);
  });
});
