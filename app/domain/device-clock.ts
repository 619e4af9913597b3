/**
 * Server times on the device's clock. The browser plans with `Date.now()` and its timers, and a device's clock can
 * be hours or days off (set by hand, an empty clock battery). A server's expiry compared with it as it stands would
 * end a session at once on a clock that runs ahead, or keep using a token the server has let expire on one that runs
 * behind. So a server time is moved by the difference between the clocks, read from a server time as it arrives.
 */

/** How far the device's clock runs ahead of the server's (negative: behind), from a server time read as it arrived. */
export function clockOffset(serverNow: number, deviceNow: number): number {
  return deviceNow - serverNow;
}

/** A server time on the device's clock. */
export function onDeviceClock(serverTime: number, offset: number): number {
  return serverTime + offset;
}

/**
 * The offset from an HTTP answer's Date header, which the server stamps as it answers (whole seconds: the device
 * then counts a server expiry less than a second late). `fallback` when the header is missing or unreadable.
 */
export function clockOffsetFromDateHeader(date: string | null, deviceNow: number, fallback: number): number {
  const serverNow = Date.parse(date ?? "");
  return Number.isFinite(serverNow) ? clockOffset(serverNow, deviceNow) : fallback;
}
